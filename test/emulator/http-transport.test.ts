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
      name: "a JSON array",
      init: { method: "POST", headers: { "content-type": "application/json" }, body: "[]" },
      status: 400,
      message: /must be an object/,
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
