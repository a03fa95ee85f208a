import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type GraphQLSchema, graphql } from "graphql";

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Schemas by Bearer token; `""` is the schema for requests without a token. */
  schemas: Map<string, GraphQLSchema>;
  /** How many GraphQL requests were answered, by token. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A small content API stand-in on 127.0.0.1 (free port): `POST /api` runs graphql-js against the
 * schema the token selects (401 `Invalid Authorization header` for an unknown token);
 * `/html` answers a web page, `/json` JSON that is not GraphQL, `/boom` a 500 in plain text.
 */
export async function startTestServer(schemas: Map<string, GraphQLSchema>): Promise<TestServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, "text/plain", String(error)),
    );
  });
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    if (request.url === "/html")
      return send(
        response,
        200,
        "text/html",
        "<!doctype html><title>Welcome</title><h1>Welcome</h1>",
      );
    if (request.url === "/json")
      return send(response, 200, "application/json", JSON.stringify({ status: "ok" }));
    if (request.url === "/boom")
      return send(response, 500, "text/plain", "Internal Server Error: database is down");
    if (request.url !== "/api" || request.method !== "POST")
      return send(response, 404, "text/plain", "Not Found");
    const header = request.headers.authorization;
    const token = header?.replace(/^Bearer /, "") ?? "";
    const schema = schemas.get(token);
    if (!schema || (header !== undefined && !header.startsWith("Bearer "))) {
      return send(
        response,
        401,
        "application/json",
        JSON.stringify({ errors: [{ message: "Invalid Authorization header" }] }),
      );
    }
    requests.push(token);
    const { query, variables } = JSON.parse(body) as {
      query: string;
      variables?: Record<string, unknown>;
    };
    const result = await graphql({ schema, source: query, variableValues: variables ?? null });
    send(response, 200, "application/json", JSON.stringify(result));
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    schemas,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(response: ServerResponse, status: number, type: string, text: string) {
  response.writeHead(status, { "content-type": type });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
