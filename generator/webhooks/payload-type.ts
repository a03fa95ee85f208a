import { compile } from "json-schema-to-typescript";
import { GeneratorError } from "../../input/errors.js";
import { compareText } from "../writer.js";
import type { JsonSchema } from "./payload-schema.js";

/**
 * PascalCase of a snake_case name.
 *
 * @example
 * pascalCase("pull_request"); // "PullRequest"
 */
export function pascalCase(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}

/**
 * The name of a payload type.
 *
 * @example
 * payloadTypeName("pull_request", "opened"); // "PullRequestOpenedEvent"
 * payloadTypeName("push"); // "PushEvent"
 */
export function payloadTypeName(event: string, action?: string): string {
  return `${pascalCase(event)}${action ? pascalCase(action) : ""}Event`;
}

const REF = /^(?:definitions\.json)?#\/definitions\/([a-z0-9_]+)$/;

/**
 * Rewrites a schema for json-schema-to-typescript: every `$ref` to a shared definition becomes a
 * `tsType` naming its interface (so definitions are emitted once, in `definitions.ts`, and never
 * inlined), and nested `title`s are dropped (they would each become a separately named type).
 * Records the interface names it used in `used`.
 *
 * @example
 * toTypeSchema({ $ref: "definitions.json#/definitions/user" }, new Set()); // { tsType: "User" }
 */
export function toTypeSchema(schema: unknown, used: Set<string>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toTypeSchema(item, used));
  if (typeof schema !== "object" || schema === null) return schema;
  const entries = Object.entries(schema as JsonSchema);
  const ref = (schema as JsonSchema).$ref;
  if (typeof ref === "string") {
    const name = pascalCase(REF.exec(ref)?.[1] ?? "");
    used.add(name);
    return { tsType: name };
  }
  const out: JsonSchema = {};
  for (const [key, value] of entries) {
    if (key === "title" || key === "$schema" || key === "$id") continue;
    // `properties` maps field names to schemas: keep the names, sort them (an `action` first).
    out[key] =
      key === "properties" && typeof value === "object" && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => byField(a, b))
              .map(([name, child]) => [name, toTypeSchema(child, used)]),
          )
        : toTypeSchema(value, used);
  }
  return out;
}

/**
 * One object type from an event's root schema and one action variant: the root's fields, the
 * variant's fields on top, `action` first and the rest sorted by name.
 *
 * @example
 * const opened = flattenVariant(issuesFile, issuesFile.definitions.opened);
 */
export function flattenVariant(root: JsonSchema, variant: JsonSchema | undefined): JsonSchema {
  const properties = { ...asRecord(root.properties), ...asRecord(variant?.properties) };
  const names = Object.keys(properties).sort(byField);
  const required = new Set([...asStrings(root.required), ...asStrings(variant?.required)]);
  const action = (asRecord(asRecord(variant?.properties).action) as { const?: unknown }).const;
  const rootDescription = typeof root.description === "string" ? root.description : "";
  const description =
    variant?.description ??
    (typeof action === "string"
      ? `${rootDescription} Action \`${action}\`.`.trim()
      : rootDescription);
  return {
    type: "object",
    ...(description ? { description } : {}),
    required: [...required].sort(compareText),
    properties: Object.fromEntries(names.map((name) => [name, properties[name]])),
    ...("additionalProperties" in root ? { additionalProperties: root.additionalProperties } : {}),
  };
}

/**
 * Compiles one schema to a TypeScript declaration named `name`. Fields not listed in a schema are
 * not in the type (`additionalProperties: false` as the default), so reading a misspelt field is a
 * compile error even though validation accepts new fields the platform adds.
 *
 * @example
 * await compilePayloadType({ type: "object", properties: {} }, "PingEvent", "ping.json", "ping");
 */
export async function compilePayloadType(
  schema: JsonSchema,
  name: string,
  file: string,
  entry: string,
): Promise<string> {
  try {
    const text = await compile({ ...schema, title: name }, name, {
      bannerComment: "",
      format: false,
      additionalProperties: false,
      unknownAny: true,
      declareExternallyReferenced: true,
      strictIndexSignatures: false,
      ignoreMinAndMaxItems: true,
    });
    return text.trim();
  } catch (error) {
    throw new GeneratorError(
      `cannot turn the schema into a type: ${(error as Error).message}`,
      { file, entry },
      { cause: error },
    );
  }
}

/** Field order in generated types: `action` first, then by name. */
function byField(a: string, b: string): number {
  return a === "action" ? -1 : b === "action" ? 1 : compareText(a, b);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}
