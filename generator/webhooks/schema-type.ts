import { GeneratorError } from "../../input/errors.js";
import {
  type Declaration,
  type Member,
  type TypeNode,
  literal,
  typeName,
  union,
} from "../print/ts-syntax.js";
import type { JsonSchema } from "./payload-schema-model.js";
import { byField } from "./payload-type.js";

/** What a schema of a payload file may say, and what it becomes. */
const KEYWORDS = new Set([
  "$ref",
  "additionalProperties",
  "anyOf",
  "const",
  "description",
  "enum",
  "items",
  "oneOf",
  "properties",
  "required",
  "title",
  "type",
  "$schema",
  "$id",
  "definitions",
]);

/** Turns a `$ref` into the name of the type it points at, recording that the type is used. */
export type RefName = (ref: string) => string;

/**
 * The declaration of one payload type: an interface for an object schema, else a type alias.
 * Fields not listed in a schema are not in the type, so reading a misspelt field is a compile
 * error even though validation accepts the new fields the platform adds; a free-form map says so
 * with `"additionalProperties": true` and gets `[k: string]: unknown`. A field is optional unless
 * `required` lists it; `"type": ["string", "null"]`, `enum`, `const`, `anyOf` and `oneOf` become
 * unions and literals; `description` becomes the doc comment.
 *
 * @example
 * schemaDeclaration({ type: "object", properties: { zen: { type: "string" } }, required: ["zen"] },
 *   "PingEvent", (ref) => ref, { file: "ping.json", entry: "ping" });
 * // { kind: "interface", name: "PingEvent", members: [{ name: "zen", type: string, ... }], ... }
 */
export function schemaDeclaration(
  schema: JsonSchema,
  name: string,
  refName: RefName,
  where: { file: string; entry: string },
): Declaration {
  const type = schemaType(schema, refName, where, null);
  const doc = description(schema);
  if (type.kind === "object") {
    return { kind: "interface", name, exported: true, members: type.members, doc };
  }
  return { kind: "alias", name, exported: true, type, doc };
}

/**
 * Where a schema is, below its entry, as a list from the last key back: made a key at a time
 * as the walk goes down, and turned into a dotted path only for an error.
 */
type Path = { readonly parent: Path; readonly key: string; readonly next?: string } | null;

/** `path` and `key` below it, and `next` below that: one node for both, as most are two keys. */
function below(path: Path, key: string, next?: string): Path {
  return { parent: path, key, next };
}

/** The types every primitive schema stands for, one node each, shared: nothing changes a node. */
const UNKNOWN = typeName("unknown");
const PRIMITIVES: Record<string, TypeNode> = {
  string: typeName("string"),
  boolean: typeName("boolean"),
  null: typeName("null"),
  number: typeName("number"),
  integer: typeName("number"),
};

function schemaType(
  schema: unknown,
  refName: RefName,
  where: { file: string; entry: string },
  path: Path,
): TypeNode {
  if (schema === true || schema === undefined) return UNKNOWN;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    throw located(`a schema must be an object, got ${JSON.stringify(schema)}`, where, path);
  }
  const s = schema as JsonSchema;
  for (const key in s) {
    if (!KEYWORDS.has(key))
      throw located(`the schema keyword "${key}" is not supported`, where, below(path, key));
  }
  if (typeof s.$ref === "string") return typeName(refName(s.$ref));
  if ("const" in s) return literalOf(s.const, where, below(path, "const"));
  if (Array.isArray(s.enum))
    return union(s.enum.map((value, i) => literalOf(value, where, below(path, "enum", String(i)))));
  const key = Array.isArray(s.anyOf) ? "anyOf" : Array.isArray(s.oneOf) ? "oneOf" : undefined;
  if (key !== undefined) {
    return union(
      (s[key] as unknown[]).map((alt, i) =>
        schemaType(alt, refName, where, below(path, key, String(i))),
      ),
    );
  }
  // Most schemas are one primitive type.
  if (typeof s.type === "string" && Object.hasOwn(PRIMITIVES, s.type)) return PRIMITIVES[s.type]!;
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
  if (types.length === 0) return UNKNOWN;
  return union(
    dedupe(
      types.map((type) => {
        switch (type) {
          case "string":
          case "boolean":
          case "null":
          case "number":
          case "integer":
            return PRIMITIVES[type]!;
          case "array":
            return {
              kind: "array",
              element: schemaType(s.items, refName, where, below(path, "items")),
            };
          case "object":
            return {
              kind: "object",
              expanded: true,
              members: objectMembers(s, refName, where, path),
            };
          default:
            throw located(`unknown type ${JSON.stringify(type)}`, where, below(path, "type"));
        }
      }),
    ),
  );
}

function objectMembers(
  schema: JsonSchema,
  refName: RefName,
  where: { file: string; entry: string },
  path: Path,
): Member[] {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const names = Object.keys(properties).sort(byField);
  const members: Member[] = names.map((name) => ({
    kind: "property",
    name,
    optional: !required.has(name),
    type: schemaType(properties[name], refName, where, below(path, "properties", name)),
    doc: description(properties[name]),
  }));
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) {
    const type = schemaType(extra, refName, where, below(path, "additionalProperties"));
    // TypeScript checks every listed field against the index signature, so the signature also
    // allows their types (and `undefined` when one is optional).
    const listed = members.flatMap((member) =>
      member.kind === "property"
        ? [member.type, ...(member.optional ? [typeName("undefined")] : [])]
        : [],
    );
    members.push({
      kind: "index",
      key: "k",
      keyType: typeName("string"),
      type:
        listed.length === 0 || (type.kind === "name" && type.name === "unknown")
          ? type
          : union(dedupe([type, ...listed])),
    });
  }
  return members;
}

function literalOf(value: unknown, where: { file: string; entry: string }, path: Path): TypeNode {
  if (value === null) return typeName("null");
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return literal(value);
  }
  throw located(
    `only strings, numbers, booleans and null can be constants, got ${JSON.stringify(value)}`,
    where,
    path,
  );
}

function description(schema: unknown): string | undefined {
  const text = (schema as { description?: unknown } | null)?.description;
  return typeof text === "string" && text.trim() ? text.trim() : undefined;
}

/**
 * Unions list each member once, as the same schema twice (`number` and `integer`) means one type.
 * A name (or a literal) is compared by its text; an array or object type only against another
 * of its kind, through its JSON text: a nested schema is thus serialised only when its union has
 * two such members, not once per level it is nested in.
 */
function dedupe(types: readonly TypeNode[]): TypeNode[] {
  if (types.length < 2) return types as TypeNode[];
  const seen = new Set<string>();
  const compound = types.filter((type) => type.kind !== "name" && type.kind !== "literal");
  const keyed = compound.length > 1;
  return types.filter((type) => {
    const key =
      type.kind === "name" && type.args === undefined
        ? `name:${type.name}`
        : type.kind === "literal"
          ? `literal:${typeof type.value}:${String(type.value)}`
          : keyed || type.kind === "name"
            ? JSON.stringify(type)
            : undefined;
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function located(message: string, where: { file: string; entry: string }, path: Path) {
  const keys: string[] = [];
  for (let at = path; at !== null; at = at.parent) {
    if (at.next !== undefined) keys.unshift(at.next);
    keys.unshift(at.key);
  }
  return new GeneratorError(message, { file: where.file, entry: [where.entry, ...keys].join(".") });
}
