import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  ContentRequestError,
  type TypedDocumentNode,
  createContentClient,
} from "@typewire/runtime/content";
import { parse } from "graphql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { entries, query } from "./fixtures/site/query.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let endpoint: string;
let seen: Seen[] = [];
let reply: (res: ServerResponse) => void;

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  reply = json(200, { data: { posts: [{ id: "1" }] } });
});

const posts = query({ posts: entries({ section: ["blog"] }, { id: true }) });
const withVariables = query({ limit: "Int" }, ($) => ({
  posts: entries({ limit: $.limit }, { id: true }),
}));

describe("transports", () => {
  it("post-json sends a JSON body with query and variables", async () => {
    const client = createContentClient({ endpoint });
    expect(await client.request(withVariables, { limit: 2 })).toEqual({ posts: [{ id: "1" }] });
    const [request] = seen;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/api");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      query: withVariables.document,
      variables: { limit: 2 },
    });
  });

  it("post-json leaves variables out when there are none", async () => {
    await createContentClient({ endpoint, transport: "post-json" }).request(posts);
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ query: posts.document });
  });

  it("get sends the URL-encoded query parameter and no body", async () => {
    await createContentClient({ endpoint: `${endpoint}?site=en`, transport: "get" }).request(posts);
    const [request] = seen;
    expect(request?.method).toBe("GET");
    const url = new URL(request?.url ?? "", "http://x");
    expect(url.pathname).toBe("/api");
    expect(url.searchParams.get("site")).toBe("en");
    expect(url.searchParams.get("query")).toBe(posts.document);
    expect(request?.url).not.toContain("{");
    expect(request?.body).toBe("");
    expect(request?.headers["content-type"]).toBeUndefined();
  });

  it("post-graphql sends the raw document", async () => {
    await createContentClient({ endpoint, transport: "post-graphql" }).request(posts);
    const [request] = seen;
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toBe("application/graphql");
    expect(request?.body).toBe(posts.document);
  });

  it.each(["get", "post-graphql"] as const)(
    "%s refuses variables before any request",
    async (transport) => {
      const client = createContentClient({ endpoint, transport });
      await expect(client.request(withVariables, { limit: 1 })).rejects.toThrow(
        new TypeError(
          `[typewire] variables can only be sent with the "post-json" transport, not "${transport}"`,
        ),
      );
      await expect(client.request("query($a:Int){ping}", { a: 1 })).rejects.toThrow(TypeError);
      expect(seen).toEqual([]);
    },
  );
});

describe("headers", () => {
  it("sends the token as a bearer credential, with the caller's headers", async () => {
    await createContentClient({ endpoint, token: "s3cret", headers: { "x-site": "en" } }).request(
      posts,
    );
    expect(seen[0]?.headers.authorization).toBe("Bearer s3cret");
    expect(seen[0]?.headers["x-site"]).toBe("en");
    expect(seen[0]?.headers.accept).toBe("application/json");
  });

  it("sends no authorization without a token", async () => {
    await createContentClient({ endpoint }).request(posts);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it("uses the fetch it is given", async () => {
    const calls: string[] = [];
    const client = createContentClient({
      endpoint,
      fetch: (input, init) => {
        calls.push(String(input));
        return fetch(input, init);
      },
    });
    await client.request(posts);
    expect(calls).toEqual([endpoint]);
  });
});

describe("parsed documents (TypedDocumentNode)", () => {
  const text = "query Posts($limit:Int){posts:entries(limit:$limit){id}}";
  /** As graphql-tag's `gql` leaves a document: the tree, and the text in `loc.source.body`. */
  const withText = {
    ...parse(text, { noLocation: true }),
    loc: { start: 0, end: text.length, source: { body: text } },
  } as unknown as TypedDocumentNode<{ posts: { id: string }[] }, { limit?: number }>;

  it("sends the text the document carries, with the variables", async () => {
    const data = await createContentClient({ endpoint }).request(withText, { limit: 1 });
    expect(data).toEqual({ posts: [{ id: "1" }] });
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ query: text, variables: { limit: 1 } });
  });

  it("refuses a transport that cannot carry the variables the operation declares", async () => {
    const client = createContentClient({ endpoint, transport: "get" });
    await expect(client.request(withText)).rejects.toThrow(
      /variables can only be sent with the "post-json" transport/,
    );
    expect(seen).toEqual([]);
  });

  it("refuses a document without its text, naming the operation, before any request", async () => {
    const bare = parse(text) as unknown as TypedDocumentNode<unknown, { limit?: number }>;
    const withoutLoc = { ...bare, loc: undefined };
    await expect(createContentClient({ endpoint }).request(withoutLoc)).rejects.toThrow(
      /the document \(Posts\) carries no printed text in loc\.source\.body/,
    );
    expect(seen).toEqual([]);
  });
});

