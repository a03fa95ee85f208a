import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compile } from "json-schema-to-typescript";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { bundledFile } from "../../input/paths.js";

/**
 * The payload types typewire prints (`payloads/*.ts`, read through `WebhookPayloadMap`) against
 * json-schema-to-typescript, the library for JSON Schema to TypeScript that the printer replaced
 * (a devDependency): for every event and every `event.action`, the library's type of the same
 * schema and typewire's must each be assignable to the other. The library's output is generated
 * here from the committed schemas, and both sides are checked in one TypeScript 5.9 program.
 */
const PAYLOADS = bundledFile("schemas/webhooks/payloads");
const MAP = bundledFile("runtime/src/generated/webhooks/payloads/map.ts");
const work = mkdtempSync(join(tmpdir(), "typewire-payload-oracle-"));
afterAll(() =>
  process.env.KEEP_ORACLE ? undefined : rmSync(work, { recursive: true, force: true }),
);

type Schema = Record<string, unknown>;
const table = JSON.parse(readFileSync(bundledFile("schemas/webhooks/events.json"), "utf8")) as {
  events: Record<string, string[]>;
};

function eventSchema(event: string): Schema {
  return JSON.parse(readFileSync(join(PAYLOADS, `${event}.json`), "utf8")) as Schema;
}

/**
 * One schema whose properties are every payload, keyed as `WebhookPayloadMap` is (`issues`,
 * `issues.opened`): each event's action variants move to the root `definitions` under
 * `<event>__<action>`, and its `oneOf` points at them there. The payload schemas set no
 * `additionalProperties` where a payload may carry fields they do not list, so the library is
 * told to read that as `false`, which is what typewire's printer does.
 */
function oracleSchema(schemas: ReadonlyMap<string, Schema>): Schema {
  const properties: Record<string, unknown> = {};
  const definitions: Record<string, unknown> = {};
  for (const [event, schema] of schemas) {
    const { $schema: _, title: __, definitions: variants, oneOf, ...rest } = schema;
    const variantSchemas = (variants ?? {}) as Record<string, Schema>;
    for (const action of table.events[event] ?? []) {
      const key = `${event}__${action}`;
      const { title: _title, ...variant } = variantSchemas[action]!;
      definitions[key] = variant;
      properties[`${event}.${action}`] = { $ref: `#/definitions/${key}` };
    }
    properties[event] = Array.isArray(oneOf)
      ? {
          ...rest,
          oneOf: oneOf.map((entry) => ({
            $ref: String((entry as Schema).$ref).replace(
              /^#\/definitions\/(.+)$/,
              `#/definitions/${event}__$1`,
            ),
          })),
        }
      : rest;
  }
  return {
    title: "OraclePayloads",
    type: "object",
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
    definitions,
  };
}

/** The keys whose two types are not mutually assignable, with the compiler's first message. */
async function mismatches(schemas: ReadonlyMap<string, Schema>): Promise<Map<string, string>> {
  const oracle = await compile(oracleSchema(schemas), "OraclePayloads", {
    bannerComment: "",
    format: false,
    additionalProperties: false,
    cwd: PAYLOADS,
    declareExternallyReferenced: true,
  });
  const keys = [...schemas].flatMap(([event]) => [
    event,
    ...(table.events[event] ?? []).map((action) => `${event}.${action}`),
  ]);
  const oracleFile = join(work, "oracle.ts");
  const checkFile = join(work, "check.ts");
  writeFileSync(oracleFile, oracle);
  writeFileSync(
    checkFile,
    [
      'import type { OraclePayloads } from "./oracle.js";',
      `import type { WebhookPayloadMap } from ${JSON.stringify(MAP.replace(/\.ts$/, ".js"))};`,
      "declare function value<T>(): T;",
      // Line 4 + 2i checks key i one way, line 5 + 2i the other.
      ...keys.flatMap((key, i) => {
        const k = JSON.stringify(key);
        return [
          `export const ours${i}: OraclePayloads[${k}] = value<WebhookPayloadMap[${k}]>();`,
          `export const theirs${i}: WebhookPayloadMap[${k}] = value<OraclePayloads[${k}]>();`,
        ];
      }),
    ].join("\n"),
  );
  const program = ts.createProgram([checkFile], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  });
  const found = new Map<string, string>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file;
    if (file?.fileName !== checkFile.replaceAll("\\", "/") || diagnostic.start === undefined) {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    }
    const { line } = file.getLineAndCharacterOfPosition(diagnostic.start);
    const key = keys[Math.floor((line - 3) / 2)] ?? `line ${line + 1}`;
    if (!found.has(key)) {
      const direction = (line - 3) % 2 === 0 ? "typewire -> library" : "library -> typewire";
      found.set(
        key,
        `${direction}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n").slice(0, 400)}`,
      );
    }
  }
  return found;
}

describe("payload types against json-schema-to-typescript", () => {
  it("every event and event.action has mutually assignable types", async () => {
    const events = Object.keys(table.events).sort();
    expect(events.length).toBeGreaterThan(50);
    const all = new Map(events.map((event) => [event, eventSchema(event)]));
    expect(Object.fromEntries(await mismatches(all))).toEqual({});
  }, 240_000);

  it("a changed field makes the check fail for that payload only", async () => {
    const issues = eventSchema("issues");
    const opened = (issues.definitions as Record<string, Schema>).opened!;
    const properties = opened.properties as Record<string, Schema>;
    // The oracle now says `issues.opened` has a numeric `action` and a required new field.
    properties.action = { type: "number" };
    properties.extra = { type: "string" };
    (opened.required as string[]).push("extra");
    const ping = eventSchema("ping");
    const found = await mismatches(
      new Map([
        ["issues", issues],
        ["ping", ping],
      ]),
    );
    expect([...found.keys()].sort()).toEqual(["issues", "issues.opened"]);
  }, 120_000);
});
