import { createHmac } from "node:crypto";
import { Agent, type Server, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { type MiddlewareOptions, createNodeMiddleware } from "@typewire/runtime/middleware";
import type { MiddlewareWebhooks } from "@typewire/runtime/middleware";

export const SECRET = "<SIGNING_SECRET>";
export const PATH = "/api/platform/webhooks";

/** A receiver: a real HTTP server on 127.0.0.1 with the node middleware. */
export interface Receiver {
  readonly port: number;
  close(): Promise<void>;
}

/** Starts the node middleware over `webhooks` with `options` on a free port of 127.0.0.1. */
export async function startReceiver(
  webhooks: MiddlewareWebhooks,
  options: MiddlewareOptions,
): Promise<Receiver> {
  const middleware = createNodeMiddleware(webhooks, options);
  const server: Server = createServer((req, res) => {
    middleware(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One delivery to send: the body is signed as it is here, byte for byte. */
export interface Outgoing {
  id: string;
  name: string;
  body: string | Uint8Array;
  secret?: string;
}

/** The receiver's answer. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Keep-alive connections, so thousands of deliveries do not each open a socket. */
export function keepAliveAgent(maxSockets = 16): Agent {
  return new Agent({ keepAlive: true, maxSockets });
}

/** POSTs one signed delivery to a receiver and reads the JSON answer. */
export function send(port: number, delivery: Outgoing, agent?: Agent): Promise<Answer> {
  const body = typeof delivery.body === "string" ? Buffer.from(delivery.body) : delivery.body;
  const signature = `sha256=${createHmac("sha256", delivery.secret ?? SECRET)
    .update(body)
    .digest("hex")}`;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: PATH,
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": String(body.byteLength),
          "x-platform-event": delivery.name,
          "x-platform-delivery": delivery.id,
          "x-hub-signature-256": signature,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            reject(new Error(`not a JSON answer (${res.statusCode}): ${text.slice(0, 200)}`));
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Runs `task` over `items` with at most `limit` running at once, and returns the results in
 * the items' order.
 */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** An `issues.opened` body for delivery `n`. */
export function issueBody(n: number): string {
  return JSON.stringify({ action: "opened", issue: { number: n, title: `Issue ${n}` } });
}