describe("preview", () => {
  it("sends the preview token in X-Craft-Token beside the Bearer token, asking for no cache", async () => {
    const inits: (RequestInit | undefined)[] = [];
    const client = createContentClient({
      endpoint,
      token: "s3cret",
      preview: "client-preview",
      fetch: (input, init) => {
        inits.push(init);
        return fetch(input, init);
      },
    });
    await client.request(posts);
    await client.request(posts, undefined, { preview: "request-preview" });
    await client.request(posts, undefined, { preview: false });
    await client.request("{ping}", undefined, { preview: "" });
    expect(seen.map((s) => s.headers["x-craft-token"])).toEqual([
      "client-preview",
      "request-preview",
      undefined,
      undefined,
    ]);
    expect(seen.every((s) => s.headers.authorization === "Bearer s3cret")).toBe(true);
    expect(inits.map((init) => init?.cache)).toEqual([
      "no-store",
      "no-store",
      undefined,
      undefined,
    ]);
  });

  it("refuses a preview token that is not a string", async () => {
    expect(() => createContentClient({ endpoint, preview: 42 as unknown as string })).toThrow(
      /options\.preview must be a preview token \(a string\), got number/,
    );
    await expect(
      createContentClient({ endpoint }).request(posts, undefined, {
        preview: {} as unknown as string,
      }),
    ).rejects.toThrow(/the request's preview option must be a preview token/);
    expect(seen).toEqual([]);
  });
});

describe("raw documents and ping", () => {
  it("sends a hand-written document with variables", async () => {
    await createContentClient({ endpoint }).request("query($n:Int){entries(limit:$n){id}}", {
      n: 3,
    });
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({
      query: "query($n:Int){entries(limit:$n){id}}",
      variables: { n: 3 },
    });
  });

  it("ping sends {ping} and resolves pong", async () => {
    reply = json(200, { data: { ping: "pong" } });
    expect(await createContentClient({ endpoint, transport: "get" }).ping()).toBe("pong");
    expect(new URL(seen[0]?.url ?? "", "http://x").searchParams.get("query")).toBe("{ping}");
  });

  it("ping rejects any other answer", async () => {
    reply = json(200, { data: { ping: "pang" } });
    await expect(createContentClient({ endpoint }).ping()).rejects.toThrow(
      /health check with "pang"/,
    );
  });
});

/** What a request rejected with; fails the test when it resolved. */
async function failure(promise: Promise<unknown>): Promise<ContentRequestError> {
  try {
    await promise;
  } catch (error) {
    return error as ContentRequestError;
  }
  throw new Error("the request did not fail");
}

describe("errors", () => {
  it("GraphQL errors reject with the errors and the partial data", async () => {
    reply = json(200, {
      data: { posts: null, other: 1 },
      errors: [{ message: "bad field", path: ["posts"] }],
    });
    const error = await failure(createContentClient({ endpoint }).request(posts));
    expect(error).toBeInstanceOf(ContentRequestError);
    expect(error.message).toBe("content API returned GraphQL errors: bad field");
    expect(error.status).toBe(200);
    expect(error.errors).toEqual([{ message: "bad field", path: ["posts"] }]);
    expect(error.data).toEqual({ posts: null, other: 1 });
  });

  it("an HTTP failure rejects with the status and the body's message", async () => {
    reply = json(401, { errors: [{ message: "Invalid authorization header" }] });
    const error = await failure(createContentClient({ endpoint, token: "nope" }).request(posts));
    expect(error.message).toBe("content API answered HTTP 401: Invalid authorization header");
    expect(error.status).toBe(401);
    expect(error.errors).toHaveLength(1);
    expect(error.data).toBeNull();
  });

  it("an HTTP failure with a text body quotes the text", async () => {
    reply = (res) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end("Bad Gateway");
    };
    const error = await failure(createContentClient({ endpoint }).request(posts));
    expect(error.message).toBe("content API answered HTTP 502: Bad Gateway");
    expect(error.status).toBe(502);
    expect(error.errors).toEqual([]);
  });

  it("a 200 answer without data rejects", async () => {
    reply = json(200, { message: "maintenance" });
    const error = await failure(createContentClient({ endpoint }).request(posts));
    expect(error.message).toBe("content API answered without data: maintenance");
  });

  it("a network failure rejects without a status, with the cause", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      createContentClient({ endpoint: `http://127.0.0.1:${port}/api` }).request(posts),
    );
    expect(error).toBeInstanceOf(ContentRequestError);
    expect(error.message).toMatch(
      new RegExp(`^content request to http://127.0.0.1:${port}/api failed: `),
    );
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeInstanceOf(Error);
  });
});

