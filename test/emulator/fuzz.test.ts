import { afterAll, beforeAll, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import { seededRandom } from "../helpers/seeded-random.js";
import { PARTNER_TOKEN, post, startServer } from "./emulator-harness.js";

const REQUESTS = 5000;
const CONCURRENCY = 32;
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** A small seeded generator, so a failure can be replayed with FUZZ_SEED. */
function generator(seed: number) {
  const { random: next, pick } = seededRandom(seed);
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick };
}

const fields = [
  "id",
  "uid",
  "title",
  "slug",
  "uri",
  "url",
  "status",
  "dateCreated",
  "postDate",
  "lft",
  "rgt",
  "level",
  "searchScore",
  "__typename",
  "nope",
  '_count(field: "topics")',
  "children { id }",
  "parent { title }",
];
const roots = [
  "entries",
  "entry",
  "assets",
  "asset",
  "categories",
  "category",
  "tags",
  "tag",
  "users",
  "user",
  "globalSets",
  "globalSet",
  "ping",
  "nothing",
];
const args = [
  "id: 40",
  'id: ["not", 41]',
  "limit: 2",
  "limit: -1",
  "offset: 99",
  "offset: -3",
  'search: "harbour OR -wind"',
  'orderBy: "title desc"',
  'orderBy: "bogus"',
  'orderBy: "title sideways"',
  'section: "pages"',
  "level: 2",
  "descendantOf: 50",
  "ancestorOf: 9999",
  "relatedTo: [21]",
  'dateCreated: [">= 2024"]',
  "status: null",
  "fixedOrder: true",
  "inReverse: true",
  'site: "*"',
  'after: "garbage"',
  'ref: "x/y"',
  'height: ["> abc"]',
  'uri: ["*"]',
  "id: 1.5",
  'level: "x"',
];
const directives = [
  "",
  '@formatDateTime(format: "D jS F Y", timezone: "Asia/Tokyo")',
  '@formatDateTime(timezone: "Bad/Zone")',
  "@markdown",
  '@markdown(flavor: "odd")',
  "@transform(width: 10)",
  '@transform(mode: "bad", width: 5)',
  "@include(if: false)",
  "@skip(if: true)",
  "@unknown",
];

function randomQuery(r: ReturnType<typeof generator>): string {
  const selections = Array.from({ length: 1 + r.int(3) }, () => {
    const root = r.pick(roots);
    if (root === "ping") return "ping";
    const argList = Array.from({ length: r.int(3) }, () => r.pick(args)).join(", ");
    const inner = Array.from(
      { length: 1 + r.int(4) },
      () => `${r.pick(fields)} ${r.pick(directives)}`,
    ).join(" ");
    return `${root}${argList ? `(${argList})` : ""} { ${inner} }`;
  });
  let query = `{ ${selections.join(" ")} }`;
  // Mutate some queries so the parser sees broken text too.
  if (r.next() < 0.25) {
    const at = r.int(query.length);
    query =
      query.slice(0, at) +
      r.pick(["", "{", "}", "(", '"', "$x", "...", "\u0000", "🙂", "#"]) +
      query.slice(at + 1);
  }
  if (r.next() < 0.02) query = "{".repeat(2000);
  if (r.next() < 0.02) query = `{ ${"entries { children { ".repeat(30)}id${" } }".repeat(30)} }`;
  return query;
}

