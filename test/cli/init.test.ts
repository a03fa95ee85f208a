import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../cli/main.js";
import { loadConfig } from "../../generator/config.js";
import { ownEventTable } from "../helpers/own-event-table.js";
import { runCli, tempDir, writeTree } from "../helpers/temp-project.js";
import { until } from "../helpers/until.js";

const RUNTIME_IMPORT = 'import { Webhooks } from "@typewire/runtime/webhooks";';

describe("typewire init", () => {
  it("writes a config with saved schema files, prints the next commands, and says what it could not save yet", async () => {
    const dir = await tempDir();
    const result = await runCli(
      [
        "init",
        "--endpoint",
        "https://cms.example/api",
        "--token-env",
        "CMS_TOKEN",
        "--schema",
        "partners",
      ],
      dir,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("typewire: wrote typewire.config.json");
    expect(result.stdout).toMatch(/^ {2}export CMS_TOKEN=\.\.\. +# the content API token$/m);
    // The platform's webhook code comes from the runtime: only the content module is generated.
    expect(result.stdout).toMatch(/^ {2}npx typewire generate +# writes src\/generated\/content$/m);
    expect(result.stdout).toContain(`  ${RUNTIME_IMPORT}\n`);
    // The comments of the next-step lines start in one column.
    const columns = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("  ") && line.includes("#"))
      .map((line) => line.indexOf("#"));
    expect(new Set(columns).size).toBe(1);

    const written = JSON.parse(await readFile(join(dir, "typewire.config.json"), "utf8"));
    expect(written.webhooks).toBeUndefined();
    expect(written.content.schemas).toEqual({
      public: { file: "cms/public.graphql", endpoint: "https://cms.example/api" },
      partners: {
        file: "cms/partners.graphql",
        endpoint: "https://cms.example/api",
        tokenEnv: "CMS_TOKEN",
      },
    });
    // The endpoint cannot be reached from here and the token is not set: the config is written
    // all the same, and the report says what is not saved yet and the command that saves it.
    expect(result.stdout).toMatch(
      /^ {2}npx typewire introspect +# saves the schemas init could not reach$/m,
    );
    expect(result.stdout).toMatch(
      /^Not saved yet: cms\/public\.graphql \(schema "public"\): .+\.$/m,
    );
    expect(result.stdout).toContain(
      'Not saved yet: cms/partners.graphql (schema "partners"): CMS_TOKEN is not set.',
    );
    expect(await readdir(dir)).toEqual(["graphql.config.json", "typewire.config.json"]);
    await expect(loadConfig(undefined, dir)).rejects.toThrow(
      /"cms\/partners\.graphql" does not exist .*: save it from https:\/\/cms\.example\/api with `typewire introspect`/,
    );
  });

  it("--live keeps the endpoints in the config, introspected on every run, and says what CI then needs", async () => {
    const dir = await tempDir();
    const result = await runCli(
      ["init", "--endpoint", "https://cms.example/api", "--token-env", "CMS_TOKEN", "--live"],
      dir,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("CI needs the API and its token");
    expect(result.stdout).not.toContain("introspect --check");
    const written = JSON.parse(await readFile(join(dir, "typewire.config.json"), "utf8"));
    expect(written.content.schemas).toEqual({
      public: { endpoint: "https://cms.example/api" },
      private: { endpoint: "https://cms.example/api", tokenEnv: "CMS_TOKEN" },
    });
    process.env.CMS_TOKEN = "from-the-test";
    try {
      const config = await loadConfig(undefined, dir);
      expect(config.webhooks).toBeUndefined();
      expect(config.content?.out).toBe(join(dir, "src/generated/content"));
    } finally {
      delete process.env.CMS_TOKEN;
    }
  });

  it("without flags writes a config with no section, which generate and check accept and say so", async () => {
    const dir = await tempDir();
    const result = await runCli(["init"], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(dir, "typewire.config.json"), "utf8"))).toEqual({
      $schema: "./node_modules/typewire/schemas/config.schema.json",
    });
    // What init is for, that the platform's table needs nothing generated, and how to add a
    // table of your own or a content API.
    expect(result.stdout).toContain(
      "typewire: wrote typewire.config.json, which generates nothing yet",
    );
    expect(result.stdout).toContain(`  ${RUNTIME_IMPORT}\n`);
    expect(result.stdout).toContain(
      "npx typewire init --events FILE --payloads DIR [--webhooks-out DIR]",
    );
    expect(result.stdout).toContain('"webhooks": { "events": FILE, "payloads": DIR, "out": DIR }');
    expect(result.stdout).toContain("npx typewire init --endpoint URL");
    expect(result.stdout).not.toContain("src/generated");

    const config = await loadConfig(undefined, dir);
    expect(config).toEqual({ file: join(dir, "typewire.config.json") });

    const generated = await runCli(["generate"], dir);
    expect(generated).toMatchObject({ code: 0, stderr: "" });
    expect(generated.stdout).toMatch(
      /^typewire: typewire\.config\.json has nothing to generate: it has no "webhooks" or "content" section\.\n/,
    );
    expect(generated.stdout).toContain(`  ${RUNTIME_IMPORT}\n`);
    expect(generated.stdout).toContain(
      'add "webhooks": { "events": FILE, "payloads": DIR, "out": DIR }',
    );
    expect(generated.stdout).toContain('"content": { "out": DIR, "schemas"');
    expect(await readdir(dir)).toEqual(["typewire.config.json"]);

    const quiet = await runCli(["generate", "--quiet"], dir);
    expect(quiet).toEqual({ code: 0, stdout: "", stderr: "" });

    const checked = await runCli(["check"], dir);
    expect(checked).toMatchObject({ code: 0, stderr: "" });
    expect(checked.stdout).toMatch(
      /^typewire: typewire\.config\.json has nothing to generate: it has no "webhooks" or "content" section, so nothing is stale\.\n/,
    );
    expect(await readdir(dir)).toEqual(["typewire.config.json"]);
  });

  it("generate --watch on a config with no section says so, and generates once a section is added", async () => {
    const dir = await tempDir();
    await writeTree(dir, ownEventTable);
    expect((await runCli(["init"], dir)).code).toBe(0);
    let stdout = "";
    let stop = () => {};
    const io = {
      stdout: (text: string) => {
        stdout += text;
      },
      stderr: (text: string) => {
        stdout += text;
      },
      cwd: dir,
      interrupted: new Promise<void>((resolve) => {
        stop = resolve;
      }),
    };
    const watching = main(["generate", "--watch"], io);
    try {
      await until(() => stdout.includes("watching for changes"), "the watcher to start");
      expect(stdout).toContain("typewire.config.json has nothing to generate");
      expect(stdout).not.toContain("files written");
      await writeFile(
        join(dir, "typewire.config.json"),
        '{ "webhooks": { "events": "webhooks/events.json", "out": "gen" } }\n',
      );
      await until(
        () =>
          readFile(join(dir, "gen/event-names.ts"), "utf8").then(
            (text) => text.includes('"deploy_hook.fired"'),
            () => false,
          ),
        "the new section to be generated",
      );
      await until(() => stdout.includes("files written"), "the report of the run");
    } finally {
      stop();
    }
    expect(await watching).toBe(0);
  });

  it("--events and --payloads write a webhooks section for your own table, which generate writes", async () => {
    const dir = await tempDir();
    await writeTree(dir, ownEventTable);
    const result = await runCli(
      ["init", "--events", "webhooks/events.json", "--payloads", "webhooks/payloads"],
      dir,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(dir, "typewire.config.json"), "utf8"))).toEqual({
      $schema: "./node_modules/typewire/schemas/config.schema.json",
      webhooks: {
        events: "webhooks/events.json",
        payloads: "webhooks/payloads",
        out: "src/generated/webhooks",
      },
    });
    expect(result.stdout).toMatch(
      /^ {2}npx typewire generate +# writes src\/generated\/webhooks$/m,
    );
    expect(result.stdout).toContain(
      "Import your event table's code from src/generated/webhooks/index.js.",
    );
    expect(result.stdout).not.toContain(RUNTIME_IMPORT);

    expect(await loadConfig(undefined, dir)).toEqual({
      file: join(dir, "typewire.config.json"),
      webhooks: {
        events: join(dir, "webhooks/events.json"),
        payloads: join(dir, "webhooks/payloads"),
        out: join(dir, "src/generated/webhooks"),
      },
    });
    const generated = await runCli(["generate"], dir);
    expect(generated).toMatchObject({ code: 0, stderr: "" });
    expect(generated.stdout).toMatch(
      /^typewire: webhooks → src\/generated\/webhooks: \d+ files, \d+ written/m,
    );
    const out = join(dir, "src/generated/webhooks");
    const names = await readFile(join(out, "event-names.ts"), "utf8");
    expect(names).toContain('"deploy_hook.fired"');
    expect(names).toContain('"build_finished"');
    expect(names).not.toContain("issues");
    expect((await readdir(join(out, "payloads"))).sort()).toEqual([
      "build_finished.ts",
      "definitions.ts",
      "deploy_hook.ts",
      "index.ts",
      "map.ts",
    ]);
    expect(await readFile(join(out, "example-payloads.ts"), "utf8")).toContain(
      '"deploy_hook.fired": () => ({',
    );
    expect((await runCli(["check"], dir)).code).toBe(0);
  });

  it("--events alone: no payloads key; --webhooks-out alone: the bundled table into that folder", async () => {
    const dir = await tempDir();
    await writeTree(dir, ownEventTable);
    const own = await runCli(
      ["init", "--events", "webhooks/events.json", "--webhooks-out", "gen/hooks"],
      dir,
    );
    expect(own.code, own.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(dir, "typewire.config.json"), "utf8")).webhooks).toEqual({
      events: "webhooks/events.json",
      out: "gen/hooks",
    });
    expect(own.stdout).toContain("Without payload schemas (webhooks.payloads");

    const bundled = await tempDir();
    const result = await runCli(["init", "--webhooks-out", "gen/hooks"], bundled);
    expect(result.code, result.stderr).toBe(0);
    const written = JSON.parse(await readFile(join(bundled, "typewire.config.json"), "utf8"));
    expect(written.webhooks).toEqual({ out: "gen/hooks" });
    expect(written.content).toBeUndefined();
    expect(result.stdout).not.toContain("export ");
    expect(result.stdout).toContain("gen/hooks gets the platform's own table");
  });

  it("paths are relative to where init runs, and written relative to the config's folder", async () => {
    const dir = await tempDir();
    // No config/ folder yet: init makes it.
    await writeTree(dir, ownEventTable);
    const result = await runCli(
      [
        "init",
        "--config",
        "config/typewire.config.json",
        "--events",
        "webhooks/events.json",
        "--payloads",
        "webhooks/payloads",
        "--webhooks-out",
        "src/hooks",
      ],
      dir,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("typewire: wrote config/typewire.config.json\n");
    const config = await loadConfig("config/typewire.config.json", dir);
    expect(config.webhooks).toEqual({
      events: join(dir, "webhooks/events.json"),
      payloads: join(dir, "webhooks/payloads"),
      out: join(dir, "src/hooks"),
    });
    expect(
      JSON.parse(await readFile(join(dir, "config/typewire.config.json"), "utf8")).webhooks,
    ).toEqual({
      events: "../webhooks/events.json",
      payloads: "../webhooks/payloads",
      out: "../src/hooks",
    });
  });

  it("refuses an --events that is not a file and a --payloads that is not a folder, naming each, and writes nothing", async () => {
    const dir = await tempDir();
    await writeTree(dir, ownEventTable);
    const missing = await runCli(
      ["init", "--events", "webhooks/nope.json", "--payloads", "webhooks/events.json"],
      dir,
    );
    expect(missing).toEqual({
      code: 1,
      stdout: "",
      stderr: [
        `error: webhooks/nope.json: does not exist (resolved to ${join(dir, "webhooks/nope.json")}); --events names your event/action table`,
        "error: webhooks/events.json: is not a folder; --payloads takes the payload JSON Schemas of that table, a folder of JSON files",
        "",
      ].join("\n"),
    });
    const folder = await runCli(["init", "--events", "webhooks"], dir);
    expect(folder).toMatchObject({
      code: 1,
      stderr:
        "error: webhooks: is not a file; --events takes your event/action table, a JSON file\n",
    });
    await expect(readFile(join(dir, "typewire.config.json"), "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("never overwrites an existing config", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "typewire.config.json"), '{ "mine": true }\n');
    const result = await runCli(["init"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("typewire.config.json");
    expect(result.stderr).toContain("already exists");
    expect(await readFile(join(dir, "typewire.config.json"), "utf8")).toBe('{ "mine": true }\n');
  });

  it("never writes a JSON config beside a config module", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "typewire.config.mjs"), "export default {};\n");
    const result = await runCli(["init"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("typewire.config.mjs: already exists");
    await expect(readFile(join(dir, "typewire.config.json"), "utf8")).rejects.toThrow(/ENOENT/);
  });

  it.each([
    [["--token-env", "CMS_TOKEN"], "--token-env goes with --endpoint"],
    [["--endpoint", "https://cms.example/api", "--schema", "x"], "give --token-env too"],
    [["--endpoint", "cms.example/api"], "--endpoint must be an http or https URL"],
    [
      ["--endpoint", "https://cms.example/api", "--token-env", "1TOKEN"],
      "environment variable name",
    ],
    [
      ["--endpoint", "https://cms.example/api", "--token-env", "T", "--schema", "public"],
      'not "public"',
    ],
    [["--payloads", "webhooks/payloads"], "--payloads goes with --events"],
    [["--content-out", "src/cms"], "--content-out goes with --endpoint"],
    [["--live"], "--live goes with --endpoint"],
    [["--documents", "src/*.graphql"], "--documents goes with --endpoint"],
    [
      ["--endpoint", "https://cms.example/api", "--live", "--schema-dir", "s"],
      "give --schema-dir or --live, not both",
    ],
  ])("refuses %j as wrong usage and writes nothing", async (args, message) => {
    const dir = await tempDir();
    const result = await runCli(["init", ...args], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    await expect(readFile(join(dir, "typewire.config.json"), "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("has --help", async () => {
    const result = await runCli(["init", "--help"], await tempDir());
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: typewire init");
    expect(result.stdout).toContain("--token-env NAME");
    expect(result.stdout).toContain("--events FILE");
    expect(result.stdout).toContain("--payloads DIR");
    expect(result.stdout).toContain("without flags the config\ngenerates nothing yet");
    expect(result.stdout).toContain(`\n  ${RUNTIME_IMPORT}\n`);
  });
});
