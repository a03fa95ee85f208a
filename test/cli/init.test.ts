import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../generator/config.js";
import { runCli, tempDir } from "../helpers/temp-project.js";

describe("typewire init", () => {
  it("writes a config that generate accepts, and prints the next commands", async () => {
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
    expect(result.stdout).toMatch(
      /^ {2}npx typewire generate +# writes src\/generated\/webhooks and src\/generated\/content$/m,
    );
    // The comments of the next-step lines start in one column.
    const columns = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("  ") && line.includes("#"))
      .map((line) => line.indexOf("#"));
    expect(new Set(columns).size).toBe(1);

    const written = JSON.parse(await readFile(join(dir, "typewire.config.json"), "utf8"));
    expect(written.content.schemas).toEqual({
      public: { endpoint: "https://cms.example/api" },
      partners: { endpoint: "https://cms.example/api", tokenEnv: "CMS_TOKEN" },
    });
    process.env.CMS_TOKEN = "from-the-test";
    try {
      const config = await loadConfig(undefined, dir);
      expect(config.webhooks?.out).toBe(join(dir, "src/generated/webhooks"));
      expect(config.content?.out).toBe(join(dir, "src/generated/content"));
    } finally {
      delete process.env.CMS_TOKEN;
    }
  });

  it("without flags writes the webhooks section only, to the folder asked for", async () => {
    const dir = await tempDir();
    const result = await runCli(["init", "--webhooks-out", "gen/hooks"], dir);
    expect(result.code, result.stderr).toBe(0);
    const written = JSON.parse(await readFile(join(dir, "typewire.config.json"), "utf8"));
    expect(written.webhooks).toEqual({ out: "gen/hooks" });
    expect(written.content).toBeUndefined();
    expect(result.stdout).not.toContain("export ");
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
  });
});
