import { mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CACHE_HEADER, type ContentServer } from "../../emulator/index.js";
import { PARTNER_TOKEN, exampleSite, post, startServer } from "./emulator-harness.js";

const query = '{ entry(slug: "about") { title } }';

let dir: string;
let siteFile: string;
let original: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "typewire-emulator-"));
  siteFile = join(dir, "site.json");
  original = await readFile(new URL("../../schemas/content/site.json", import.meta.url), "utf8");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let server: ContentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Replaces the site file the way editors save: a new file renamed over the old one. */
async function save(text: string): Promise<void> {
  await writeFile(`${siteFile}.tmp`, text);
  await rename(`${siteFile}.tmp`, siteFile);
}

/** Asks until `check` passes: the watcher reloads asynchronously. Bounded to 10 s. */
async function eventually<T>(ask: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await ask();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the result cache", () => {
  it("answers a repeated query from the cache, keyed by schema, query, variables and operation", async () => {
    await writeFile(siteFile, original);
    server = await startServer({ site: siteFile });
    const s = server;
    expect((await post(s, query)).headers.get(CACHE_HEADER)).toBe("MISS");
    const hit = await post(s, query);
    expect(hit.headers.get(CACHE_HEADER)).toBe("HIT");
    expect(hit.body.data).toEqual({ entry: { title: "About" } });
    expect((await post(s, query, { token: PARTNER_TOKEN })).headers.get(CACHE_HEADER)).toBe("MISS");
    const withVariables = "query Q($s: [String]) { entry(slug: $s) { title } }";
    expect(
      (await post(s, withVariables, { variables: { s: ["about"] } })).headers.get(CACHE_HEADER),
    ).toBe("MISS");
    expect(
      (await post(s, withVariables, { variables: { s: ["contact"] } })).headers.get(CACHE_HEADER),
    ).toBe("MISS");
    const contact = await post(s, withVariables, { variables: { s: ["contact"] } });
    expect(contact.headers.get(CACHE_HEADER)).toBe("HIT");
    expect(contact.body.data).toEqual({ entry: { title: "Contact" } });
    expect(
      (
        await post(s, withVariables, { variables: { s: ["contact"] }, operationName: "Q" })
      ).headers.get(CACHE_HEADER),
    ).toBe("MISS");
  });

  it("does not keep responses with errors", async () => {
    server = await startServer({ site: siteFile });
    expect((await post(server, "{ nope }")).headers.get(CACHE_HEADER)).toBe("MISS");
    expect((await post(server, "{ nope }")).headers.get(CACHE_HEADER)).toBe("MISS");
  });

  it("is cleared when the site file changes, and the new content is served", async () => {
    await writeFile(siteFile, original);
    server = await startServer({ site: siteFile });
    const s = server;
    await post(s, query);
    expect((await post(s, query)).headers.get(CACHE_HEADER)).toBe("HIT");
    await save(original.replace('"title": "About"', '"title": "About us"'));
    const reply = await eventually(
      () => post(s, query),
      (r) => (r.body.data?.entry as { title: string } | undefined)?.title === "About us",
    );
    expect(reply.body.data).toEqual({ entry: { title: "About us" } });
    expect(reply.headers.get(CACHE_HEADER)).toBe("MISS");
    expect((await post(s, query)).headers.get(CACHE_HEADER)).toBe("HIT");
  });

  it("empties when the clock passes a post date, so a scheduled entry goes live", async () => {
    // Entry 44 is posted at 2030-01-06T09:00:00Z, the last date in the example site.
    let clock = new Date("2030-01-06T08:59:00Z");
    server = await startServer({ siteData: exampleSite(), now: () => clock });
    const latest = '{ entries(section: "news", limit: 1) { id status } }';
    const first = await post(server, latest);
    expect([first.headers.get(CACHE_HEADER), first.body.data]).toEqual([
      "MISS",
      { entries: [{ id: "42", status: "live" }] },
    ]);
    clock = new Date("2030-01-06T08:59:59.999Z");
    expect((await post(server, latest)).headers.get(CACHE_HEADER)).toBe("HIT");
    clock = new Date("2030-01-06T09:00:00Z");
    const posted = await post(server, latest);
    expect([posted.headers.get(CACHE_HEADER), posted.body.data]).toEqual([
      "MISS",
      { entries: [{ id: "44", status: "live" }] },
    ]);
    clock = new Date("2031-01-01T00:00:00Z");
    expect((await post(server, latest)).headers.get(CACHE_HEADER)).toBe("HIT");
    // The status field follows the clock too, not only the filter.
    const solar = "{ entry(id: 44, status: null) { status } }";
    clock = new Date("2030-01-06T08:59:00Z");
    expect((await post(server, solar)).body.data).toEqual({ entry: { status: "pending" } });
    clock = new Date("2030-01-06T09:00:00Z");
    expect((await post(server, solar)).body.data).toEqual({ entry: { status: "live" } });
  });

  it("empties when the clock passes an expiry date, or is set back over one", async () => {
    // Entry 45 expires at 2024-03-01T00:00:00Z; no other date falls between the clocks used.
    let clock = new Date("2024-02-29T23:59:00Z");
    server = await startServer({ siteData: exampleSite(), now: () => clock });
    const ferry = "{ entry(id: 45, status: null) { status } }";
    const statusAt = async (time: string) => {
      clock = new Date(time);
      const reply = await post(server!, ferry);
      return [
        reply.headers.get(CACHE_HEADER),
        (reply.body.data?.entry as { status: string })?.status,
      ];
    };
    expect(await statusAt("2024-02-29T23:59:00Z")).toEqual(["MISS", "live"]);
    expect(await statusAt("2024-02-29T23:59:59Z")).toEqual(["HIT", "live"]);
    expect(await statusAt("2024-03-01T00:00:00Z")).toEqual(["MISS", "expired"]);
    expect(await statusAt("2024-03-01T00:00:01Z")).toEqual(["HIT", "expired"]);
    expect(await statusAt("2024-02-29T23:59:30Z")).toEqual(["MISS", "live"]);
  });

  it("is off with enableGraphQlCaching: false", async () => {
    server = await startServer({ site: siteFile, enableGraphQlCaching: false });
    for (let i = 0; i < 3; i++)
      expect((await post(server, query)).headers.get(CACHE_HEADER)).toBe("BYPASS");
    expect(server.cache.size).toBe(0);
  });
});

