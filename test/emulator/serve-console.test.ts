import { once } from "node:events";
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { type Server, createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { tempDir } from "../helpers/temp-project.js";
import { until } from "../helpers/until.js";
import { serveProcess as serve } from "./serve-process-harness.js";

/** The example site's API schemas, read from the file the emulator serves by default. */
const siteSchemas = (
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL("../../schemas/content/site.json", import.meta.url)),
      "utf8",
    ),
  ) as {
    schemas: Record<
      string,
      {
        name: string;
        public?: boolean;
        accessToken?: string;
        enabled: boolean;
        expiryDate?: string | null;
      }
    >;
  }
).schemas;

const partnersToken = siteSchemas.partners!.accessToken!;

/** The line of the startup output that lists the schema `handle`. */
function schemaLine(output: string, handle: string): string {
  const line = output.split("\n").find((l) => new RegExp(`^\\s+${handle}\\s`).test(l));
  expect(line, `no line for schema ${handle} in:\n${output}`).toBeDefined();
  return line!;
}

/** The request lines: everything that starts with a time of day. */
function requestLines(output: string): string[] {
  return output.split("\n").filter((line) => /^\d\d:\d\d:\d\d\.\d{3} /.test(line));
}

function get(url: string, token?: string): Promise<Response> {
  return fetch(`${url}?query=${encodeURIComponent("{ping}")}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

// Each test spawns `typewire serve`, a few seconds on a loaded machine: room for three times that.
describe("typewire serve's startup output", { timeout: 60_000 }, () => {
  it("lists every schema of the example site with its name, whether it is public, and each private one's token", async () => {
    const dir = await tempDir("typewire-serve-console-");
    const { output } = await serve(dir);
    await until(() => output().includes("Press Ctrl-C"), "the whole startup output");
    const text = output();
    expect(Object.keys(siteSchemas).length).toBeGreaterThan(2);
    for (const [handle, schema] of Object.entries(siteSchemas)) {
      const line = schemaLine(text, handle);
      expect(line).toContain(schema.name);
      if (schema.public) {
        expect(line).toMatch(/\bpublic, no token\b/);
      } else {
        expect(line).toContain(`private, token ${schema.accessToken}`);
      }
    }
    // The two schemas a request cannot use say so, and why; the usable ones carry no such mark.
    expect(siteSchemas.staging!.enabled).toBe(false);
    expect(schemaLine(text, "staging")).toMatch(/\(disabled: requests get 400\)/);
    expect(Date.parse(siteSchemas.archive!.expiryDate!)).toBeLessThan(Date.now());
    expect(schemaLine(text, "archive")).toMatch(
      new RegExp(
        `\\(expired ${siteSchemas.archive!.expiryDate!.replace(/\+/g, "\\+")}: requests get 400\\)`,
      ),
    );
    expect(schemaLine(text, "partners")).not.toMatch(/expired|disabled/);
    expect(schemaLine(text, "public")).not.toMatch(/expired|disabled/);
  });

  it("prints the explorer's URL next to the endpoint, and that URL serves the explorer page", async () => {
    const dir = await tempDir("typewire-serve-console-");
    const { url, output } = await serve(dir);
    await until(() => output().includes("Press Ctrl-C"), "the whole startup output");
    const lines = output().split("\n");
    const endpointLine = lines.findIndex((line) => line.includes(`content API at ${url}`));
    expect(endpointLine).toBeGreaterThanOrEqual(0);
    const explorer = /^ {2}explorer: (http:\S+)/.exec(lines[endpointLine + 1] ?? "")?.[1];
    expect(explorer).toBe(`${new URL(url).origin}/explorer`);
    const response = await fetch(explorer!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    // The page offers the private schemas with their tokens, as the lines below do.
    expect(await response.text()).toContain(partnersToken);
  });

  it("the token it lists for a private schema is the one the endpoint takes", async () => {
    const dir = await tempDir("typewire-serve-console-");
    const { url, output } = await serve(dir);
    await until(() => output().includes("Press Ctrl-C"), "the whole startup output");
    const token = /partners\s.*private, token (\S+)/.exec(output())?.[1];
    expect(token).toBeDefined();
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "{ users { username } }" }),
    });
    const body = (await response.json()) as { data?: { users: unknown[] } };
    expect(response.status).toBe(200);
    // Users are in the partners' scope only: the public schema has no `users` field.
    expect(body.data?.users.length).toBeGreaterThan(0);
  });
});

describe("typewire serve's request log", { timeout: 60_000 }, () => {
  it("prints one line per request: time, method, schema by name, status, cache state, duration", async () => {
    const dir = await tempDir("typewire-serve-console-");
    const { url, output } = await serve(dir);
    expect((await get(url)).status).toBe(200);
    expect((await get(url)).status).toBe(200);
    expect((await get(url, partnersToken)).status).toBe(200);
    expect((await get(url, "not-a-token")).status).toBe(400);
    const post = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${partnersToken}` },
      body: JSON.stringify({ query: "{ping}" }),
    });
    expect(post.status).toBe(200);
    expect((await fetch(`${url.replace(/\/api$/, "")}/elsewhere`)).status).toBe(404);
    await until(() => requestLines(output()).length >= 6, "six request lines");
    const lines = requestLines(output());
    expect(lines).toHaveLength(6);
    const parsed = lines.map((line) => {
      const match =
        /^(\d\d:\d\d:\d\d\.\d{3}) (\S+)\s+(\S+)\s+(\d{3}) (HIT|MISS|BYPASS|-)\s+(\d+\.\d) ms$/.exec(
          line,
        );
      expect(match, line).not.toBeNull();
      return {
        method: match![2],
        schema: match![3],
        status: Number(match![4]),
        cache: match![5],
        ms: Number(match![6]),
      };
    });
    expect(parsed.map(({ ms: _, ...rest }) => rest)).toEqual([
      { method: "GET", schema: "public", status: 200, cache: "MISS" },
      { method: "GET", schema: "public", status: 200, cache: "HIT" },
      { method: "GET", schema: "partners", status: 200, cache: "MISS" },
      { method: "GET", schema: "-", status: 400, cache: "-" },
      { method: "POST", schema: "partners", status: 200, cache: "HIT" },
      { method: "GET", schema: "-", status: 404, cache: "-" },
    ]);
    for (const { ms } of parsed) expect(ms).toBeGreaterThanOrEqual(0);
    // The token is printed once, in the startup list, and never in a request line.
    for (const line of lines) {
      expect(line).not.toContain(partnersToken);
      expect(line).not.toContain("not-a-token");
    }
  });

  it("says BYPASS when caching is off", async () => {
    const dir = await tempDir("typewire-serve-console-");
    await writeFile(join(dir, "serve.json"), JSON.stringify({ enableGraphQlCaching: false }));
    const { url, output } = await serve(dir, ["--config", "serve.json"]);
    expect((await get(url)).status).toBe(200);
    await until(() => requestLines(output()).length >= 1, "a request line");
    expect(requestLines(output())[0]).toMatch(/ GET\s+public\s+200 BYPASS /);
  });

  it("--quiet prints no request lines, and still the startup output", async () => {
    const dir = await tempDir("typewire-serve-console-");
    const quiet = await serve(dir, ["--quiet"]);
    expect((await get(quiet.url)).status).toBe(200);
    expect((await get(quiet.url, "not-a-token")).status).toBe(400);
    // Stopping writes out whatever the log still holds, so every line it would print is in.
    await quiet.stop();
    expect(requestLines(quiet.output())).toEqual([]);
    expect(quiet.output()).toContain("private, token ");
  });
});

