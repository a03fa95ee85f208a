import {
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request as httpRequest,
} from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import {
  type MiddlewareOptions,
  type MiddlewareWebhooks,
  createNodeMiddleware,
  createWebMiddleware,
} from "@typewire/runtime/middleware";

export interface TestRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Running {
  send(request: TestRequest): Promise<TestResponse>;
  close(): Promise<void>;
}

/** One way of serving the middleware, started fresh for each test that needs it. */
export interface Adapter {
  name: string;
  start(webhooks: MiddlewareWebhooks, options?: MiddlewareOptions): Promise<Running>;
}

/** What every adapter answers for a path that is not the middleware's, so tables can compare. */
export const FALLTHROUGH_STATUS = 418;

export const nodeAdapter: Adapter = {
  name: "node http",
  start(webhooks, options) {
    const middleware = createNodeMiddleware(webhooks, options);
    return listen(
      createServer((req, res) => {
        middleware(req, res).then((handled) => {
          if (!handled) res.writeHead(FALLTHROUGH_STATUS).end("fallthrough");
        });
      }),
    );
  },
};

export const expressAdapter: Adapter = {
  name: "express",
  start(webhooks, options) {
    const app = express();
    app.use(createNodeMiddleware(webhooks, options));
    app.use((_req: IncomingMessage, res: ServerResponse) =>
      res.writeHead(FALLTHROUGH_STATUS).end("fallthrough"),
    );
    return listen(createServer(app));
  },
};

export const webAdapter: Adapter = {
  name: "web",
  async start(webhooks, options) {
    const middleware = createWebMiddleware(webhooks, {
      ...options,
      onUnhandledRequest: () => new Response("fallthrough", { status: FALLTHROUGH_STATUS }),
    });
    return {
      async send(request) {
        const hasBody =
          request.body !== undefined && request.method !== "GET" && request.method !== "HEAD";
        const response = await middleware(
          new Request(`http://localhost${request.path}`, {
            method: request.method,
            headers: request.headers,
            // Bytes, not a string: a string body would make Request add its own content-type.
            body: hasBody
              ? (Buffer.from(request.body as string | Uint8Array) as Uint8Array<ArrayBuffer>)
              : null,
          }),
        );
        const headers: Record<string, string> = {};
        response.headers.forEach((value, key) => {
          headers[key] = value;
        });
        return {
          status: response.status,
          headers,
          body: Buffer.from(await response.arrayBuffer()),
        };
      },
      async close() {},
    };
  },
};

export const adapters = [nodeAdapter, expressAdapter, webAdapter];

/** Listens on 127.0.0.1, port 0, and sends requests with node's client so every header is ours to set. */
export async function listen(server: Server): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new (await import("node:http")).Agent({ keepAlive: false });
  return {
    send: (request) => sendTo(port, request, agent),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendTo(
  port: number,
  request: TestRequest,
  agent?: import("node:http").Agent,
): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}
