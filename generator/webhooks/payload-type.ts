import { compareText } from "../writer.js";
import type { JsonSchema } from "./payload-schema-model.js";

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
 * Names the shared definition a `$ref` points at (`definitions.json#/definitions/user` is `User`)
 * and records it in `used`, so the file imports exactly what it references.
 *
 * @example
 * definitionRef(new Set())("definitions.json#/definitions/simple_pull_request"); // "SimplePullRequest"
 */
export function definitionRef(used: Set<string>): (ref: string) => string {
  return (ref) => {
    const name = pascalCase(REF.exec(ref)?.[1] ?? "");
    used.add(name);
    return name;
  };
}

/**
 * One object type from an event's root schema and one action variant: the root's fields, the
 * variant's fields on top, `action` first and the rest sorted by name.
 *
 * @example
 * const opened = flattenVariant(issuesFile, issuesFile.definitions.opened);
 */
export function flattenVariant(root: JsonSchema, variant: JsonSchema | undefined): JsonSchema {
  // A variant that is one of several shapes (a review request names a user or a team) is the
  // union of those shapes, each with the root's fields.
  if (variant && Array.isArray(variant.anyOf) && variant.properties === undefined) {
    const { anyOf, ...rest } = variant;
    const shapes = (anyOf as JsonSchema[]).map((shape) =>
      flattenVariant(root, { ...shape, description: undefined }),
    );
    const merged = flattenVariant(root, { ...rest, properties: {} });
    return {
      ...(merged.description ? { description: merged.description } : {}),
      anyOf: shapes.map(({ description: _, ...shape }) => shape),
    };
  }
  const properties = { ...asRecord(root.properties), ...asRecord(variant?.properties) };
  const names = Object.keys(properties).sort(byField);
  const required = new Set([...asStrings(root.required), ...asStrings(variant?.required)]);
  const action = (asRecord(asRecord(variant?.properties).action) as { const?: unknown }).const;
  const rootDescription = typeof root.description === "string" ? root.description : "";
  const description =
    (typeof variant?.description === "string" ? variant.description : undefined) ??
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

/** Field order in generated types: `action` first, then by name. */
export function byField(a: string, b: string): number {
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
