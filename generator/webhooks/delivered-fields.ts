import { isJsonObject, jsonPointer, pointerSegments } from "../../input/json-source.js";
import type { PayloadSchemaFiles } from "./description.js";
import type { PayloadOverride } from "./payload-overrides.js";
import type { JsonSchema } from "./payload-schema-model.js";

/** A place in the schema files: `<file>#<JSON pointer>`. */
export type Place = { file: string; pointer: string };

/** A field a delivery carries that no schema where it hangs declares. */
export interface UndeclaredField {
  /** Its path in the payload: `pull_request.base.repo.custom_properties`, `[]` for array items. */
  path: string;
  name: string;
  /** The object schemas the delivery's object matched (`<file>#<pointer>`), any of which could declare it. */
  owners: string[];
  /** The keys of the delivery's object that hold it. */
  siblings: string[];
  value: unknown;
}

/** What {@link walkDelivery} reports besides undeclared fields. */
export interface DeliveryWalk {
  undeclared: UndeclaredField[];
  /** Every declared field the delivery carries, as `<file>#<pointer of its object> <name>`. */
  read: Set<string>;
}

/**
 * Walks a delivery's payload beside the schemas of its event (the action's variant when the
 * event has actions) and lists the fields, at any depth, that the schema where they hang does not
 * declare. A field is declared when any alternative (`anyOf`, `oneOf`, through `$ref`) lists it;
 * an object whose schema has `additionalProperties` is an open map that declares every key (its
 * values are walked against that schema); a value whose schema is not an object or array (or says
 * nothing) is not entered. An undeclared field is reported once, not entered.
 *
 * @example
 * walkDelivery(files, "issues", "opened", payload).undeclared.map((field) => field.path);
 */
export function walkDelivery(
  files: PayloadSchemaFiles,
  event: string,
  action: string | undefined,
  payload: unknown,
): DeliveryWalk {
  const result: DeliveryWalk = { undeclared: [], read: new Set() };
  const start = {
    file: `${event}.json`,
    pointer: action === undefined ? "" : `/definitions/${action}`,
  };
  walk(files, payload, [start], "", result);
  return result;
}

function walk(
  files: PayloadSchemaFiles,
  value: unknown,
  places: Place[],
  path: string,
  result: DeliveryWalk,
): void {
  if (typeof value !== "object" || value === null) return;
  const alternatives = places.flatMap((place) => expand(files, place, []));
  if (Array.isArray(value)) {
    const items = alternatives
      .filter(({ schema }) => schema.items !== undefined && schema.items !== true)
      .map(({ place }) => at(place, "items"));
    if (items.length > 0) for (const item of value) walk(files, item, items, `${path}[]`, result);
    return;
  }
  const objects = alternatives.filter(({ schema }) => isObjectSchema(schema));
  if (objects.length === 0) return;
  for (const [name, child] of Object.entries(value)) {
    const here = path === "" ? name : `${path}.${name}`;
    const holders = objects.filter(
      ({ schema }) => isJsonObject(schema.properties) && name in schema.properties,
    );
    if (holders.length > 0) {
      for (const { place } of holders) result.read.add(`${place.file}#${place.pointer} ${name}`);
      walk(
        files,
        child,
        holders.map(({ place }) => at(place, "properties", name)),
        here,
        result,
      );
      continue;
    }
    const values = openMapValues(objects);
    if (values) {
      walk(files, child, values, here, result);
      continue;
    }
    result.undeclared.push({
      path: here,
      name,
      owners: objects.map(({ place }) => `${place.file}#${place.pointer}`),
      siblings: Object.keys(value),
      value: child,
    });
  }
}

/** The concrete schemas a place stands for: `$ref` followed, `anyOf`/`oneOf`/`allOf` split. */
export function expand(
  files: PayloadSchemaFiles,
  place: Place,
  seen: string[],
): { place: Place; schema: JsonSchema }[] {
  const id = `${place.file}#${place.pointer}`;
  if (seen.includes(id)) return [];
  const schema = resolvePointer(files[place.file], place.pointer);
  if (!isJsonObject(schema)) return [];
  if (typeof schema.$ref === "string") {
    const [file = "", pointer = ""] = schema.$ref.split("#");
    return expand(files, { file: file || place.file, pointer }, [...seen, id]);
  }
  const out: { place: Place; schema: JsonSchema }[] = [];
  let split = false;
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const parts = schema[key];
    if (!Array.isArray(parts)) continue;
    split = true;
    for (let index = 0; index < parts.length; index++)
      out.push(...expand(files, at(place, key, String(index)), [...seen, id]));
  }
  if (!split || schema.type !== undefined || schema.properties !== undefined)
    out.push({ place, schema });
  return out;
}

/** Whether a delivery's object is walked against the schema: an object type, fields or a map. */
export function isObjectSchema(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    types.includes("object") ||
    isJsonObject(schema.properties) ||
    (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
  );
}

/**
 * Where the values of the open maps among `objects` are described (`additionalProperties` that
 * is a schema), or undefined when none of them is an open map: a key of an open map is declared,
 * whatever its name.
 */
