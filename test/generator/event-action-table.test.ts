import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GeneratorError } from "../../input/errors.js";
import { packageRoot } from "../../input/paths.js";
import {
  emitterEventNamesOf,
  readEventActionTable,
} from "../../generator/webhooks/event-action-table.js";
import { tempDir, writeTree } from "../helpers/temp-project.js";

async function readTable(text: string) {
  const dir = await tempDir();
  await writeTree(dir, { "events.json": text });
  return readEventActionTable(join(dir, "events.json"), "events.json");
}

async function tableError(text: string): Promise<GeneratorError> {
  const error = await readTable(text).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GeneratorError);
  return error as GeneratorError;
}

describe("readEventActionTable", () => {
  it("sorts events and actions, and lists names with event.action combinations", async () => {
    const table = await readTable('{"events": {"push": [], "issues": ["opened", "closed"]}}');
    expect(table.events).toEqual([
      { name: "issues", actions: ["closed", "opened"] },
      { name: "push", actions: [] },
    ]);
    expect(emitterEventNamesOf(table)).toEqual([
      "issues",
      "issues.closed",
      "issues.opened",
      "push",
    ]);
  });

  it("matches the spec for the bundled table: 75 events, 248 actions, 323 names", async () => {
    const table = await readEventActionTable(join(packageRoot, "schemas/webhooks/events.json"));
    expect(table.events).toHaveLength(75);
    expect(table.events.reduce((n, e) => n + e.actions.length, 0)).toBe(248);
    expect(emitterEventNamesOf(table)).toHaveLength(323);
    expect(table.events.find((e) => e.name === "platform_app_authorization")?.actions).toEqual([
      "revoked",
    ]);
    expect(table.events.find((e) => e.name === "push")?.actions).toEqual([]);
  });

  const bad: {
    name: string;
    text: string;
    message: RegExp;
    line: number;
    column: number;
    entry?: string;
  }[] = [
    {
      name: "duplicate event",
      text: '{\n  "events": {\n    "push": [],\n    "push": []\n  }\n}',
      message: /duplicate key "push"/,
      line: 4,
      column: 5,
      entry: "events.push",
    },
    {
      name: "duplicate action",
      text: '{\n  "events": {\n    "issues": ["opened",\n      "opened"]\n  }\n}',
      message: /duplicate action "opened" in event "issues"/,
      line: 4,
      column: 7,
      entry: "events.issues.1",
    },
    {
      name: "event name outside [a-z0-9_]+",
      text: '{\n  "events": {\n    "Pull-Request": []\n  }\n}',
      message: /event name "Pull-Request" must match \[a-z0-9_\]\+/,
      line: 3,
      column: 5,
      entry: "events.Pull-Request",
    },
    {
      name: "action name outside [a-z0-9_]+",
      text: '{"events": {"issues": ["opened", "re opened"]}}',
      message: /action "re opened" of event "issues" must match/,
      line: 1,
      column: 34,
      entry: "events.issues.1",
    },
    {
      name: "actions not an array",
      text: '{\n  "events": {\n    "issues": "opened"\n  }\n}',
      message: /must be an array/,
      line: 3,
      column: 5,
      entry: "events.issues",
    },
    {
      name: "an action that is not a string",
      text: '{"events": {"issues": [1]}}',
      message: /must be a string/,
      line: 1,
      column: 24,
      entry: "events.issues.0",
    },
    {
      name: "unknown top-level key",
      text: '{"events": {}, "extra": true}',
      message: /unknown key "extra"/,
      line: 1,
      column: 16,
      entry: "extra",
    },
    {
      name: "missing events",
      text: "{}",
      message: /missing required key "events"/,
      line: 1,
      column: 1,
    },
    {
      name: "no events at all",
      text: '{"events": {}}',
      message: /lists no events/,
      line: 1,
      column: 2,
    },
    {
      name: "JSON syntax error",
      text: '{\n  "events": {\n    "push": [],\n  }\n}',
      message: /invalid JSON: property name expected/,
      line: 4,
      column: 3,
    },
    {
      name: "empty file",
      text: "",
      message: /invalid JSON/,
      line: 1,
      column: 1,
    },
  ];

  for (const c of bad) {
    it(`rejects ${c.name} with file, line and column`, async () => {
      const error = await tableError(c.text);
      expect(error.message).toMatch(c.message);
      expect(error.location).toMatchObject({ file: "events.json", line: c.line, column: c.column });
      if (c.entry) expect(error.location.entry).toBe(c.entry);
      expect(error.format()).toMatch(new RegExp(`^events\\.json:${c.line}:${c.column}: `));
    });
  }

  it("rejects an unreadable file, naming it", async () => {
    const error = await readEventActionTable("/nonexistent/events.json").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).format()).toBe(
      "/nonexistent/events.json: cannot read file: no such file or directory",
    );
  });
});
