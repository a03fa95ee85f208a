import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TypewireConfig } from "../../generator/config.js";
import { GeneratorError } from "../../input/errors.js";
import { generate } from "../../generator/generate.js";

const ref = (name: string) => ({ $ref: `definitions.json#/definitions/${name}` });
const user = {
  type: "object",
  required: ["login", "id"],
  properties: { login: { type: "string" }, id: { type: "integer" } },
};
const definitions = { definitions: { user } };
const push = {
  type: "object",
  required: ["ref", "sender"],
  properties: { ref: { type: "string" }, sender: ref("user") },
};
const issues = {
  type: "object",
  required: ["sender"],
  properties: { sender: ref("user") },
  oneOf: [{ $ref: "#/definitions/closed" }, { $ref: "#/definitions/opened" }],
  definitions: {
    closed: { type: "object", required: ["action"], properties: { action: { const: "closed" } } },
    opened: {
      type: "object",
      required: ["action", "assignee"],
      properties: { action: { const: "opened" }, assignee: ref("user") },
    },
  },
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "typewire-payloads-"));
  await mkdir(join(dir, "payloads"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function setUp(
  files: Record<string, unknown>,
  events: Record<string, string[]> = { issues: ["closed", "opened"], push: [] },
) {
  await writeFile(join(dir, "events.json"), JSON.stringify({ events }, null, 2));
  for (const [name, content] of Object.entries(files)) {
    const text = typeof content === "string" ? content : JSON.stringify(content, null, 2);
    await writeFile(join(dir, "payloads", name), text);
  }
  const config: TypewireConfig = {
    webhooks: {
      events: join(dir, "events.json"),
      payloads: join(dir, "payloads"),
      out: join(dir, "out"),
    },
  };
  return config;
}

async function failure(config: TypewireConfig): Promise<GeneratorError> {
  const error = await generate(config, dir).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GeneratorError);
  await expect(readdir(join(dir, "out"))).rejects.toThrow(/ENOENT/);
  return error as GeneratorError;
}

describe("payload types from payload schemas", () => {
  it("emits one interface per action, the event union, shared definitions once, and the map", async () => {
    await generate(
      await setUp({ "definitions.json": definitions, "push.json": push, "issues.json": issues }),
      dir,
    );
    const read = (path: string) => readFile(join(dir, "out", path), "utf8");
    const issuesTs = await read("payloads/issues.ts");
    expect(issuesTs).toContain("export type IssuesEvent = IssuesClosedEvent | IssuesOpenedEvent;");
    expect(issuesTs).toMatch(
      /export interface IssuesOpenedEvent \{\n\s+action: "opened";\n\s+assignee: User;\n\s+sender: User;\n\s*\}/,
    );
    expect(issuesTs).toContain('import type { User } from "./definitions.js";');
    expect(issuesTs).not.toContain("interface User");
    expect(await read("payloads/push.ts")).toMatch(
      /export interface PushEvent \{\n\s+ref: string;\n\s+sender: User;\n\s*\}/,
    );
    expect(await read("payloads/definitions.ts")).toMatch(
      /export interface User \{\n\s+id: number;\n\s+login: string;\n\s*\}/,
    );
    const map = await read("payloads/map.ts");
    expect(map).toContain('"issues.opened": IssuesOpenedEvent;');
    expect(map).toContain("issues: IssuesEvent;");
    expect(map).toContain("push: PushEvent;");
    expect(map).toContain(
      'import type { IssuesEvent, IssuesClosedEvent, IssuesOpenedEvent } from "./issues.js";',
    );
    // The index re-exports every payload file and the map; it declares nothing itself.
    const index = await read("payloads/index.ts");
    expect(index).toContain('export type * from "./issues.js";');
    expect(index).toContain('export type * from "./map.js";');
    expect(index).not.toContain("interface");
    const events = await read("events.ts");
    // The event map is built from the payload map, imported from its own module (never through
    // the index's re-exports), and a name map.
    expect(events).toContain('import type { WebhookPayloadMap } from "./payloads/map.js";');
    expect(events).toContain("export type EmitterWebhookPayloadMap = WebhookPayloadMap;");
    expect(events).toContain('"issues.opened": "issues";');
    expect(events).toMatch(
      /\[TName in EmitterWebhookEventName\]: \{\s*id: string;\s*name: EmitterWebhookNameMap\[TName\];\s*payload: EmitterWebhookPayloadMap\[TName\];/,
    );
  });

  const cases: {
    name: string;
    files: Record<string, unknown>;
    file: string;
    message: RegExp;
    line?: number;
    entry?: string;
  }[] = [
    {
      name: "invalid JSON",
      files: {
        "definitions.json": definitions,
        "push.json": push,
        "issues.json": '{\n  "type": "object",\n  "required": [,]\n}',
      },
      file: "payloads/issues.json",
      message: /invalid JSON: value expected/,
      line: 3,
    },
    {
      name: "an unresolvable $ref",
      files: {
        "definitions.json": definitions,
        "issues.json": issues,
        "push.json": { ...push, properties: { ref: { type: "string" }, sender: ref("nobody") } },
      },
      file: "payloads/push.json",
      message: /unresolvable \$ref "definitions\.json#\/definitions\/nobody"/,
      entry: "properties.sender.$ref",
    },
    {
      name: "a missing event schema",
      files: { "definitions.json": definitions, "issues.json": issues },
      file: "payloads/push.json",
      message: /missing payload schema for event "push" of events\.json/,
    },
    {
      name: "a missing action variant",
      files: {
        "definitions.json": definitions,
        "push.json": push,
        "issues.json": {
          ...issues,
          oneOf: [{ $ref: "#/definitions/closed" }],
          definitions: { closed: issues.definitions.closed },
        },
      },
      file: "payloads/issues.json",
      message: /action "opened" in the table but no "definitions\.opened"/,
      entry: "definitions.opened",
    },
    {
      name: "an invalid JSON Schema keyword value",
      files: {
        "definitions.json": definitions,
        "issues.json": issues,
        "push.json": { ...push, properties: { ref: { type: "strng" }, sender: ref("user") } },
      },
      file: "payloads/push.json",
      message: /not a valid JSON Schema/,
      entry: "properties.ref.type",
    },
    {
      name: "a missing definitions file",
      files: { "push.json": push, "issues.json": issues },
      file: "payloads/definitions.json",
      message: /missing definitions\.json/,
    },
  ];
  for (const { name, files, file, message, line, entry } of cases) {
    it(`rejects ${name} with file and location, writing nothing`, async () => {
      const error = await failure(await setUp(files));
      expect(error.message).toMatch(message);
      expect(error.location.file).toBe(file);
      if (line !== undefined) expect(error.location.line).toBe(line);
      if (entry !== undefined) expect(error.location.entry).toBe(entry);
      if (entry !== undefined) expect(error.location.line).toBeGreaterThan(1);
    });
  }

  it("without payload schemas, narrows only the action and emits no payload modules", async () => {
    const config = await setUp({});
    delete config.webhooks?.payloads;
    await generate(config, dir);
    const events = await readFile(join(dir, "out/events.ts"), "utf8");
    expect(events).toMatch(/"issues\.opened": \{ action: "opened"; \[field: string\]: unknown \}/);
    expect(events).toContain('"issues.opened": "issues";');
    expect(events).not.toContain("Payloads.");
    await expect(readdir(join(dir, "out/payloads"))).rejects.toThrow(/ENOENT/);
  });

  it("rejects two payload types that would get the same name", async () => {
    const error = await failure(
      await setUp(
        {
          "definitions.json": definitions,
          "a_b.json": {
            ...push,
            oneOf: [{ $ref: "#/definitions/c" }],
            definitions: { c: { properties: { action: { const: "c" } } } },
          },
          "a.json": {
            ...push,
            oneOf: [{ $ref: "#/definitions/b_c" }],
            definitions: { b_c: { properties: { action: { const: "b_c" } } } },
          },
        },
        { a: ["b_c"], a_b: ["c"] },
      ),
    );
    expect(error.message).toMatch(/would both be named ABCEvent/);
  });
});
