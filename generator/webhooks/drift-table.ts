import { isJsonObject, pointerSegments } from "../../input/json-source.js";
import type { PayloadSchemaFiles } from "./description.js";
import { isObjectSchema } from "./delivered-fields.js";
import type { EventActionTable } from "./event-action-table.js";
import { DEFINITIONS_FILE } from "./payload-schema.js";
import type { JsonSchema, PayloadSchemas } from "./payload-schema-model.js";

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
  // Each shape's tokens as `merge` reads them: their names and the shapes they point at.
  const names: string[][] = [[]];
  const children: number[][] = [[]];
  const known = new Map<string, number>();
  const places = new Places(files);

  const shapeOf = (at: readonly Located[]): number => {
    // Most fields are strings, numbers and the like: no shape, found without building lists.
    const objects: Located<JsonSchema>[] = [];
    const arrays: Located<JsonSchema>[] = [];
    for (let i = 0; i < at.length; i++) {
      const place = at[i]!;
      const alternatives = places.expand(place, NO_PLACES);
      for (let j = 0; j < alternatives.length; j++) {
        const alternative = alternatives[j]!;
        if (isObjectSchema(alternative.value)) objects.push(alternative);
        if (hasItems(alternative.value)) arrays.push(alternative);
      }
    }
    if (objects.length === 0 && arrays.length === 0) return 0;
    const key = placesKey(objects, arrays);
    const seen = known.get(key);
    if (seen !== undefined) return seen;
    const index = names.length;
    known.set(key, index);
    const own: string[] = [];
    const refs: number[] = [];
    names.push(own);
    children.push(refs);
    if (objects.length === 1) {
      // One object, the usual case: its fields in order, without gathering them by name.
      const object = objects[0]!;
      const properties = object.value.properties;
      if (isJsonObject(properties)) {
        const holder = places.child(object, "properties", properties);
        const fields = Object.keys(properties).sort();
        for (let i = 0; i < fields.length; i++) {
          const name = fields[i]!;
          const value = properties[name];
          own.push(fieldToken(name));
          refs.push(isLeaf(value) ? 0 : shapeOf([places.child(holder, name, value)]));
        }
      }
    } else {
      // Each field's schemas by name, with the place holding them; a place of its own is made
      // only for a field that is entered (most are strings, numbers and the like).
      const fieldsByName = new Map<string, { holder: Located; value: unknown }[]>();
      for (const object of objects) {
        const properties = object.value.properties;
        if (!isJsonObject(properties)) continue;
        const holder = places.child(object, "properties", properties);
        for (const name of Object.keys(properties)) {
          const field = { holder, value: properties[name] };
          const holders = fieldsByName.get(name);
          if (holders) holders.push(field);
          else fieldsByName.set(name, [field]);
        }
      }
      for (const name of [...fieldsByName.keys()].sort()) {
        const fields = fieldsByName.get(name)!;
        const shape = fields.every(({ value }) => isLeaf(value))
          ? 0
          : shapeOf(fields.map(({ holder, value }) => places.child(holder, name, value)));
        own.push(fieldToken(name));
        refs.push(shape);
      }
    }
    // Open maps (`additionalProperties` other than false) declare every key; the values of those
    // whose `additionalProperties` is a schema are walked against it.
    const open = objects.filter(
      ({ value }) =>
        value.additionalProperties !== undefined && value.additionalProperties !== false,
    );
    if (open.length > 0) {
      const values = open
        .filter(({ value }) => isJsonObject(value.additionalProperties))
        .map((object) =>
          places.child(object, "additionalProperties", object.value.additionalProperties),
        );
      const shape = shapeOf(values);
      own.push("*=");
      refs.push(shape);
    }
    if (objects.length > 0 && own.length === 0) {
      own.push("{}");
      refs.push(-1);
    }
    if (arrays.length > 0) {
      const items = arrays.map((array) => places.child(array, "items", array.value.items));
      const shape = shapeOf(items);
      own.push("[]=");
      refs.push(shape);
    }
    return index;
  };

  const events: [string, number][] = [];
  for (const { name, actions } of table.events) {
    const file = `${name}.json`;
    if (actions.length === 0) events.push([name, shapeOf([places.at(file, [])])]);
    for (const action of actions)
      events.push([`${name}.${action}`, shapeOf([places.at(file, ["definitions", action])])]);
  }
  return merge(events, names, children);
}

/** The ids of the places a shape stands for, sorted, each once: the shape's identity. */
function placesKey(objects: readonly Located[], arrays: readonly Located[]): string {
  // Most shapes stand for one place: an object or an array, or one schema that is both.
  const first = (objects[0] ?? arrays[0])!.id;
  const same = ({ id }: Located) => id === first;
  if (objects.every(same) && arrays.every(same)) return String(first);
  const ids = [...new Set([...objects, ...arrays].map(({ id }) => id))];
  return ids.sort((a, b) => a - b).join(" ");
}

