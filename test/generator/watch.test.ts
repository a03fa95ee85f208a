import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { watch } from "../../generator/watch.js";
import type { WriteResult } from "../../generator/writer.js";
import { tempDir, writeTree } from "../helpers/temp-project.js";
import { until } from "../helpers/until.js";

describe("watch", () => {
  it("regenerates when the table changes, reports bad input and keeps the last good output", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "events.json": '{"events": {"push": []}}',
      "typewire.config.json": '{"webhooks": {"events": "events.json", "out": "gen"}}',
    });
    const results: WriteResult[] = [];
    const errors: unknown[] = [];
    const watcher = await watch("typewire.config.json", dir, {
      onGenerated: (result) => results.push(result),
      onError: (error) => errors.push(error),
    });
    try {
      expect(results).toHaveLength(1);
      const names = () => readFile(join(dir, "gen/event-names.ts"), "utf8");
      expect(await names()).not.toContain('"star"');

      await writeFile(join(dir, "events.json"), '{"events": {"push": [], "star": ["created"]}}');
      await until(async () => (await names()).includes('"star.created"'), "the new event");
      expect(results.at(-1)?.written).toContain("gen/event-names.ts");

      const good = await names();
      await writeFile(join(dir, "events.json"), '{"events": {"push": [], "push": []}}');
      await until(() => errors.length > 0, "the error");
      expect(String(errors[0])).toMatch(/duplicate key "push"/);
      expect(await names()).toBe(good);

      await writeFile(
        join(dir, "typewire.config.json"),
        '{"webhooks": {"events": "events.json", "out": "gen2"}}',
      );
      await writeFile(join(dir, "events.json"), '{"events": {"fork": []}}');
      await until(
        async () =>
          (await readFile(join(dir, "gen2/event-names.ts"), "utf8").catch(() => "")).includes(
            '"fork"',
          ),
        "the config change",
      );
    } finally {
      watcher.close();
    }
  });
});
