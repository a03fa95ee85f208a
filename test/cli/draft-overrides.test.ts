import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { examplePayload } from "@typewire/runtime/testing";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeTree } from "../helpers/temp-project.js";

const kept = (id: string, payload: unknown) =>
  `${JSON.stringify({ id, event: "issues.opened", name: "issues", paths: [], payload }, null, 2)}\n`;

function withTriage(triage: unknown) {
  const payload = examplePayload("issues.opened");
  return { ...payload, issue: { ...payload.issue, triage } };
}

/** Generating the platform's whole table, twice, on a busy machine. */
const TIMEOUT = { timeout: 120_000 };

describe("typewire draft-overrides", () => {
  it(
    "adds the fields kept deliveries carry to webhooks.overrides, typed from the values sent; generate types them",
    TIMEOUT,
    async () => {
      const dir = await tempDir("typewire-draft-");
      await writeTree(dir, {
        "typewire.config.json": JSON.stringify({
          webhooks: { out: "generated", overrides: "overrides.json" },
        }),
        "drift/issues.opened--a.json": kept("a", withTriage({ score: 1, note: null })),
        "drift/issues.opened--b.json": kept("b", withTriage({ score: 2.5, note: "dup" })),
      });
      const drafted = await runCli(["draft-overrides", "--deliveries", "drift"], dir);
      expect(drafted).toEqual({
        code: 0,
        stderr: "",
        stdout: expect.stringContaining(
          "added 1 field from 2 kept deliveries to overrides.json:\n  issues.json#/definitions/opened/properties/issue triage\n",
        ),
      });
      const file = JSON.parse(await readFile(join(dir, "overrides.json"), "utf8"));
      expect(file.overrides).toEqual([
        {
          at: "issues.json#/definitions/opened/properties/issue",
          addProperties: {
            triage: {
              type: "object",
              properties: { note: { type: ["string", "null"] }, score: { type: "number" } },
              required: ["note", "score"],
            },
          },
          because: 'deliveries carry "triage", which the schema does not declare',
          evidence: ["drift/issues.opened--a.json", "drift/issues.opened--b.json"],
        },
      ]);
      const generated = await runCli(["generate"], dir);
      expect(generated.code).toBe(0);
      const issues = await readFile(join(dir, "generated/payloads/issues.ts"), "utf8");
      expect(issues).toMatch(/triage\?: \{\n\s+note: string \| null;\n\s+score: number;\n/);
      const again = await runCli(["draft-overrides", "--deliveries", "drift"], dir);
      expect(again.stdout).toBe(
        "typewire: 2 kept deliveries carry no field the payload types lack; overrides.json unchanged\n",
      );
    },
  );

  it("says where to name the overrides file when the config has none", async () => {
    const dir = await tempDir("typewire-draft-");
    await writeTree(dir, {
      "typewire.config.json": JSON.stringify({ webhooks: { out: "generated" } }),
      "drift/issues.opened--a.json": kept("a", withTriage(1)),
    });
    const { code, stderr } = await runCli(["draft-overrides", "--deliveries", "drift"], dir);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'name the overrides file as "webhooks.overrides" in the config (or pass --overrides FILE)',
    );
    expect((await runCli(["draft-overrides"], dir)).code).toBe(2);
  });

  it("names the config line of overrides given without payload schemas to change", async () => {
    const dir = await tempDir("typewire-draft-");
    await writeTree(dir, {
      "typewire.config.json":
        '{\n  "webhooks": {\n    "events": "events.json",\n    "out": "generated",\n    "overrides": "overrides.json"\n  }\n}\n',
      "events.json": "{}\n",
      "overrides.json": '{ "overrides": [] }\n',
    });
    const { code, stderr } = await runCli(["generate"], dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /typewire\.config\.json:5:\d+: .*"overrides" change payload schemas: name them in "payloads"/,
    );
  });

  it("names a kept file that is not a delivery, or of an event the table lacks, and writes nothing", async () => {
    const dir = await tempDir("typewire-draft-");
    await writeTree(dir, {
      "typewire.config.json": JSON.stringify({
        webhooks: { out: "generated", overrides: "overrides.json" },
      }),
      "drift/a.json": '{ "id": "1" }\n',
      "drift/b.json": '{ "id": "2", "name": "nope", "payload": {} }\n',
      "drift/c.json": "null\n",
    });
    const { code, stderr } = await runCli(["draft-overrides", "--deliveries", "drift"], dir);
    expect(code).toBe(1);
    expect(stderr).toContain("drift/a.json:1:1: a kept delivery is");
    expect(stderr).toMatch(/drift\/b\.json:1:\d+: "nope" is not an event of /);
    expect(stderr).toContain("drift/c.json:1:1: a kept delivery is");
    await expect(readFile(join(dir, "overrides.json"), "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("generate rejects an override that adds a field already declared, naming its line", async () => {
    const dir = await tempDir("typewire-draft-");
    const override = {
      at: "definitions.json#/definitions/issue",
      addProperties: { title: { type: "string" } },
      because: "a stale entry",
      evidence: ["drift/x.json"],
    };
    await writeTree(dir, {
      "typewire.config.json": JSON.stringify({
        webhooks: { out: "generated", overrides: "overrides.json" },
      }),
      "overrides.json": JSON.stringify({ overrides: [override] }, null, 2),
    });
    const { code, stderr } = await runCli(["generate"], dir);
    expect(code).toBe(1);
    expect(stderr).toContain(
      "overrides.json:3:5: title is already declared there (override for definitions.json#/definitions/issue)",
    );
  });
});