describe("network failures say why", () => {
  it("a closed port: the code and the host", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      createContentClient({ endpoint: `http://127.0.0.1:${port}/api` }).request(posts),
    );
    expect(error.message).toBe(
      `content request to http://127.0.0.1:${port}/api failed: 127.0.0.1:${port} refused the connection (ECONNREFUSED): nothing listens there`,
    );
    // fetch's own error stays the cause, with the system error under it.
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(((error.cause as Error).cause as { code?: string }).code).toBe("ECONNREFUSED");
  });

  it("a host name that cannot resolve: the code and the name", async () => {
    const error = await failure(
      createContentClient({ endpoint: "http://typewire-nonexistent.invalid/api" }).request(posts),
    );
    // ENOTFOUND where a resolver answers; EAI_AGAIN where none does (an offline machine).
    expect(error.message).toMatch(
      /^content request to http:\/\/typewire-nonexistent\.invalid\/api failed: the host name typewire-nonexistent\.invalid could not be resolved \((ENOTFOUND|EAI_AGAIN)\)/,
    );
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("a server that never answers: rejects at timeoutMs and says so", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const client = createContentClient({
        endpoint: `http://127.0.0.1:${port}/api`,
        timeoutMs: 200,
      });
      const error = await failure(client.request(posts));
      expect(error.message).toBe(
        `content request to http://127.0.0.1:${port}/api failed: no complete answer within 200 ms (timeoutMs)`,
      );
      expect((error.cause as Error).name).toBe("TimeoutError");
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("a server that sends headers and then stalls: the body counts toward timeoutMs", async () => {
    const stalling = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"data":');
    });
    await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
    const port = (stalling.address() as AddressInfo).port;
    try {
      const client = createContentClient({
        endpoint: `http://127.0.0.1:${port}/api`,
        timeoutMs: 200,
      });
      const error = await failure(client.request(posts));
      expect(error.message).toMatch(/no complete answer within 200 ms \(timeoutMs\)$/);
    } finally {
      stalling.closeAllConnections();
      await new Promise<void>((resolve) => stalling.close(() => resolve()));
    }
  });

  it("a server that closes the connection: the code and the host", async () => {
    const closing = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => closing.listen(0, "127.0.0.1", resolve));
    const port = (closing.address() as AddressInfo).port;
    try {
      const error = await failure(
        createContentClient({ endpoint: `http://127.0.0.1:${port}/api` }).request(posts),
      );
      expect(error.message).toMatch(
        new RegExp(
          `failed: 127\\.0\\.0\\.1:${port} closed the connection before answering \\((UND_ERR_SOCKET|ECONNRESET)\\)$`,
        ),
      );
    } finally {
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    }
  });

  it("refuses a timeoutMs that is not a positive number", () => {
    for (const timeoutMs of [0, -1, Number.NaN, "100"]) {
      expect(() => createContentClient({ endpoint, timeoutMs: timeoutMs as number })).toThrow(
        /options\.timeoutMs must be a number of milliseconds > 0/,
      );
    }
  });
});