/**
 * Whether a field's schema is one the walk does not enter, seen without expanding it: not an
 * object schema, with no reference, alternatives or items to follow.
 */
function isLeaf(value: unknown): boolean {
  if (!isJsonObject(value)) return true;
  const schema = value as JsonSchema;
  return (
    schema.$ref === undefined &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined &&
    schema.allOf === undefined &&
    !hasItems(schema) &&
    !isObjectSchema(schema)
  );
}

/** Whether a schema describes array items the walk enters. */
function hasItems(schema: JsonSchema): boolean {
  return schema.items !== undefined && schema.items !== true;
}

const fieldTokens = new Map<string, string>();

/** `name=`, the start of a field's token ({@link escapeName}), remembered: the same field names come back in every payload. */
function fieldToken(name: string): string {
  let token = fieldTokens.get(name);
  if (token === undefined) {
    token = `${escapeName(name)}=`;
    fieldTokens.set(name, token);
  }
  return token;
}

/**
 * A place in the schema files with the value there. Its `id` stands for its file and JSON
 * pointer: two places have the same id when they are the same place, however they were reached.
 */
interface Located<Value = unknown> {
  id: number;
  file: string;
  value: Value;
}

/** No place yet: where a walk of `expand` starts. */
const NO_PLACES: readonly number[] = [];

/** The places of the schema files, numbered as they are first met. */
class Places {
  private readonly roots = new Map<string, number>();
  /** Each place's children by segment, made when its first child is asked for. */
  private readonly children: (Map<string, number> | undefined)[] = [];
  private count = 0;
  private readonly targets = new Map<string, Located>();

  constructor(private readonly files: Record<string, JsonSchema>) {}

  /** The place at `segments` (unescaped) of `file`, its value resolved. */
  at(file: string, segments: readonly string[]): Located {
    let id = this.roots.get(file);
    if (id === undefined) {
      id = this.count++;
      this.roots.set(file, id);
    }
    let value: unknown = this.files[file];
    for (const segment of segments) {
      id = this.childId(id, segment);
      value = Array.isArray(value)
        ? value[Number(segment)]
        : isJsonObject(value)
          ? value[segment]
          : undefined;
    }
    return { id, file, value };
  }

  /** The child `segment` of `parent`, whose value (already read from the parent's) is `value`. */
  child(parent: Located, segment: string, value: unknown): Located {
    return { id: this.childId(parent.id, segment), file: parent.file, value };
  }

  /**
   * The concrete schemas a place stands for, as `expand` of `delivered-fields.ts` finds them:
   * `$ref` followed, `anyOf`/`oneOf`/`allOf` split, a place met twice on one path left out.
   */
  expand(node: Located, seen: readonly number[]): Located<JsonSchema>[] {
    if (seen.includes(node.id)) return [];
    const schema = node.value;
    if (!isJsonObject(schema)) return [];
    if (typeof schema.$ref === "string") {
      return this.expand(this.target(schema.$ref, node.file), [...seen, node.id]);
    }
    // Most schemas are one, with nothing to split: no list of alternatives to build.
    if (
      !Array.isArray(schema.anyOf) &&
      !Array.isArray(schema.oneOf) &&
      !Array.isArray(schema.allOf)
    )
      return [node as Located<JsonSchema>];
    const out: Located<JsonSchema>[] = [];
    for (const key of ["anyOf", "oneOf", "allOf"] as const) {
      const parts = schema[key];
      if (!Array.isArray(parts)) continue;
      const list = this.child(node, key, parts);
      for (let index = 0; index < parts.length; index++) {
        out.push(...this.expand(this.child(list, String(index), parts[index]), [...seen, node.id]));
      }
    }
    // A schema split into alternatives is also one of its own when it says more than that.
    if (schema.type !== undefined || schema.properties !== undefined)
      out.push(node as Located<JsonSchema>);
    return out;
  }

  private target(ref: string, from: string): Located {
    const key = `${from}\n${ref}`;
    let found = this.targets.get(key);
    if (!found) {
      const [file = "", pointer = ""] = ref.split("#");
      found = this.at(file || from, pointerSegments(pointer));
      this.targets.set(key, found);
    }
    return found;
  }

  private childId(parent: number, segment: string): number {
    let children = this.children[parent];
    if (!children) {
      children = new Map();
      this.children[parent] = children;
    }
    let id = children.get(segment);
    if (id === undefined) {
      id = this.count++;
      children.set(segment, id);
    }
    return id;
  }
}

/**
 * Merges shapes that are the same once their children are, and numbers them by first use.
 *
 * Two shapes are merged when their tokens are the same text with each child replaced by its
 * group, starting from every shape on its own and repeating until nothing more merges (so shapes
 * in different cycles stay apart: nothing outside the cycles says they are the same). That is
 * computed children first, cycles (strongly connected groups of shapes) as one step: a shape off
 * every cycle joins the group of the first shape with its text, once its children's groups are
 * known; the shapes of one cycle are merged among themselves by repeating the comparison over
 * them alone, since nothing below can merge with them. Each shape is compared a few times rather
 * than once per level of nesting, as repeating the comparison over the whole table did.
 *
 * A shape is given as its tokens' names (`name=`, `*=`, `[]=`, or `{}` for a token without a
 * child) in `names`, and the shapes those tokens point at (-1 for none) in `children`.
 */
