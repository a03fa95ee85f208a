import { GeneratorError } from "../../input/errors.js";
import type { ValueMember, ValueNode } from "../print/value-syntax.js";
import { compareText } from "../writer.js";
import type { JsonSchema, PayloadSchemas } from "./payload-schema.js";
import { byField, pascalCase } from "./payload-type.js";
import { type FieldContext, plausibleValue, prefersNull } from "./plausible-value.js";

/** An example payload for every event without actions and every `event.action`. */
export interface ExamplePayloads {
  /** The shared object definitions the payloads use, each built once, sorted by name. */
  definitions: { name: string; value: ValueNode }[];
  /** Sorted by name, as `emitterEventNames` is. */
  payloads: { name: string; value: ValueNode }[];
}

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
class Cycle extends Error {
  constructor(readonly path: readonly string[]) {
    super(path.join(" → "));
  }
}

interface State {
  shared: Record<string, JsonSchema>;
  definitionsFile: string;
  built: Map<string, ValueNode>;
  building: string[];
}

/**
 * Builds, from the payload schemas themselves, an example payload for every event and action:
 * every required field filled with a plausible value for its name (ids, logins, URLs,
 * timestamps, hashes; see `plausible-value.ts`), `const` and `enum` honoured (an enum that
 * holds the action's name takes it), the first alternative of `anyOf`/`oneOf`, one element in an
 * array of objects, and `null` for a nullable timestamp of what has not happened. Optional
 * fields are left out. Shared definitions that are objects are built once and referenced by
 * name. A definition that contains itself through required, non-nullable fields has no finite
 * example: that is a GeneratorError naming it.
 *
 * @example
 * const { payloads } = buildExamplePayloads(schemas);
 * payloads.find((p) => p.name === "issues.opened"); // { name, value: { kind: "object", members: [["action", "opened"], ...] } }
 */
export function buildExamplePayloads(schemas: PayloadSchemas): ExamplePayloads {
  const state: State = {
    shared: Object.fromEntries(schemas.definitions.map(({ name, schema }) => [name, schema])),
    definitionsFile: schemas.definitionsFile,
    built: new Map(),
    building: [],
  };
  const payloads: ExamplePayloads["payloads"] = [];
  for (const { event, root, variants } of schemas.events) {
    const entries = variants.length
      ? variants.map(({ action, schema }) => ({ name: `${event}.${action}`, action, schema }))
      : [{ name: event, action: undefined, schema: undefined }];
    for (const { name, action, schema } of entries) {
      const merged = mergeVariant(root, schema);
      payloads.push({
        name,
        value: topLevel(state, merged, { field: event, noun: event, action }),
      });
    }
  }
  payloads.sort((a, b) => compareText(a.name, b.name));
  // A definition built on the way to a value that was then dropped (a cycle stopped by a
  // nullable field) may be called from nowhere: only the reachable ones are declared.
  const byCallee = new Map(
    [...state.built.keys()].map((name) => [exampleFunctionName(name), name]),
  );
  const reachable = new Set<string>();
  const visit = (value: ValueNode): void => {
    if (value === null || typeof value !== "object") return;
    if (value.kind === "array") value.elements.forEach(visit);
    else if (value.kind === "object") for (const [, member] of value.members) visit(member);
    else {
      const name = byCallee.get(value.callee);
      if (name === undefined || reachable.has(name)) return;
      reachable.add(name);
      visit(state.built.get(name)!);
    }
  };
  for (const { value } of payloads) visit(value);
  const definitions = [...state.built]
    .filter(([name]) => reachable.has(name))
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => compareText(a.name, b.name));
  return { definitions, payloads };
}

/** The root's fields and the variant's on top, as one object schema; the root's `oneOf` is gone. */
function mergeVariant(root: JsonSchema, variant: JsonSchema | undefined): JsonSchema {
  return {
    type: "object",
    properties: { ...record(root.properties), ...record(variant?.properties) },
    required: [...strings(root.required), ...strings(variant?.required)],
    ...(Array.isArray(variant?.anyOf) ? { anyOf: variant.anyOf } : {}),
  };
}

function topLevel(state: State, schema: JsonSchema, context: FieldContext): ValueNode {
  try {
    return sample(state, schema, context);
  } catch (error) {
    if (!(error instanceof Cycle)) throw error;
    const [first = ""] = error.path;
    throw new GeneratorError(
      `"${first}" contains itself through required fields (${error.path.join(" → ")}), so no example payload can be built; make one of them optional or nullable`,
      { file: state.definitionsFile, entry: `definitions.${first}` },
    );
  }
}

function sample(state: State, schema: JsonSchema, context: FieldContext): ValueNode {
  if (typeof schema.$ref === "string") return sampleRef(state, schema.$ref, context);
  if ("const" in schema) return fromJson(schema.const);
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[];
    return fromJson(
      context.action !== undefined && values.includes(context.action) ? context.action : values[0],
    );
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type): type is string => typeof type === "string",
  );
  const alternatives = (
    Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : []
  ) as JsonSchema[];
  if (!types.includes("object") && alternatives.length > 0) {
    const nonNull = alternatives.filter((alternative) => alternative.type !== "null");
    return nullable(nonNull.length < alternatives.length, context, () =>
      nonNull.length ? sample(state, nonNull[0]!, context) : null,
    );
  }
  const type = types.find((candidate) => candidate !== "null");
  return nullable(types.includes("null"), context, () => {
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

function sampleRef(state: State, ref: string, context: FieldContext): ValueNode {
  const name = SHARED_REF.exec(ref)?.[1];
  const definition = name === undefined ? undefined : state.shared[name];
  // The schema reader has resolved every reference already; an action variant (`#/definitions/x`
  // of an event file) is only referenced from the root `oneOf`, which is not sampled.
  if (name === undefined || definition === undefined) return null;
  if (definition.type !== "object") return sample(state, definition, context);
  if (state.building.includes(name))
    throw new Cycle([...state.building.slice(state.building.indexOf(name)), name]);
  if (!state.built.has(name)) {
    state.building.push(name);
    try {
      state.built.set(name, sample(state, definition, { field: name, noun: name }));
    } finally {
      state.building.pop();
    }
  }
  return { kind: "call", callee: exampleFunctionName(name) };
}

function sampleObject(state: State, schema: JsonSchema, context: FieldContext): ValueNode {
  // A variant that requires one of several fields lists them as `anyOf` alternatives: the first.
  const alternative = (Array.isArray(schema.anyOf) ? schema.anyOf[0] : {}) as JsonSchema;
  const properties = { ...record(alternative.properties), ...record(schema.properties) };
  const required = [...new Set([...strings(schema.required), ...strings(alternative.required)])];
  const members: ValueMember[] = required.sort(byField).map((field) => [
    field,
    // The object's fields are about the object, named by the field that holds it (or by its
    // shared definition's name, or by the event at the top level).
    sample(state, (properties[field] ?? {}) as JsonSchema, {
      field,
      noun: context.field,
      action: context.action,
    }),
  ]);
  return { kind: "object", members };
}

function sampleArray(state: State, schema: JsonSchema, context: FieldContext): ValueNode {
  const items = record(schema.items) as JsonSchema;
  if (!holdsObjects(state, items)) return { kind: "array", elements: [] };
  try {
    return {
      kind: "array",
      elements: [sample(state, items, { ...context, field: singular(context.field) })],
    };
  } catch (error) {
    if (error instanceof Cycle) return { kind: "array", elements: [] };
    throw error;
  }
}

/** Lists of scalars stay empty: their entries mean too many different things to guess. */
function holdsObjects(state: State, items: JsonSchema): boolean {
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

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}