export function openMapValues(
  objects: readonly { schema: JsonSchema; place: Place }[],
): Place[] | undefined {
  const open = objects.filter(
    ({ schema }) =>
      schema.additionalProperties !== undefined && schema.additionalProperties !== false,
  );
  if (open.length === 0) return undefined;
  return open
    .filter(({ schema }) => isJsonObject(schema.additionalProperties))
    .map(({ place }) => at(place, "additionalProperties"));
}

/** The place of a child of `place`, its segments escaped. */
export function at(place: Place, ...segments: string[]): Place {
  return { file: place.file, pointer: `${place.pointer}${jsonPointer(segments)}` };
}

/** The value at a JSON pointer (`/a/b~1c`) of a document, or undefined. */
function resolvePointer(document: unknown, pointer: string): unknown {
  if (pointer === "") return document;
  return pointerSegments(pointer).reduce<unknown>(
    (value, key) =>
      Array.isArray(value)
        ? value[Number(key)]
        : isJsonObject(value)
          ? (value as Record<string, unknown>)[key]
          : undefined,
    document,
  );
}

/**
 * The narrowest schema every value fits: the types seen (`null` among them when a value is null),
 * an object's fields (required when every object has them), an array's items from all elements.
 *
 * @example
 * inferSchema([{ id: 1, cve_id: null }, { id: 2, cve_id: "CVE-2024-1" }]);
 * // { type: "object", properties: { cve_id: { type: ["string", "null"] }, id: { type: "integer" } },
 * //   required: ["cve_id", "id"] }
 */
function inferSchema(values: readonly unknown[]): JsonSchema {
  const types = new Set<string>();
  const objects: Record<string, unknown>[] = [];
  const elements: unknown[] = [];
  let arrays = 0;
  for (const value of values) {
    if (value === null) types.add("null");
    else if (Array.isArray(value)) {
      types.add("array");
      arrays++;
      elements.push(...value);
    } else if (typeof value === "object") {
      types.add("object");
      objects.push(value as Record<string, unknown>);
    } else if (typeof value === "number") types.add(Number.isInteger(value) ? "integer" : "number");
    else types.add(typeof value);
  }
  if (types.has("number")) types.delete("integer");
  const order = ["object", "array", "string", "integer", "number", "boolean", "null"];
  const sorted = order.filter((type) => types.has(type));
  const schema: JsonSchema = { type: sorted.length === 1 ? sorted[0] : sorted };
  if (objects.length > 0) {
    const names = [...new Set(objects.flatMap((object) => Object.keys(object)))].sort();
    schema.properties = Object.fromEntries(
      names.map((name) => [
        name,
        inferSchema(objects.filter((object) => name in object).map((object) => object[name])),
      ]),
    );
    const required = names.filter((name) => objects.every((object) => name in object));
    if (required.length > 0) schema.required = required;
  }
  if (arrays > 0 && elements.length > 0) schema.items = inferSchema(elements);
  return schema;
}

/** One kept delivery: its name (evidence), event, action and payload. */
export interface KeptDelivery {
  name: string;
  event: string;
  action: string | undefined;
  payload: unknown;
}

/**
 * Drafts `addProperties` overrides from deliveries: every undeclared field, hung on the object
 * schema that declares most of its siblings, typed by {@link inferSchema} from every value the
 * deliveries send, with the deliveries that carry it as evidence. One entry per object schema.
 *
 * @example
 * draftAddProperties(files, [{ name: "drift/issues.opened/1.json", event: "issues", action: "opened", payload }]);
 */
export function draftAddProperties(
  files: PayloadSchemaFiles,
  deliveries: readonly KeptDelivery[],
): PayloadOverride[] {
  const found = new Map<string, Map<string, { values: unknown[]; evidence: Set<string> }>>();
  for (const delivery of deliveries) {
    const { undeclared } = walkDelivery(files, delivery.event, delivery.action, delivery.payload);
    for (const field of undeclared) {
      const owner = bestOwner(files, field);
      const fields = found.get(owner) ?? new Map();
      found.set(owner, fields);
      const entry = fields.get(field.name) ?? { values: [], evidence: new Set<string>() };
      fields.set(field.name, entry);
      entry.values.push(field.value);
      entry.evidence.add(delivery.name);
    }
  }
  return [...found.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([owner, fields]) => {
      const names = [...fields.keys()].sort();
      return {
        at: owner,
        addProperties: Object.fromEntries(
          names.map((name) => [name, inferSchema(fields.get(name)!.values)]),
        ),
        because: `deliveries carry ${names.map((name) => `"${name}"`).join(", ")}, which the schema does not declare`,
        evidence: [...new Set(names.flatMap((name) => [...fields.get(name)!.evidence]))].sort(),
      };
    });
}

function bestOwner(files: PayloadSchemaFiles, field: UndeclaredField): string {
  let best = field.owners[0] ?? "";
  let most = -1;
  for (const owner of field.owners) {
    const [file = "", pointer = ""] = owner.split("#");
    const properties = (resolvePointer(files[file], pointer) as JsonSchema | undefined)?.properties;
    const names = isJsonObject(properties) ? Object.keys(properties) : [];
    const shared = field.siblings.filter((sibling) => names.includes(sibling)).length;
    if (shared > most) {
      most = shared;
      best = owner;
    }
  }
  return best;
}