export function merge(
  events: [string, number][],
  names: readonly (readonly string[])[],
  children: readonly (readonly number[])[],
): DriftTable {
  const group = new Int32Array(names.length).fill(-1);
  const byText = new Map<string, number>();
  const text = (shape: number, groupOf: (child: number) => number) => {
    const own = names[shape]!;
    const refs = children[shape]!;
    let out = "";
    for (let i = 0; i < own.length; i++) {
      const child = refs[i]!;
      out += i === 0 ? own[i]! : ` ${own[i]!}`;
      if (child >= 0) out += groupOf(child);
    }
    return out;
  };
  const groupOf = (child: number) => group[child] ?? 0;
  for (const cycle of stronglyConnected(children)) {
    const single = cycle.length === 1 && !children[cycle[0]!]!.includes(cycle[0]!);
    if (single) {
      const shape = cycle[0]!;
      const key = text(shape, groupOf);
      const seen = byText.get(key);
      if (seen !== undefined) group[shape] = seen;
      else {
        group[shape] = shape;
        byText.set(key, shape);
      }
      continue;
    }
    // The shapes of one cycle: each on its own at first, then merged while their texts agree.
    const members = [...cycle].sort((a, b) => a - b);
    const inside = new Map(members.map((shape) => [shape, shape]));
    const within = (child: number) => inside.get(child) ?? groupOf(child);
    for (;;) {
      const first = new Map<string, number>();
      let changed = false;
      const next = members.map((shape) => {
        const key = text(shape, within);
        const seen = first.get(key);
        if (seen !== undefined) return seen;
        first.set(key, shape);
        return shape;
      });
      for (let index = 0; index < members.length; index++) {
        const shape = members[index]!;
        if (inside.get(shape) === next[index]) continue;
        changed = true;
        inside.set(shape, next[index]!);
      }
      if (!changed) break;
    }
    for (const shape of members) group[shape] = inside.get(shape)!;
    // Shapes above the cycle with the same text join these groups.
    for (const shape of members) {
      const key = text(shape, groupOf);
      if (!byText.has(key)) byText.set(key, group[shape]!);
    }
  }
  // Number the kept shapes in the order a walk from the events first meets them: stable output.
  const order = new Map<number, number>([[group[0] ?? 0, 0]]);
  const out: string[] = [""];
  const visit = (shape: number): number => {
    const kept = group[shape] ?? 0;
    const seen = order.get(kept);
    if (seen !== undefined) return seen;
    const index = out.length;
    order.set(kept, index);
    out.push("");
    const own = names[kept]!;
    const refs = children[kept]!;
    out[index] = own
      .map((name, i) => (refs[i]! < 0 ? name : `${name}${visit(refs[i]!)}`))
      .join(" ");
    return index;
  };
  return { events: events.map(([name, shape]) => `${name}=${visit(shape)}`), shapes: out };
}

/**
 * The strongly connected groups of a graph (Tarjan's algorithm, without recursion), each group
 * after every group it reaches.
 */
function stronglyConnected(edges: readonly (readonly number[])[]): number[][] {
  const count = edges.length;
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  const groups: number[][] = [];
  let next = 0;
  for (let root = 0; root < count; root++) {
    if (index[root]! >= 0) continue;
    const path: [node: number, edge: number][] = [[root, 0]];
    index[root] = low[root] = next++;
    stack.push(root);
    onStack[root] = 1;
    while (path.length > 0) {
      const top = path[path.length - 1]!;
      const node = top[0];
      const edge = top[1];
      const targets = edges[node]!;
      if (edge < targets.length) {
        top[1]++;
        const target = targets[edge]!;
        if (target < 0) continue;
        if (index[target]! < 0) {
          index[target] = low[target] = next++;
          stack.push(target);
          onStack[target] = 1;
          path.push([target, 0]);
        } else if (onStack[target]) low[node] = Math.min(low[node]!, index[target]!);
        continue;
      }
      path.pop();
      const parent = path[path.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]]!, low[node]!);
      if (low[node] === index[node]) {
        const members: number[] = [];
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          members.push(member);
        } while (member !== node);
        groups.push(members);
      }
    }
  }
  return groups;
}

/** A field name as a token: `%`, spaces, `=` and the names of the special tokens escaped. */
export function escapeName(name: string): string {
  const escaped = name.replace(
    /[% =]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
  return escaped === "*" ? "%2A" : escaped === "[]" ? "%5B]" : escaped === "{}" ? "%7B}" : escaped;
}