function randomRequest(
  r: ReturnType<typeof generator>,
  url: string,
): { url: string; init: RequestInit } {
  const query = randomQuery(r);
  const method = r.pick([
    "GET",
    "GET",
    "POST",
    "POST",
    "POST",
    "OPTIONS",
    "PUT",
    "PATCH",
    "DELETE",
    "HEAD",
  ]);
  const headers: Record<string, string> = {};
  const auth = r.int(6);
  if (auth === 1) headers.authorization = `Bearer ${PARTNER_TOKEN}`;
  if (auth === 2) headers.authorization = `Bearer ${r.int(1e9)}`;
  if (auth === 3)
    headers.authorization = r.pick([
      "Bearer",
      "Bearer  ",
      "Basic abc",
      "bearer nw-archive-3a9f0c5d7e2b6148",
      "x".repeat(200),
    ]);
  const target =
    r.next() < 0.05
      ? `${url}${r.pick(["/x", "x", "/../api", "?query=", "?query=%7B", "?query=%E0%A4%A"])}`
      : url;
  if (method === "GET" || method === "HEAD") {
    return {
      url: `${target}${target.includes("?") ? "&" : "?"}query=${encodeURIComponent(query)}`,
      init: { method, headers },
    };
  }
  const kind = r.int(6);
  let body: string | Uint8Array<ArrayBuffer>;
  if (kind <= 2) {
    headers["content-type"] = r.pick([
      "application/json",
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
    ]);
    const variables = r.pick<unknown>([
      undefined,
      null,
      {},
      { a: 1 },
      [1],
      "x",
      { slug: ["about"] },
      { s: { nested: [null] } },
    ]);
    const payload = r.pick<unknown>([
      { query, variables },
      { query, operationName: r.pick([null, "A", 5, ""]) },
      { query: r.pick([5, null, [], {}, ""]) },
      query,
      [query],
      null,
    ]);
    body = JSON.stringify(payload);
    if (r.next() < 0.1) body = body.slice(0, r.int(body.length));
  } else if (kind === 3) {
    headers["content-type"] = "application/graphql";
    body = query;
  } else if (kind === 4) {
    headers["content-type"] = r.pick([
      "text/plain",
      "multipart/form-data",
      "application/x-www-form-urlencoded",
      ";;;",
      "application/json+x",
    ]);
    body = query;
  } else {
    body = Uint8Array.from({ length: r.next() < 0.2 ? 33_000 + r.int(8000) : r.int(300) }, () =>
      r.int(256),
    );
    if (r.next() < 0.5) headers["content-type"] = "application/json";
  }
  return { url: target, init: { method, headers, body } };
}

let server: ContentServer;
const internalErrors: string[] = [];
beforeAll(async () => {
  server = await startServer({
    maxBodyBytes: 32 * 1024,
    logger: { info() {}, error: (m) => internalErrors.push(m) },
  });
});
afterAll(() => server.close());

it(`survives ${REQUESTS} random requests without a crash or a 5xx (seed ${SEED})`, async () => {
  const r = generator(SEED);
  const requests = Array.from({ length: REQUESTS }, () => randomRequest(r, server.url));
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let nextIndex = 0;
  const deadline = Date.now() + 90_000;
  const worker = async () => {
    while (nextIndex < requests.length && Date.now() < deadline) {
      const { url, init } = requests[nextIndex++]!;
      try {
        const response = await fetch(url, init);
        const text = await response.text();
        // A resolver bug would surface as a JavaScript error message inside a 200 answer.
        if (/Cannot read prop|is not a function|is not iterable|Maximum call stack/.test(text)) {
          failures.push(`internal error text for ${init.method} ${url}: ${text.slice(0, 300)}`);
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500)
          failures.push(
            `${response.status} for ${init.method} ${url} ${String(init.body).slice(0, 200)}`,
          );
      } catch (error) {
        failures.push(`network error for ${init.method} ${url}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
  expect(failures.slice(0, 5)).toEqual([]);
  expect(internalErrors.slice(0, 3)).toEqual([]);
  expect(answered).toBe(REQUESTS);
  // Every kind of answer showed up, so the generator really reached each path.
  for (const status of [200, 400, 404, 405, 413, 415])
    expect(statuses.get(status), `status ${status}`).toBeGreaterThan(0);
  expect((await post(server, "{ ping }")).body.data).toEqual({ ping: "pong" });
}, 120_000);

it("survives malformed HTTP on raw connections", async () => {
  const { connect } = await import("node:net");
  const r = generator(SEED + 1);
  const payloads = [
    "GARBAGE\r\n\r\n",
    "GET /api?query={ping} HTTP/9.9\r\n\r\n",
    `POST /api HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\ncontent-type: application/json\r\n\r\n{"query":"{ping}"}`,
    "POST /api HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\ncontent-type: application/json\r\n\r\nzz\r\n",
    `GET /api?query=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ...Array.from({ length: 40 }, () =>
      String.fromCharCode(...Array.from({ length: 1 + r.int(400) }, () => r.int(256))),
    ),
  ];
  const replies = await Promise.all(
    payloads.map(
      (payload) =>
        new Promise<string>((resolve) => {
          const socket = connect(server.port, "127.0.0.1");
          let reply = "";
          socket.setTimeout(3000, () => socket.destroy());
          socket.on("data", (chunk) => {
            reply += chunk.toString("latin1");
          });
          socket.on("error", () => resolve(reply));
          socket.on("close", () => resolve(reply));
          socket.end(Buffer.from(payload, "latin1"));
        }),
    ),
  );
  for (const reply of replies) expect(reply).not.toMatch(/^HTTP\/1\.1 5/);
  expect((await post(server, "{ ping }")).body.data).toEqual({ ping: "pong" });
});
