import { writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers/temp-project.js";
import { type ServeProcess, serveProcess, startServeProcess } from "./serve-process-harness.js";

/**
 * The attacks of issue 18 against `typewire serve` as its own process, with its defaults unless
 * a test says otherwise: each gets a clear answer, {ping} is answered while the long ones run,
 * and the process is alive afterwards.
 */

interface Reply {
  status: number;
  cache: string | null;
  body: { data?: unknown; errors?: { message: string }[]; message?: string };
}

async function send(url: string, body: string): Promise<Reply> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return {
    status: response.status,
    cache: response.headers.get("x-typewire-cache"),
    body: await response.json(),
  };
}

const query = (url: string, text: string, variables?: Record<string, unknown>) =>
  send(url, JSON.stringify({ query: text, variables }));

/**
 * Sends `attack`, then one {ping} after another until the attack is answered; resolves with the
 * attack's answer and how many pings were answered while it ran (every ping after the first is
 * sent while the attack is running, so a server that runs it in one go answers none of them).
 */
async function pingsDuring(url: string, attack: () => Promise<Reply>) {
  let done = false;
  const running = attack().finally(() => {
    done = true;
  });
  let answered = 0;
  while (!done) {
    const ping = await query(url, "{ ping }");
    expect(ping.body).toEqual({ data: { ping: "pong" } });
    if (!done) answered++;
  }
  return { answered, reply: await running };
}

/** The process has not exited and still answers {ping}. */
async function expectAlive(server: ServeProcess) {
  expect(server.child.exitCode).toBeNull();
  expect(server.child.signalCode).toBeNull();
  expect((await query(server.url, "{ ping }")).body).toEqual({ data: { ping: "pong" } });
  expect(server.output()).not.toMatch(/heap out of memory|Maximum call stack|internal error/);
}

/** `count` aliases of every asset's URL transformed with the format `$f`. */
const assetUrls = (count: number) =>
  `query($f: String) { ${Array.from({ length: count }, (_, i) => `a${i}: assets { url(format: $f) }`).join(" ")} }`;

describe("typewire serve with its defaults, under attack", { timeout: 60_000 }, () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await startServeProcess(process.cwd());
  }, 60_000);
  afterAll(() => server.stop());

  it("answers a 922 KB request of 800 aliases with a 900 KB format with a GraphQL error, not a crash", async () => {
    const { reply } = await pingsDuring(server.url, () =>
      query(server.url, assetUrls(800), { f: "x".repeat(900_000) }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors?.[0]?.message).toMatch(/larger than maxResponseBytes/);
    await expectAlive(server);
  });

  it("stops 22 levels of children { parent } at a limit and answers {ping} meanwhile", async () => {
    const killer = `{ categories { ${"children { parent { ".repeat(22)}id${" } }".repeat(22)} } }`;
    const { answered, reply } = await pingsDuring(server.url, () => query(server.url, killer));
    expect(answered).toBeGreaterThanOrEqual(2);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors?.[0]?.message).toMatch(/maxResponseBytes|maxRequestMs/);
    await expectAlive(server);
  });

  it("matches a title of many stars at once", async () => {
    const reply = await query(server.url, '{ entries(title: "**********Q") { id } }');
    expect(reply.body).toEqual({ data: { entries: [] } });
    const found = await query(server.url, '{ entries(title: "**w*nd**f*rm*") { title } }');
    expect(found.body).toEqual({
      data: { entries: [{ title: "Offshore wind farm reaches full output" }] },
    });
    await expectAlive(server);
  });

  it("refuses variables nested 5,000 lists deep and a query nested 5,000 deep", async () => {
    const deepVariables = await send(
      server.url,
      `{"query":"query($v:[QueryArgument]){entries(id:$v){id}}","variables":{"v":${"[".repeat(5000)}1${"]".repeat(5000)}}}`,
    );
    expect(deepVariables.status).toBe(400);
    expect(deepVariables.body.message).toMatch(/"variables" nest deeper than maxNestingDepth/);
    const deepQuery = await query(server.url, `{${"entries{".repeat(5000)}id${"}".repeat(5001)}`);
    expect(deepQuery.body.errors?.[0]?.message).toMatch(/nests deeper than maxNestingDepth/);
    await expectAlive(server);
  });

  it("answers CONNECT with 405", async () => {
    const { port } = new URL(server.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.end("CONNECT /api HTTP/1.1\r\nhost: x\r\n\r\n"),
      );
      let text = "";
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(text));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(reply).toMatch(/\r\nallow: GET, POST, OPTIONS\r\n/);
    await expectAlive(server);
  });
});

describe("typewire serve with a small result cache", { timeout: 60_000 }, () => {
  it("keeps the result cache within maxCacheBytes, however large the distinct answers", async () => {
    // Answers of about 4.8 MB each; the cache holds 12 MB, so two of them.
    const dir = await tempDir("typewire-hostile-cache-");
    await writeFile(join(dir, "serve.json"), JSON.stringify({ maxCacheBytes: 12_000_000 }));
    const server = await serveProcess(dir, ["--config", "serve.json"]);
    const large = (n: number) =>
      query(server.url, assetUrls(8), { f: `${n}${"x".repeat(100_000)}` });
    const first = await large(1);
    expect(first.body.errors).toBeUndefined();
    expect(JSON.stringify(first.body).length).toBeGreaterThan(4_000_000);
    expect(first.cache).toBe("MISS");
    expect((await large(1)).cache).toBe("HIT");
    expect((await large(2)).cache).toBe("MISS");
    expect((await large(3)).cache).toBe("MISS");
    // The first answer was dropped to make room; the latest is still kept.
    expect((await large(1)).cache).toBe("MISS");
    expect((await large(3)).cache).toBe("HIT");
    await expectAlive(server);
  });
});
