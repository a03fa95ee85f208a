import { isJsonObject } from "../../input/json-source.js";
import type { PayloadSchemaFiles } from "./description.js";
import { type Place, at, expand, isObjectSchema, openMapValues } from "./delivered-fields.js";
import type { EventActionTable } from "./event-action-table.js";
import { DEFINITIONS_FILE } from "./payload-schema.js";
import type { PayloadSchemas } from "./payload-schema-model.js";

/**
 * What the drift reporter of `@typewire/runtime/drift` walks a delivery with: the fields each
 * event/action declares, at every depth, as a table of shapes. Shape 0 is a value that is not
 * entered; every other shape is a string of space-separated tokens: `name=<shape>` for a declared
 * field, `*=<shape>` for an open map (every key declared, values of that shape), `[]=<shape>` for
 * array items and `{}` for an object that declares no field. Shared definitions are one shape
 * each, and so is every set of `anyOf`/`oneOf` alternatives (their fields together), so the table
 * grows with the schemas, not with the number of paths.
 */
export interface DriftTable {
  /** `event=<shape>` and `event.action=<shape>`, in table order. */
  events: string[];
  shapes: string[];
}

/** The payload schemas as files by name, the form the walkers read. */
export function schemaFiles(schemas: PayloadSchemas): PayloadSchemaFiles {
  const files: PayloadSchemaFiles = {
    [DEFINITIONS_FILE]: {
      definitions: Object.fromEntries(
        schemas.definitions.map(({ name, schema }) => [name, schema]),
      ),
    },
  };
  for (const event of schemas.events) files[`${event.event}.json`] = event.root;
  return files;
}

/**
 * Builds the drift table of a table's payload schemas.
 *
 * @example
 * buildDriftTable(table, schemas).events[0]; // "branch_protection_configuration.disabled=1"
 */
export function buildDriftTable(table: EventActionTable, schemas: PayloadSchemas): DriftTable {
  const files = schemaFiles(schemas);
  const shapes: (string[] | undefined)[] = [[]];
  const known = new Map<string, number>();

  const shapeOf = (places: Place[]): number => {
    const alternatives = places.flatMap((place) => expand(files, place, []));
    const objects = alternatives.filter(({ schema }) => isObjectSchema(schema));
    const arrays = alternatives.filter(
      ({ schema }) => schema.items !== undefined && schema.items !== true,
    );
    if (objects.length === 0 && arrays.length === 0) return 0;
    const key = [...new Set([...objects, ...arrays].map(({ place }) => id(place)))]
      .sort()
      .join("|");
    const seen = known.get(key);
    if (seen !== undefined) return seen;
    const index = shapes.length;
    known.set(key, index);
    shapes.push(undefined);
    const tokens: string[] = [];
    const names = new Map<string, Place[]>();
    for (const { place, schema } of objects) {
      if (!isJsonObject(schema.properties)) continue;
      for (const name of Object.keys(schema.properties)) {
        const holders = names.get(name) ?? [];
        names.set(name, [...holders, at(place, "properties", name)]);
      }
    }
    for (const name of [...names.keys()].sort())
      tokens.push(`${escapeName(name)}=${shapeOf(names.get(name)!)}`);
    const values = openMapValues(objects);
    if (values) tokens.push(`*=${shapeOf(values)}`);
    if (objects.length > 0 && tokens.length === 0) tokens.push("{}");
    if (arrays.length > 0)
      tokens.push(`[]=${shapeOf(arrays.map(({ place }) => at(place, "items")))}`);
    shapes[index] = tokens;
    return index;
  };

  const events: [string, number][] = [];
  for (const { name, actions } of table.events) {
    if (actions.length === 0) events.push([name, shapeOf([{ file: `${name}.json`, pointer: "" }])]);
    for (const action of actions)
      events.push([
        `${name}.${action}`,
        shapeOf([{ file: `${name}.json`, pointer: `/definitions/${action}` }]),
      ]);
  }
  return merge(events, shapes as string[][]);
}

/** Merges shapes that are the same once their children are, and numbers them by first use. */
function merge(events: [string, number][], shapes: string[][]): DriftTable {
  let representative = shapes.map((_, index) => index);
  for (;;) {
    const bySignature = new Map<string, number>();
    const next = shapes.map((tokens, index) => {
      const signature = tokens.map((token) => renumber(token, representative)).join(" ");
      const first = bySignature.get(signature);
      if (first !== undefined) return first;
      bySignature.set(signature, index);
      return index;
    });
    if (next.every((value, index) => value === representative[index])) break;
    representative = next;
  }
  // Number the kept shapes in the order a walk from the events first meets them: stable output.
  const order = new Map<number, number>([[0, 0]]);
  const out: string[] = [""];
  const visit = (shape: number): number => {
    const kept = representative[shape] ?? 0;
    const seen = order.get(kept);
    if (seen !== undefined) return seen;
    const index = out.length;
    order.set(kept, index);
    out.push("");
    out[index] = (shapes[kept] ?? [])
      .map((token) => {
        const equals = token.lastIndexOf("=");
        return equals < 0
          ? token
          : `${token.slice(0, equals)}=${visit(Number(token.slice(equals + 1)))}`;
      })
      .join(" ");
    return index;
  };
  return { events: events.map(([name, shape]) => `${name}=${visit(shape)}`), shapes: out };
}

function renumber(token: string, representative: number[]): string {
  const equals = token.lastIndexOf("=");
  if (equals < 0) return token;
  return `${token.slice(0, equals)}=${representative[Number(token.slice(equals + 1))] ?? 0}`;
}

function id(place: Place): string {
  return `${place.file}#${place.pointer}`;
}

/** A field name as a token: `%`, spaces, `=` and the names of the special tokens escaped. */
function escapeName(name: string): string {
  const escaped = name.replace(
    /[% =]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
  return escaped === "*" ? "%2A" : escaped === "[]" ? "%5B]" : escaped === "{}" ? "%7B}" : escaped;
}
