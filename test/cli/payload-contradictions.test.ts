import { describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { snapshotDir, tempDir, writeTree } from "../helpers/temp-project.js";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const user = { type: "object", required: ["id"], properties: { id: { type: "integer" } } };
const variant = (action: unknown) => ({
  type: "object",
  required: ["action"],
  properties: { action },
});
const issues = (closed: unknown, opened: unknown = { const: "opened" }) => ({
  type: "object",
  required: ["sender"],
  properties: { sender: { $ref: "definitions.json#/definitions/user" } },
  oneOf: [{ $ref: "#/definitions/closed" }, { $ref: "#/definitions/opened" }],
  definitions: { closed: variant(closed), opened: variant(opened) },
});

/** A project whose payload schemas are written by `payloads`; output goes to `gen/`. */
async function project(payloads: Record<string, unknown>) {
  const dir = await tempDir();
  await writeTree(dir, {
    "typewire.config.json": json({
      webhooks: { events: "events.json", payloads: "payloads", out: "gen" },
    }),
    "events.json": json({ events: { issues: ["closed", "opened"], push: [] } }),
    "payloads/definitions.json": json({ definitions: { user } }),
    "payloads/push.json": json({ type: "object", properties: {} }),
    ...Object.fromEntries(
      Object.entries(payloads).map(([name, value]) => [`payloads/${name}`, json(value)]),
    ),
  });
  return dir;
}

// Payload schemas that contradict the event/action table: the CLI runs as a process.
describe("payload schemas that contradict the event/action table", () => {
  it("an action fixed to another action, or an enum beyond it, is an error at its line and pointer; nothing is written", async () => {
    const dir = await project({
      "issues.json": issues({ const: "reopened" }, { enum: ["opened", "closed"] }),
    });
    const before = await snapshotDir(dir);
    const { code, stdout, stderr } = await runCliProcess(["generate"], { cwd: dir });
    expect(code).toBe(1);
    expect(stdout).toBe("typewire: webhooks → gen: generating\n");
    expect(stderr.trim().split("\n")).toEqual([
      'error: payloads/issues.json:27:11: "action" is "reopened", but variant "closed" of event "issues" must fix "action" to "closed" (at /definitions/closed/properties/action/const)',
      'error: payloads/issues.json:40:13: "action" is "closed", but variant "opened" of event "issues" must fix "action" to "opened" (at /definitions/opened/properties/action/enum/1)',
    ]);
    expect(await snapshotDir(dir)).toEqual(before);
  }, 30_000);

  it("a schema file for an event the table does not have is an error naming that file", async () => {
    const dir = await project({
      "issues.json": issues({ const: "closed" }),
      "isue_comment.json": { type: "object", properties: {} },
    });
    const before = await snapshotDir(dir);
    const { code, stderr } = await runCliProcess(["generate"], { cwd: dir });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'error: payloads/isue_comment.json:1:1: a payload schema for event "isue_comment", which events.json does not have (add the event to the table or remove the file)',
    );
    expect(await snapshotDir(dir)).toEqual(before);
  }, 30_000);

  it("an event without actions may not fix a root action; agreeing schemas generate", async () => {
    const dir = await project({ "issues.json": issues({ const: "closed" }) });
    await writeTree(dir, {
      "payloads/push.json": json({ type: "object", properties: { action: { const: "pushed" } } }),
    });
    const refused = await runCliProcess(["generate"], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'error: payloads/push.json:5:7: "action" is "pushed", but event "push" has no actions in the table (at /properties/action/const)',
    );

    // With `action` left open, the same project generates, and the variant keeps its action.
    await writeTree(dir, {
      "payloads/push.json": json({ type: "object", properties: { action: { type: "string" } } }),
    });
    const generated = await runCliProcess(["generate"], { cwd: dir });
    expect(generated.stderr).toBe("");
    expect(generated.code).toBe(0);
    const files = Object.keys(await snapshotDir(`${dir}/gen`));
    expect(files.length).toBeGreaterThan(0);
  }, 30_000);
});
