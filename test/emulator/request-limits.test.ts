import { afterEach, describe, expect, it } from "vitest";
import type { ContentServer, ContentServerOptions } from "../../emulator/index.js";
import { post, startServer } from "./emulator-harness.js";

const servers: ContentServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: ContentServerOptions = {}): Promise<ContentServer> {
  const server = await startServer(options);
  servers.push(server);
  return server;
}

/** POSTs any JSON body (a batch is an array) and returns status, cache header and parsed body. */
async function postJson(server: ContentServer, body: unknown) {
  const response = await fetch(server.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    cache: response.headers.get("x-typewire-cache"),
    body: await response.json(),
  };
}

/** `categories { children { ... } }` with `levels` fields that have a selection of their own. */
function categoryTree(levels: number): string {
  return `{ categories { ${"children { ".repeat(levels - 1)}id${" }".repeat(levels)} }`;
}

describe("maxGraphqlDepth", () => {
  it("refuses a query deeper than the setting, counting a top-level field as 0", async () => {
    const server = await serve({ maxGraphqlDepth: 2 });
    const within = await post(server, categoryTree(3));
    expect(within.body.errors).toBeUndefined();
    expect(within.body.data?.categories).not.toHaveLength(0);
    const over = await post(server, categoryTree(4));
    expect(over.status).toBe(200);
    expect(over.body.data).toBeUndefined();
    expect(over.body.errors).toEqual([
      { message: "The query is 3 levels deep, more than maxGraphqlDepth (2) allows." },
    ]);
  });

  it("counts the fields of a fragment where it is spread", async () => {
    const server = await serve({ maxGraphqlDepth: 1 });
    const reply = await post(
      server,
      "fragment Kids on CategoryInterface { children { children { id } } } { categories { ...Kids } }",
    );
    expect(reply.body.errors?.[0]?.message).toMatch(
      /2 levels deep, more than maxGraphqlDepth \(1\)/,
    );
  });

  it("does not apply to an introspection query, as the real API does not", async () => {
    const server = await serve({ maxGraphqlDepth: 1 });
    const reply = await post(
      server,
      "{ __schema { types { fields { type { ofType { name } } } } } }",
    );
    expect(reply.body.errors).toBeUndefined();
  });

  it("is off by default (0), the real default", async () => {
    const server = await serve();
    expect(server.config.maxGraphqlDepth).toBe(0);
    expect((await post(server, categoryTree(8))).body.errors).toBeUndefined();
  });
});

describe("maxGraphqlComplexity", () => {
  it("prices an element query 10 and a plain field 1, and refuses a query over the setting", async () => {
    const server = await serve({ maxGraphqlComplexity: 30 });
    // entries 10 + id 1, assets 10 + id 1: 22.
    expect((await post(server, "{ entries { id } assets { id } }")).body.errors).toBeUndefined();
    // ... and tags 10 + id 1: 33.
    const over = await post(server, "{ entries { id } assets { id } tags { id } }");
    expect(over.body.data).toBeUndefined();
    expect(over.body.errors).toEqual([
      { message: "The query's complexity is 33, more than maxGraphqlComplexity (30) allows." },
    ]);
  });

  it("prices a field that loads related elements 25", async () => {
    const server = await serve({ maxGraphqlComplexity: 36 });
    // categories 10 + children 25 + id 1: 36, allowed; one more id goes over.
    expect((await post(server, "{ categories { children { id } } }")).body.errors).toBeUndefined();
    const over = await post(server, "{ categories { children { id } title } }");
    expect(over.body.errors?.[0]?.message).toMatch(/complexity is 37, more than/);
  });

  it("leaves out what @skip drops, and reports depth and complexity together", async () => {
    const server = await serve({ maxGraphqlComplexity: 12, maxGraphqlDepth: 0 });
    const skipped = await post(server, "{ entries { id } assets @skip(if: true) { id } }");
    expect(skipped.body.errors).toBeUndefined();
    const both = await serve({ maxGraphqlComplexity: 12, maxGraphqlDepth: 1 });
    const reply = await post(both, categoryTree(3));
    expect(reply.body.errors?.map((error) => error.message)).toEqual([
      expect.stringMatching(/maxGraphqlDepth/),
      expect.stringMatching(/maxGraphqlComplexity/),
    ]);
  });
});