describe("reloading the site file", () => {
  it("keeps the last good content on a malformed file and logs the error with its location", async () => {
    await writeFile(siteFile, original);
    const errors: string[] = [];
    server = await startServer({
      site: siteFile,
      logger: { info() {}, error: (m) => errors.push(m) },
    });
    const s = server;
    await save(original.replace('"title": "About"', '"title": About'));
    await eventually(
      async () => errors.length,
      (n) => n > 0,
    );
    expect(errors.join("\n")).toMatch(
      new RegExp(
        `${siteFile.replace(/[.\\/]/g, "\\$&")}:\\d+:\\d+: invalid JSON: .*keeping the last good content`,
      ),
    );
    expect((await post(s, query)).body.data).toEqual({ entry: { title: "About" } });
    // A file that parses but breaks the model is refused the same way, naming the entry.
    await save(original.replace('"parentId": 50', '"parentId": 999'));
    await eventually(
      async () => errors.join("\n"),
      (text) => text.includes("999"),
    );
    expect(errors.join("\n")).toMatch(/:\d+:\d+: .*999/);
    expect(await s.reload()).toBe(false);
    await save(original.replace('"title": "About"', '"title": "About again"'));
    const fixed = await eventually(
      () => post(s, query),
      (r) => (r.body.data?.entry as { title: string } | undefined)?.title !== "About",
    );
    expect(fixed.body.data).toEqual({ entry: { title: "About again" } });
  });

  it("a bad site file at startup is an error with its location", async () => {
    await writeFile(siteFile, '{\n  "site": 1,\n}');
    await expect(startServer({ site: siteFile })).rejects.toThrow(/invalid JSON/);
    await writeFile(siteFile, original);
  });
});

describe("dev mode", () => {
  it("reports unknown fields when on (the default) and drops them silently when off", async () => {
    server = await startServer();
    const dev = await post(server, "{ entry(id: 40) { id nope } }");
    expect(dev.body.errors?.[0]?.message).toBe(
      'Cannot query field "nope" on type "EntryInterface".',
    );
    await server.close();
    server = await startServer({ devMode: false });
    const production = await post(server, "{ entry(id: 40) { id nope author { name } } }");
    expect(production.body).toEqual({ data: { entry: { id: "40" } } });
    // Real mistakes other than unknown fields are still reported.
    const syntax = await post(server, "{ entry(id: 40) { id ");
    expect(syntax.body.errors?.[0]?.message).toMatch(/Syntax Error/);
  });
});
