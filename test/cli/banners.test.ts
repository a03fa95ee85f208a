import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundledFile } from "../../input/paths.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { tempDir, writeTree } from "../helpers/temp-project.js";

async function banners(dir: string): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else result.set(path.slice(dir.length + 1), (await readFile(path, "utf8")).split("\n")[1]!);
    }
  };
  await walk(dir);
  return result;
}

describe("banners of files generated in a user's project", () => {
  it("name the user's own inputs, or the config key that replaces a bundled one, never typewire's sources", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "typewire.config.json": JSON.stringify({
        webhooks: { out: "src/gen/webhooks" },
        content: { out: "src/gen/content", schemas: { cms: { file: "schemas/cms.graphql" } } },
      }),
      "schemas/cms.graphql": await readFile(bundledFile("schemas/content/public.graphql"), "utf8"),
    });
    const result = await runCliProcess(["generate", "--quiet"], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    const lines = await banners(join(dir, "src/gen"));
    expect(lines.size).toBeGreaterThan(80);
    for (const [file, line] of lines) {
      expect(line, file).not.toMatch(/templates\/|generator\/|node_modules|\.hbs/);
    }
    expect(lines.get("webhooks/event-names.ts")).toBe(
      "// It comes from the platform's event table bundled with typewire: to use your own, name them as webhooks.events in typewire.config.json and run `typewire generate`.",
    );
    expect(lines.get("webhooks/payloads/push.ts")).toMatch(
      /platform's payload schemas bundled with typewire: .* as webhooks\.payloads in typewire\.config\.json/,
    );
    for (const file of ["cms/types.ts", "cms/query.ts", "cms/index.ts"]) {
      expect(lines.get(`content/${file}`)).toBe(
        "// To change it, edit schemas/cms.graphql and run `typewire generate`.",
      );
    }
  }, 60_000);

  it("name a project's own event table by its path from the config file", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "config/typewire.config.json": JSON.stringify({
        webhooks: { events: "../tables/events.json", out: "../gen" },
      }),
      "tables/events.json": '{"events": {"push": []}}',
    });
    const result = await runCliProcess(
      ["generate", "--quiet", "--config", "config/typewire.config.json"],
      { cwd: dir },
    );
    expect(result.code, result.stderr).toBe(0);
    expect((await banners(join(dir, "gen"))).get("event-names.ts")).toBe(
      "// To change it, edit ../tables/events.json and run `typewire generate`.",
    );
  }, 60_000);
});
