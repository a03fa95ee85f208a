import { describe, expect, it } from "vitest";
import { MAX_INPUT_DEPTH } from "../../input/nesting-depth.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { snapshotDir, tempDir, writeTree } from "../helpers/temp-project.js";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const deepArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const webhooksConfig = json({
  webhooks: { events: "events.json", payloads: "payloads", out: "gen" },
});
const goodWebhooks = {
  "typewire.config.json": webhooksConfig,
  "events.json": json({ events: { push: [] } }),
  "payloads/definitions.json": json({ definitions: {} }),
  "payloads/push.json": json({ type: "object", properties: {} }),
};

/** Runs `generate` in a fresh project of `files` and returns what it printed; nothing may change. */
async function refused(files: Record<string, string>) {
  const dir = await tempDir();
  await writeTree(dir, files);
  const before = await snapshotDir(dir);
  const result = await runCliProcess(["generate"], { cwd: dir });
  expect(await snapshotDir(dir)).toEqual(before);
  expect(result.code).toBe(1);
  // Only the progress line of the target that failed: nothing was written.
  expect(result.stdout).toMatch(/^(typewire: \w+ → [\w/]+: generating\n)?$/);
  expect(result.stderr).not.toMatch(/Maximum call stack|RangeError|template/i);
  return result.stderr.trim();
}

const limit = `nesting deeper than ${MAX_INPUT_DEPTH} levels, the limit for every input`;

// Inputs nested beyond the documented depth, as a user's files: the CLI runs as a process.
describe("deeply nested input", () => {
  it("a config file nested too deep is an error at its line and column", async () => {
    const text = `{\n  "webhooks": { "out": "gen", "x": ${deepArray(20_000)} }\n}\n`;
    expect(await refused({ "typewire.config.json": text })).toBe(
      `error: typewire.config.json:2:${36 + MAX_INPUT_DEPTH - 2}: ${limit}`,
    );
  }, 30_000);

  it("an event table and a payload schema nested too deep name their file", async () => {
    const events = `{"events": {"push": ${deepArray(50_000)}}}`;
    expect(await refused({ ...goodWebhooks, "events.json": events })).toBe(
      `error: events.json:1:${21 + MAX_INPUT_DEPTH - 2}: ${limit}`,
    );
    // Built as text: JSON.stringify itself would overflow the stack on an object this deep.
    const schema = `${'{"type": "object", "properties": {"a": '.repeat(5_000)}{"type": "string"}${"}}".repeat(5_000)}`;
    const message = await refused({ ...goodWebhooks, "payloads/push.json": schema });
    expect(message).toMatch(new RegExp(`^error: payloads/push\\.json:1:\\d+: ${limit}$`));
  }, 30_000);

  it("an SDL list type and an introspection result nested too deep name file, line and column", async () => {
    const config = json({ content: { out: "gen", schemas: { site: { file: "schema.graphql" } } } });
    const sdl = `type Query {\n  deep: ${"[".repeat(1_000)}String${"]".repeat(1_000)}\n}\n`;
    expect(await refused({ "typewire.config.json": config, "schema.graphql": sdl })).toBe(
      `error: schema.graphql:2:${9 + MAX_INPUT_DEPTH - 1}: ${limit}`,
    );

    const type = `${'{"kind": "LIST", "name": null, "ofType": '.repeat(10_000)}{"kind": "SCALAR", "name": "String"}${"}".repeat(10_000)}`;
    const introspection = `{"__schema": {"queryType": {"name": "Query"}, "directives": [], "types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "deep", "args": [], "type": ${type}}]}]}}`;
    const message = await refused({
      "typewire.config.json": json({
        content: { out: "gen", schemas: { site: { file: "schema.json" } } },
      }),
      "schema.json": introspection,
    });
    expect(message).toMatch(new RegExp(`^error: schema\\.json:1:\\d+: ${limit}$`));
  }, 30_000);

  it("nesting within the limit generates: an SDL list type 20 levels deep", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "typewire.config.json": json({
        content: { out: "gen", schemas: { site: { file: "schema.graphql" } } },
      }),
      "schema.graphql": `type Query {\n  deep: ${"[".repeat(20)}String${"]".repeat(20)}\n}\n`,
    });
    const { code, stderr } = await runCliProcess(["generate"], { cwd: dir });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const files = await snapshotDir(`${dir}/gen`);
    expect(Object.keys(files)).toContain("site/types.ts");
  }, 30_000);
});
