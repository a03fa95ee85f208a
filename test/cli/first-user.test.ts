import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, readFile } from "node:fs/promises";
import { type IncomingMessage, createServer } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createContentServer } from "../../emulator/index.js";
import { packageRoot } from "../../input/paths.js";
import { cliArgs, runCliProcess } from "../helpers/cli-process.js";
import { runCli, tempDir, writeTree } from "../helpers/temp-project.js";
import { listen } from "../middleware/adapters.js";

const bundledTable = () => readFile(join(packageRoot, "schemas/webhooks/events.json"), "utf8");

describe("a config written as a module", () => {
  it("reads typewire.config.mjs, its default export checked as typewire.config.json is", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "events.json": await bundledTable(),
      "typewire.config.mjs":
        'export default { webhooks: { events: "events.json", out: "gen" } };\n',
    });
    const run = await runCliProcess(["generate"], { cwd: dir });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).not.toContain("bundled example");
    expect(existsSync(join(dir, "gen/event-names.ts"))).toBe(true);
    expect(existsSync(join(dir, "output"))).toBe(false);
    const check = await runCliProcess(["check"], { cwd: dir });
    expect(check).toMatchObject({ code: 0, stdout: "typewire: generated files are up to date\n" });
  });

  it("reads typewire.config.ts when a TypeScript loader runs typewire (here tsx), type annotations and all", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "events.json": await bundledTable(),
      "typewire.config.ts": [
        "interface Config { webhooks: { events: string; out: string } }",
        'const config: Config = { webhooks: { events: "events.json", out: "src/gen" } };',
        "export default config;",
        "",
      ].join("\n"),
    });
    const run = await runCliProcess(["generate"], { cwd: dir });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(existsSync(join(dir, "src/gen/event-names.ts"))).toBe(true);
    expect(existsSync(join(dir, "output"))).toBe(false);
  });

  it("names the file, the key and the problem in a module's default export", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "typewire.config.mjs": 'export default { webhooks: { events: "nope.json", outt: "gen" } };\n',
    });
    const run = await runCliProcess(["generate"], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error: typewire.config.mjs: unknown key "outt"');
    expect(existsSync(join(dir, "output"))).toBe(false);
  });

  it("stops when a module has no default export, and when two config files are there", async () => {
    const dir = await tempDir();
    await writeTree(dir, { "typewire.config.js": "export const webhooks = {};\n" });
    await writeTree(dir, { "package.json": '{ "type": "module" }\n' });
    const none = await runCliProcess(["generate"], { cwd: dir });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^error: typewire\.config\.js: has no default export/);
    await writeTree(dir, { "typewire.config.json": "{}\n" });
    const two = await runCliProcess(["generate"], { cwd: dir });
    expect(two.code).toBe(1);
    expect(two.stderr).toBe(
      "error: typewire.config.json: typewire.config.js is here too, and typewire reads one config file: delete or rename all but one, or name one with --config\n",
    );
    expect(existsSync(join(dir, "output"))).toBe(false);
  });
});