describe("maxGraphqlResults", () => {
  it("lowers a larger or missing limit to the setting, silently", async () => {
    const server = await serve({ maxGraphqlResults: 2 });
    const all = await post(server, "{ entries { id } }");
    expect(all.body.errors).toBeUndefined();
    expect(all.body.data?.entries).toHaveLength(2);
    expect((await post(server, "{ entries(limit: 5) { id } }")).body.data?.entries).toHaveLength(2);
    expect((await post(server, "{ entries(limit: 1) { id } }")).body.data?.entries).toHaveLength(1);
  });

  it("applies to related elements too, and is off by default", async () => {
    const query = "{ category(id: 20) { children { id } } }";
    const open = await serve();
    expect(open.config.maxGraphqlResults).toBe(0);
    expect((await post(open, query)).body.data).toEqual({
      category: { children: [{ id: "21" }, { id: "22" }] },
    });
    const limited = await serve({ maxGraphqlResults: 1 });
    expect((await post(limited, query)).body.data).toEqual({
      category: { children: [{ id: "21" }] },
    });
  });
});

describe("maxGraphqlBatchSize", () => {
  it("answers a batch (a JSON array) with an array, in order", async () => {
    const server = await serve();
    const reply = await postJson(server, [
      { query: "{ ping }" },
      { query: "{ entries(limit: 1) { id } }" },
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { data: { ping: "pong" } },
      { data: { entries: [{ id: expect.any(String) }] } },
    ]);
  });

  it("refuses a batch larger than the setting with 400, running none of it", async () => {
    const server = await serve({ maxGraphqlBatchSize: 2 });
    const reply = await postJson(server, [
      { query: "{ ping }" },
      { query: "{ ping }" },
      { query: "{ ping }" },
    ]);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(
      "A batch may hold at most 2 queries (maxGraphqlBatchSize); this one holds 3.",
    );
    expect(reply.body.errors[0].message).toBe(reply.body.message);
    expect((await postJson(server, [{ query: "{ ping }" }, { query: "{ ping }" }])).status).toBe(
      200,
    );
  });
});

describe("maxResponseBytes", () => {
  it("answers one GraphQL error naming the setting instead of an answer too large", async () => {
    const server = await serve({ maxResponseBytes: 3000 });
    const small = await post(server, "{ ping }");
    expect(small.body).toEqual({ data: { ping: "pong" } });
    const large = await post(
      server,
      "{ __schema { types { name fields { name type { name ofType { name } } } } } }",
    );
    expect(large.status).toBe(200);
    expect(large.body).toEqual({
      errors: [
        {
          message:
            "The answer would be larger than maxResponseBytes (3000 bytes) allows; ask for fewer fields, aliases or elements (limit), or smaller values.",
        },
      ],
    });
  });

  it("stops 800 aliases of a 900 KB transform format before they fill memory", async () => {
    // Answered 500 ("Invalid string length") with 100 aliases, and killed the process with 800.
    const server = await serve({ maxBodyBytes: 2 * 1024 * 1024 });
    const aliases = Array.from({ length: 800 }, (_, i) => `a${i}: assets { url(format: $f) }`);
    const reply = await post(server, `query($f: String) { ${aliases.join(" ")} }`, {
      variables: { f: "x".repeat(900_000) },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors?.[0]?.message).toMatch(
      /larger than maxResponseBytes \(8388608 bytes\)/,
    );
    expect((await post(server, "{ ping }")).body).toEqual({ data: { ping: "pong" } });
  });

  it("replaces only the batch item that would make the whole answer too large", async () => {
    const server = await serve({ maxResponseBytes: 3000 });
    const reply = await postJson(server, [
      { query: "{ ping }" },
      { query: "{ __schema { types { name description } } }" },
    ]);
    expect(reply.body[0]).toEqual({ data: { ping: "pong" } });
    expect(reply.body[1].errors[0].message).toMatch(/maxResponseBytes/);
  });
});

describe("maxRequestMs", () => {
  it("stops a query that would run for minutes and answers with the limit it reached", async () => {
    // 22 levels of children { parent { ... } } ran for over a minute at 2.6 GB.
    const server = await serve({ maxRequestMs: 200, maxResponseBytes: 1 << 30 });
    const killer = `{ categories { ${"children { parent { ".repeat(22)}id${" } }".repeat(22)} } }`;
    const reply = await post(server, killer);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      errors: [
        {
          message:
            "The request ran longer than maxRequestMs (200 ms) allows and was stopped; ask for fewer fields, aliases or elements.",
        },
      ],
    });
    expect((await post(server, "{ ping }")).body).toEqual({ data: { ping: "pong" } });
  });
});

