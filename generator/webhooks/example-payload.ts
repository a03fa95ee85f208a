import { GeneratorError } from "../../input/errors.js";
import type { ValueNode } from "../print/value-syntax.js";
import { compareText } from "../writer.js";
import {
  Cycle,
  type ExampleState,
  exampleFunctionName,
  exampleValue,
  record,
  strings,
} from "./example-value.js";
import type { JsonSchema, PayloadSchemas } from "./payload-schema-model.js";
import type { FieldContext } from "./plausible-value.js";

/** An example payload for every event without actions and every `event.action`. */
export interface ExamplePayloads {
  /** The shared object definitions the payloads use, each built once, sorted by name. */
  definitions: { name: string; value: ValueNode }[];
  /** Sorted by name, as `emitterEventNames` is. */
  payloads: { name: string; value: ValueNode }[];
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
  const state: ExampleState = {
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
  const reachable = reachableDefinitions(state.built, payloads);
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

function topLevel(state: ExampleState, schema: JsonSchema, context: FieldContext): ValueNode {
  try {
    return exampleValue(state, schema, context);
  } catch (error) {
    if (!(error instanceof Cycle)) throw error;
    const [first = ""] = error.path;
    throw new GeneratorError(
      `"${first}" contains itself through required fields (${error.path.join(" → ")}), so no example payload can be built; make one of them optional or nullable`,
      { file: state.definitionsFile, entry: `definitions.${first}` },
    );
  }
}

/**
 * The definitions the payloads call, directly or through other definitions. One built on the way
 * to a value that was then dropped (a cycle stopped by a nullable field) may be called from
 * nowhere, and is not declared.
 */
function reachableDefinitions(
  built: ReadonlyMap<string, ValueNode>,
  payloads: readonly { value: ValueNode }[],
): Set<string> {
  const byCallee = new Map([...built.keys()].map((name) => [exampleFunctionName(name), name]));
  const reachable = new Set<string>();
  const visit = (value: ValueNode): void => {
    if (value === null || typeof value !== "object") return;
    if (value.kind === "array") value.elements.forEach(visit);
    else if (value.kind === "object") {
      const { members } = value;
      for (let i = 0; i < members.length; i++) visit(members[i]![1]);
    } else {
      const name = byCallee.get(value.callee);
      if (name === undefined || reachable.has(name)) return;
      reachable.add(name);
      visit(built.get(name)!);
    }
  };
  for (const { value } of payloads) visit(value);
  return reachable;
}

/** A JSON value, as a delivery's body holds it. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The example payload of `name` as plain JSON: what the generated `examplePayloads[name]()`
 * returns, with every shared definition's call replaced by a copy of its value. An event that
 * has actions, named without one, gets its first action's example, as the runtime's
 * `examplePayload` does. Undefined for a name the examples lack.
 *
 * @example
 * examplePayloadJson(buildExamplePayloads(schemas), "deploy_hook.fired");
 * // { action: "fired", hook: { id: 1, ... } }
 */
export function examplePayloadJson(
  examples: ExamplePayloads,
  name: string,
): { [key: string]: JsonValue } | undefined {
  const found =
    examples.payloads.find((payload) => payload.name === name) ??
    examples.payloads.find((payload) => payload.name.startsWith(`${name}.`));
  if (found === undefined) return undefined;
  const byCallee = new Map(
    examples.definitions.map(({ name, value }) => [exampleFunctionName(name), value]),
  );
  const toJson = (value: ValueNode): JsonValue => {
    if (value === null || typeof value !== "object") return value;
    if (value.kind === "array") return value.elements.map(toJson);
    if (value.kind === "object")
      return Object.fromEntries(value.members.map(([key, member]) => [key, toJson(member)]));
    const definition = byCallee.get(value.callee);
    if (definition === undefined)
      throw new Error(`example payload calls ${value.callee}, which no definition declares`);
    return toJson(definition);
  };
  const json = toJson(found.value);
  return typeof json === "object" && json !== null && !Array.isArray(json) ? json : {};
}
