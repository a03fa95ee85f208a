import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import { startServer } from "./emulator-harness.js";

let server: ContentServer;
beforeAll(async () => {
  server = await startServer({ maxBodyBytes: 4096 });
});
afterAll(() => server.close());

describe("the endpoint's transports", () => {
  it("answers {ping} over GET ?query=", async () => {
    const response = await fetch(`${server.url}?query=${encodeURIComponent("{ping}")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ data: { ping: "pong" } });
  });

  it("takes query, variables and operationName from a JSON body", async () => {
    const query = "query A { ping } query B($slug: [String]) { entries(slug: $slug) { title } }";
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ query, variables: { slug: ["about"] }, operationName: "B" }),
    });
    expect(await response.json()).toEqual({ data: { entries: [{ title: "About" }] } });
  });

  it("decodes variables sent as a JSON string", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "query($slug: [String]) { entries(slug: $slug) { title } }",
        variables: JSON.stringify({ slug: ["contact"] }),
      }),
    });
    expect(await response.json()).toEqual({ data: { entries: [{ title: "Contact" }] } });
  });

  it("takes the raw body as the query with application/graphql", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/graphql" },
      body: "{ ping }",
    });
    expect(await response.json()).toEqual({ data: { ping: "pong" } });
  });

  it("answers OPTIONS with 200 and CORS headers", async () => {
    const response = await fetch(server.url, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(response.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(response.headers.get("access-control-allow-methods")).toMatch(/POST/);
  });

  it("accepts the route with a trailing slash and refuses other paths with 404", async () => {
    expect((await fetch(`${server.url}/?query={ping}`)).status).toBe(200);
    const response = await fetch(`${server.origin}/graphql?query={ping}`);
    expect(response.status).toBe(404);
    expect((await response.json()).message).toContain("/api");
  });
});

/**
 * Sends `text` as it is on a new connection and resolves with everything the server wrote back
 * until it closed the connection (or "" when it closed it without a word).
 */
function rawExchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => socket.write(text));
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      reply += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(reply));
  });
}

/** The status code, headers (lower-case names) and JSON body of a raw HTTP/1.1 reply. */
function parseReply(reply: string) {
  const [head = "", body = ""] = reply.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: JSON.parse(body) };
}

describe("requests node's HTTP server does not hand to the request handler", () => {
  it.each([
    [
      "CONNECT on the route",
      "CONNECT /api HTTP/1.1\r\nhost: x\r\n\r\n",
      /Method CONNECT is not allowed/,
    ],
    ["CONNECT to a host", "CONNECT example.com:443 HTTP/1.1\r\nhost: x\r\n\r\n", /not allowed/],
    ["a method the parser does not know", "BREW /api HTTP/1.1\r\nhost: x\r\n\r\n", /not allowed/],
  ])(
    "%s → 405 with Allow and a JSON message, then the connection closes",
    async (_name, text, message) => {
      const reply = parseReply(await rawExchange(text));
      expect(reply.status).toBe(405);
      expect(reply.headers.allow).toBe("GET, POST, OPTIONS");
      expect(reply.headers.connection).toBe("close");
      expect(reply.body.status).toBe(405);
      expect(reply.body.message).toMatch(message);
      expect(reply.body.errors[0].message).toBe(reply.body.message);
    },
  );

  it("headers larger than node's limit → 431 with a JSON message", async () => {
    const big = `x-padding: ${"p".repeat(20_000)}\r\n`;
    const reply = parseReply(
      await rawExchange(`GET /api?query={ping} HTTP/1.1\r\nhost: x\r\n${big}\r\n`),
    );
    expect(reply.status).toBe(431);
    expect(reply.body.message).toMatch(/headers are too large/);
  });

  it("a request that is not valid HTTP/1.1 → 400 with a JSON message", async () => {
    const reply = parseReply(await rawExchange("GET /api HTTP/1.1\r\nno colon here\r\n\r\n"));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/not valid HTTP\/1.1/);
  });

  it("goes on answering {ping} after each of them", async () => {
    await rawExchange("CONNECT /api HTTP/1.1\r\nhost: x\r\n\r\n");
    await rawExchange("BREW /api HTTP/1.1\r\nhost: x\r\n\r\n");
    const response = await fetch(`${server.url}?query={ping}`);
    expect(await response.json()).toEqual({ data: { ping: "pong" } });
  });
});

describe("refused requests", () => {
  const cases: {
    name: string;
    init: RequestInit;
    query?: string;
    status: number;
    message: RegExp;
  }[] = [
    {
      name: "PUT",
      init: { method: "PUT", body: "{}" },
      status: 405,
      message: /Method PUT is not allowed/,
    },
    { name: "DELETE", init: { method: "DELETE" }, status: 405, message: /Method DELETE/ },
    {
      name: "text/plain",
      init: { method: "POST", headers: { "content-type": "text/plain" }, body: "{ping}" },
      status: 415,
      message: /Unsupported Content-Type "text\/plain"/,
    },
    {
      name: "no content type",
      init: { method: "POST", body: new Uint8Array([1]) },
      status: 415,
      message: /\(none\)/,
    },
    {
      name: "a body over the limit",
      init: {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: `{ping}${" ".repeat(5000)}` }),
      },
      status: 413,
      message: /larger than the limit of 4096 bytes/,
    },
    {
      name: "invalid JSON",
      init: { method: "POST", headers: { "content-type": "application/json" }, body: "{query:" },
      status: 400,
      message: /not valid JSON/,
    },
    {
      name: "an empty JSON array (an empty batch)",
      init: { method: "POST", headers: { "content-type": "application/json" }, body: "[]" },
      status: 400,
      message: /The batch is empty/,
    },
    {
      name: "a JSON body that is neither an object nor an array",
      init: { method: "POST", headers: { "content-type": "application/json" }, body: "42" },
      status: 400,
      message: /must be an object with a "query" string, or an array of them/,
    },
    {
      name: "a batch item without a query",
      init: {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify([{ query: "{ping}" }, {}]),
      },
      status: 400,
      message: /^Batch item 1: The JSON body needs a non-empty "query"/,
    },
    {
      name: "no query in JSON",
      init: { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
      status: 400,
      message: /non-empty "query"/,
    },
    {
      name: "variables not an object",
      init: {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ping}", variables: [1] }),
      },
      status: 400,
      message: /"variables" must be an object/,
    },
    {
      name: "variables a string that is not JSON",
      init: {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ping}", variables: "{slug:" }),
      },
      status: 400,
      message: /"variables" is a string that is not valid JSON/,
    },
    {
      name: "operationName not a string",
      init: {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ping}", operationName: 5 }),
      },
      status: 400,
      message: /"operationName" must be a string/,
    },
    {
      name: "an empty graphql body",
      init: { method: "POST", headers: { "content-type": "application/graphql" }, body: "  " },
      status: 400,
      message: /empty/,
    },
    { name: "GET without query", init: { method: "GET" }, status: 400, message: /Missing "query"/ },
  ];
  it.each(cases)("$name → $status with a JSON message", async ({ init, status, message }) => {
    const response = await fetch(server.url, init);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.message).toMatch(message);
    expect(body.errors[0].message).toBe(body.message);
    expect(body.status).toBe(status);
  });

  it("answers a syntax error with 200 and errors carrying locations", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/graphql" },
      body: "{ entries { id }",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([
      {
        message: "Syntax Error: Expected Name, found <EOF>.",
        locations: [{ line: 1, column: 17 }],
      },
    ]);
  });

  it("answers a validation error with 200, the message and its location", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/graphql" },
      body: "{\n  entries { nope }\n}",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      errors: [
        {
          message: 'Cannot query field "nope" on type "EntryInterface".',
          locations: [{ line: 2, column: 13 }],
        },
      ],
    });
  });

  it("reports a resolver error in errors with its path and keeps the rest of the data", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: '{ ping entries(orderBy: "nope") { id } }' }),
    });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.data).toEqual({ ping: "pong", entries: null });
    expect(body.errors[0]).toMatchObject({
      message: 'orderBy: unknown column "nope"',
      path: ["entries"],
    });
  });
});
