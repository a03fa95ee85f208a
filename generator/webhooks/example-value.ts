import type { ValueMember, ValueNode } from "../print/value-syntax.js";
import type { JsonSchema } from "./payload-schema-model.js";
import { byField, pascalCase } from "./payload-type.js";
import { type FieldContext, plausibleValue, prefersNull } from "./plausible-value.js";

/**
 * The function a generated module declares for a shared object definition.
 *
 * @example
 * exampleFunctionName("pull_request"); // "examplePullRequest"
 */
export function exampleFunctionName(definition: string): string {
  return `example${pascalCase(definition)}`;
}

const SHARED_REF = /^(?:definitions\.json)?#\/definitions\/([a-z0-9_]+)$/;

/** Thrown when a value would contain itself; a nullable field or an array stops it. */
export class Cycle extends Error {
  constructor(readonly path: readonly string[]) {
    super(path.join(" → "));
  }
}

/** What building examples keeps: the shared definitions, those built, those being built. */
export interface ExampleState {
  shared: Record<string, JsonSchema>;
  definitionsFile: string;
  built: Map<string, ValueNode>;
  building: string[];
}

/**
 * The example value of one schema, where `context` places it (see `FieldContext`): `const`,
 * an `enum` value (the action's name when the enum holds it), the first alternative that is not
 * `null`, an object of its required fields, one element in an array of objects, or a plausible
 * scalar. A shared object definition is built once into `state.built` and called by name.
 * Throws `Cycle` when a definition would contain itself; a nullable field or an array on the way
 * stops the cycle with `null` or `[]`.
 *
 * @example
 * exampleValue(state, { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
 *   { field: "issue", noun: "issues" }); // { kind: "object", members: [["id", 66617728]] }
 */
export function exampleValue(
  state: ExampleState,
  schema: JsonSchema,
  context: FieldContext,
): ValueNode {
  if (typeof schema.$ref === "string") return sampleRef(state, schema.$ref, context);
  if ("const" in schema) return fromJson(schema.const);
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[];
    return fromJson(
      context.action !== undefined && values.includes(context.action) ? context.action : values[0],
    );
  }
  // The declared types, read in one pass: most schemas declare one, as a string.
  const declared = schema.type;
  let object = false;
  let canBeNull = false;
  let first: string | undefined;
  const list: readonly unknown[] = Array.isArray(declared) ? declared : [declared];
  for (let i = 0; i < list.length; i++) {
    const type = list[i];
    if (typeof type !== "string") continue;
    if (type === "object") object = true;
    if (type === "null") canBeNull = true;
    else first ??= type;
  }
  const alternatives = (
    Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : []
  ) as JsonSchema[];
  if (!object && alternatives.length > 0) {
    const nonNull = alternatives.filter((alternative) => alternative.type !== "null");
    return nullable(nonNull.length < alternatives.length, context, () =>
      nonNull.length ? exampleValue(state, nonNull[0]!, context) : null,
    );
  }
  // A schema that lists properties but no type still describes an object.
  const type = first ?? (schema.properties ? "object" : undefined);
  return nullable(canBeNull, context, () => {
    switch (type) {
      case "object":
        return sampleObject(state, schema, context);
      case "array":
        return sampleArray(state, schema, context);
      case "string":
      case "integer":
      case "number":
      case "boolean":
        return plausibleValue(type, context);
      default:
        return null;
    }
  });
}

/** `null` where a nullable field prefers it or where its value would contain itself. */
function nullable(canBeNull: boolean, context: FieldContext, value: () => ValueNode): ValueNode {
  if (!canBeNull) return value();
  if (prefersNull(context)) return null;
  try {
    return value();
  } catch (error) {
    if (error instanceof Cycle) return null;
    throw error;
  }
}

function sampleRef(state: ExampleState, ref: string, context: FieldContext): ValueNode {
  const name = SHARED_REF.exec(ref)?.[1];
  const definition = name === undefined ? undefined : state.shared[name];
  // The schema reader has resolved every reference already; an action variant (`#/definitions/x`
  // of an event file) is only referenced from the root `oneOf`, which is not sampled.
  if (name === undefined || definition === undefined) return null;
  if (definition.type !== "object") return exampleValue(state, definition, context);
  if (state.building.includes(name))
    throw new Cycle([...state.building.slice(state.building.indexOf(name)), name]);
  if (!state.built.has(name)) {
    state.building.push(name);
    try {
      const noun = nounOf(name);
      state.built.set(name, exampleValue(state, definition, { field: noun, noun }));
    } finally {
      state.building.pop();
    }
  }
  return { kind: "call", callee: exampleFunctionName(name) };
}

/**
 * What a shared definition is about, for plausible values: the description's component names
 * carry a `webhooks` word and a counter (`repository_webhooks`, `webhooks_issue_2`) that are not.
 */
function nounOf(definition: string): string {
  const words = definition.split("_").filter((word) => word !== "webhooks" && !/^\d+$/.test(word));
  return words.length > 0 ? words.join("_") : definition;
}

function sampleObject(state: ExampleState, schema: JsonSchema, context: FieldContext): ValueNode {
  // A variant that requires one of several fields lists them as `anyOf` alternatives: the first.
  const alternative = (Array.isArray(schema.anyOf) ? schema.anyOf[0] : {}) as JsonSchema;
  // A field's schema is the object's own, else the alternative's.
  const own = record(schema.properties);
  const other = record(alternative.properties);
  const required = [...new Set([...strings(schema.required), ...strings(alternative.required)])];
  const members: ValueMember[] = required.sort(byField).map((field) => [
    field,
    // The object's fields are about the object, named by the field that holds it (or by its
    // shared definition's name, or by the event at the top level).
    exampleValue(state, ((Object.hasOwn(own, field) ? own : other)[field] ?? {}) as JsonSchema, {
      field,
      noun: context.field,
      action: context.action,
    }),
  ]);
  return { kind: "object", members };
}

function sampleArray(state: ExampleState, schema: JsonSchema, context: FieldContext): ValueNode {
  const items = record(schema.items) as JsonSchema;
  if (!holdsObjects(state, items)) return { kind: "array", elements: [] };
  try {
    return {
      kind: "array",
      elements: [exampleValue(state, items, { ...context, field: singular(context.field) })],
    };
  } catch (error) {
    if (error instanceof Cycle) return { kind: "array", elements: [] };
    throw error;
  }
}

/** Lists of scalars stay empty: their entries mean too many different things to guess. */
function holdsObjects(state: ExampleState, items: JsonSchema): boolean {
  if (typeof items.$ref === "string") {
    const name = SHARED_REF.exec(items.$ref)?.[1];
    return name !== undefined && state.shared[name]?.type === "object";
  }
  return items.type === "object";
}

function singular(field: string): string {
  if (field.endsWith("ies")) return `${field.slice(0, -3)}y`;
  if (/(?:ch|sh|x|ss)es$/.test(field)) return field.slice(0, -2);
  return field.endsWith("s") ? field.slice(0, -1) : field;
}

function fromJson(value: unknown): ValueNode {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return { kind: "array", elements: value.map(fromJson) };
  if (typeof value === "object") {
    return {
      kind: "object",
      members: Object.entries(value as object).map(
        ([key, member]) => [key, fromJson(member)] as const,
      ),
    };
  }
  return null;
}

/** A JSON object's entries, or none for any other value. */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The strings of a JSON array, or none for any other value. */
export function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}