describe("generate's progress", () => {
  it("prints a line as each target starts, before it is done, and one when its files are ready", async () => {
    // A content endpoint that holds its answer until the CLI has said the content target started:
    // the line reaches the terminal while the target is still waiting, not at the end.
    const emulator = await createContentServer({ port: 0 });
    let output = "";
    let started: () => void = () => undefined;
    const sawStart = new Promise<void>((resolve) => {
      started = resolve;
    });
    const proxy = createServer(async (req, res) => {
      const body = await readBody(req);
      await sawStart;
      const answer = await fetch(emulator.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(await answer.text());
    });
    const running = await listen(proxy);
    const { port } = proxy.address() as { port: number };
    try {
      const dir = await tempDir();
      await writeTree(dir, {
        "events.json": await bundledTable(),
        "typewire.config.json": JSON.stringify({
          webhooks: { events: "events.json", out: "gen/webhooks" },
          content: {
            out: "gen/content",
            schemas: { live: { endpoint: `http://127.0.0.1:${port}/api` } },
          },
        }),
      });
      const child = spawn(process.execPath, cliArgs("generate"), {
        cwd: dir,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.setEncoding("utf8").on("data", (text: string) => {
        output += text;
        if (output.includes("typewire: content → gen/content: generating")) started();
      });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (text: string) => {
        stderr += text;
      });
      const code = await new Promise((resolve) => child.on("close", resolve));
      expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
      const lines = output.trimEnd().split("\n");
      expect(lines.slice(0, 4)).toEqual([
        "typewire: webhooks → gen/webhooks: generating",
        expect.stringMatching(/^typewire: webhooks: 5 files generated \(\d+\.\d\d s\)$/),
        "typewire: content → gen/content: generating",
        expect.stringMatching(/^typewire: content: \d+ files generated \(\d+\.\d\d s\)$/),
      ]);
      expect(lines.at(-1)).toMatch(/^typewire: \d+ of \d+ files written in \d+\.\d\d s$/);
    } finally {
      await running.close();
      await emulator.close();
    }
  }, 60_000);

  it("says when a target's inputs are unchanged since the last run, and --quiet prints nothing", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "events.json": await bundledTable(),
      "node_modules/.keep": "",
      "typewire.config.json": JSON.stringify({ webhooks: { events: "events.json", out: "gen" } }),
    });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    const again = await runCli(["generate"], dir);
    expect(again.stdout.split("\n").slice(0, 2)).toEqual([
      "typewire: webhooks → gen: generating",
      expect.stringMatching(
        /^typewire: webhooks: 5 files, inputs unchanged since the last run \(\d+\.\d\d s\)$/,
      ),
    ]);
    await writeTree(dir, { "events.json": '{ "events": { "push": [] } }' });
    expect(await runCli(["generate", "--quiet"], dir)).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("document errors: one per cause", () => {
  async function project(document: string) {
    const dir = await tempDir();
    await copyFile(
      join(packageRoot, "schemas/content/public.graphql"),
      join(dir, "public.graphql"),
    );
    await copyFile(join(packageRoot, "schemas/content/schema.graphql"), join(dir, "full.graphql"));
    await writeTree(dir, {
      "queries/page.graphql": document,
      "typewire.config.json": JSON.stringify({
        content: {
          out: "gen",
          schemas: { public: { file: "public.graphql" }, full: { file: "full.graphql" } },
          documents: [{ include: ["queries/*.graphql"], schemas: ["public", "full"] }],
        },
      }),
    });
    return dir;
  }

  it("a fragment refused for one schema is the only error: no knock-on unused variable", async () => {
    const dir = await project(
      [
        "query PageByUri($uri: [String]!, $width: Int = 1600) {",
        '  page: entry(section: "pages", uri: $uri) {',
        "    title",
        "    ... on User { photo { url @transform(width: $width) } }",
        "  }",
        "}",
        "",
      ].join("\n"),
    );
    const run = await runCli(["generate"], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain("never used");
    expect(run.stderr).toContain(
      'error: queries/page.graphql:4:5: fragment on type User, which schema "public" lacks',
    );
    expect(existsSync(join(dir, "gen"))).toBe(false);
  });

  it("a field dropped for one schema is a warning only, even when it alone uses a variable", async () => {
    const dir = await project(
      [
        "query People($limit: Int) {",
        "  ping",
        "  users(limit: $limit) { username }",
        "}",
        "",
      ].join("\n"),
    );
    const run = await runCli(["generate"], dir);
    expect(run.stderr).not.toContain("never used");
    expect(run.stderr).toMatch(/^warning: queries\/page\.graphql:3:3: field users of type Query/);
    expect(run.code).toBe(0);
  });

  it("a variable the document never uses is still an error", async () => {
    const dir = await project("query Ping($width: Int) {\n  ping\n}\n");
    const run = await runCli(["generate"], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'queries/page.graphql:1:12: Variable "$width" is never used in operation "Ping".',
    );
  });
});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}