describe("maxNestingDepth", () => {
  it("refuses a query text nested deeper than the setting, with its location, before parsing", async () => {
    const server = await serve();
    const reply = await post(server, `{${"entries{".repeat(5000)}id${"}".repeat(5001)}`);
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toEqual([
      {
        message:
          "The query nests deeper than maxNestingDepth (100 levels of braces, parentheses and brackets) allows.",
        locations: [{ line: 1, column: 801 }],
      },
    ]);
  });

  it("refuses variables nested 5,000 lists deep with 400 (a stack overflow and a 500 before)", async () => {
    const server = await serve();
    const body = `{"query":"query($v:[QueryArgument]){entries(id:$v){id}}","variables":{"v":${"[".repeat(5000)}1${"]".repeat(5000)}}}`;
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(
      '"variables" nest deeper than maxNestingDepth (100 levels of arrays and objects) allows',
    );
  });

  it("takes a lower setting from the config", async () => {
    const server = await serve({ maxNestingDepth: 3 });
    expect((await post(server, "{ categories { children { id } } }")).body.errors).toBeUndefined();
    const reply = await post(server, "{ categories { children { children { id } } } }");
    expect(reply.body.errors?.[0]?.message).toMatch(/maxNestingDepth \(3 levels/);
  });
});

describe("maxQueryTokens", () => {
  it("stops parsing a query with more tokens than the setting, naming it", async () => {
    const server = await serve({ maxQueryTokens: 50 });
    const reply = await post(server, `{ ${"a: ping ".repeat(60)}}`);
    expect(reply.body.errors).toEqual([
      {
        message:
          "The query has more than maxQueryTokens (50) tokens (names, punctuation and values); parsing stopped here.",
        locations: [{ line: 1, column: expect.any(Number) }],
      },
    ]);
    expect((await post(server, "{ a: ping b: ping }")).body).toEqual({
      data: { a: "pong", b: "pong" },
    });
  });
});

describe("maxIntrospectionItems", () => {
  it("refuses introspection that would answer more values than the setting, before running it", async () => {
    const server = await serve();
    const aliases = Array.from(
      { length: 300 },
      (_, i) => `a${i}: __schema { types { name fields { name type { name } } } }`,
    );
    const reply = await post(server, `{ ${aliases.join(" ")} }`);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors?.[0]?.message).toMatch(
      /would answer more than maxIntrospectionItems \(100000\) values/,
    );
  });

  it("lets the standard introspection query of the whole schema through", async () => {
    const server = await serve({ maxIntrospectionItems: 50_000 });
    const reply = await post(
      server,
      "{ __schema { types { name kind fields(includeDeprecated: true) { name args { name type { name kind ofType { name kind ofType { name } } } } type { name kind ofType { name kind ofType { name } } } } } } }",
    );
    expect(reply.body.errors).toBeUndefined();
  });
});

describe("validation of queries that repeat a field thousands of times", () => {
  it("is stopped with a message that says why", async () => {
    const server = await serve();
    const reply = await post(server, `{ ${"a: entries { id } ".repeat(3300)}}`);
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toEqual([
      {
        message:
          "The query is too large to validate: it repeats fields or fragment spreads too many times (validation was stopped).",
      },
    ]);
  });
});

describe("the result cache's byte bound (maxCacheBytes)", () => {
  it("drops the oldest answers to stay within the bound, and never keeps one larger than it", async () => {
    const server = await serve({ maxCacheBytes: 4000 });
    // Each answer is about 1,500 bytes: two fit, three do not.
    const listing = (n: number) => `{ n${n}: entries(status: null) { title slug uri } }`;
    const status = async (n: number) => (await postJson(server, { query: listing(n) })).cache;
    expect(await status(1)).toBe("MISS");
    expect(await status(1)).toBe("HIT");
    expect(await status(2)).toBe("MISS");
    expect(await status(3)).toBe("MISS");
    expect(server.cache.bytes).toBeLessThanOrEqual(4000);
    expect(await status(1)).toBe("MISS");
    expect(await status(3)).toBe("HIT");
    const huge = "{ __schema { types { name fields { name } } } }";
    expect((await postJson(server, { query: huge })).cache).toBe("MISS");
    expect((await postJson(server, { query: huge })).cache).toBe("MISS");
    expect(server.cache.bytes).toBeLessThanOrEqual(4000);
  });
});