describe("typewire serve on a port it cannot have", { timeout: 60_000 }, () => {
  let blocker: Server | undefined;
  afterEach(async () => {
    if (blocker) await new Promise<void>((resolve) => blocker!.close(() => resolve()));
    blocker = undefined;
  });

  it("says the port is in use and suggests --port, with exit code 1", async () => {
    blocker = createServer();
    blocker.listen(0, "127.0.0.1");
    await once(blocker, "listening");
    const port = (blocker.address() as { port: number }).port;
    const dir = await tempDir("typewire-serve-console-");
    const { code, stdout, stderr } = await runCliProcess(
      ["serve", "--port", String(port), "--host", "127.0.0.1"],
      { cwd: dir },
    );
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `error: port ${port} on 127.0.0.1 is already in use (another typewire serve, or another server). Choose another with --port N, or --port 0 for any free port.\n`,
    );
    expect(stderr).not.toContain("EADDRINUSE");
  });
});

it(
  "typewire serve --help points at the document that describes the site file",
  { timeout: 60_000 },
  async () => {
    const dir = await tempDir("typewire-serve-console-");
    const { code, stdout } = await runCliProcess(["serve", "--help"], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toMatch(/--site FILE\s+Site file .*docs\/content-site\.md/);
    expect(stdout).toMatch(/-q, --quiet\s+No line per request/);
  },
);
