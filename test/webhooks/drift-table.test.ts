import { describe, expect, it } from "vitest";
import {
  at,
  expand,
  isObjectSchema,
  openMapValues,
  type Place,
} from "../../generator/webhooks/delivered-fields.js";
import {
  type DriftTable,
  buildDriftTable,
  escapeName,
  merge,
  schemaFiles,
} from "../../generator/webhooks/drift-table.js";
import {
  type EventActionTable,
  readEventActionTable,
} from "../../generator/webhooks/event-action-table.js";
import { readPayloadSchemas } from "../../generator/webhooks/payload-schema.js";
import type { PayloadSchemas } from "../../generator/webhooks/payload-schema-model.js";
import { bundledFile } from "../../input/paths.js";
import { seededRandom } from "../helpers/seeded-random.js";

// `buildDriftTable` numbers places and merges shapes children first, cycles at once. The
// straightforward form it replaced is kept here as the reference it must agree with, byte for
// byte: every place named by its `<file>#<pointer>` and resolved from the top of its file, and
// the shapes merged by comparing all of them again until nothing more merges.

function referenceDriftTable(table: EventActionTable, schemas: PayloadSchemas): DriftTable {
  const files = schemaFiles(schemas);
  const shapes: (string[] | undefined)[] = [[]];
  const known = new Map<string, number>();
  const id = (place: Place) => `${place.file}#${place.pointer}`;
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
      if (typeof schema.properties !== "object" || schema.properties === null) continue;
      for (const name of Object.keys(schema.properties)) {
        names.set(name, [...(names.get(name) ?? []), at(place, "properties", name)]);
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
  return referenceMerge(events, shapes as string[][]);
}

function referenceMerge(events: [string, number][], shapes: string[][]): DriftTable {
  const renumber = (token: string, representative: number[]) => {
    const equals = token.lastIndexOf("=");
    if (equals < 0) return token;
    return `${token.slice(0, equals)}=${representative[Number(token.slice(equals + 1))] ?? 0}`;
  };
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

/** Payload schemas with recursion: a shared definition that holds itself, and two event
 * variants that each hold themselves (the same structure in two places, two cycles). */
function recursiveSchemas(): { table: EventActionTable; schemas: PayloadSchemas } {
  const node = {
    type: "object",
    properties: {
      name: { type: "string" },
      children: { type: "array", items: { $ref: "#/definitions/node" } },
      parent: { anyOf: [{ $ref: "#/definitions/node" }, { type: "null" }] },
    },
  };
  const self = (action: string) => ({
    type: "object",
    properties: {
      action: { type: "string" },
      self: { $ref: `#/definitions/${action}` },
      tree: { $ref: "definitions.json#/definitions/node" },
      labels: { type: "object", additionalProperties: { type: "object", properties: { x: {} } } },
      "a b=%": { type: "object", additionalProperties: true },
    },
  });
  return {
    table: {
      file: "events.json",
      events: [
        { name: "loop", actions: ["a", "b"] },
        { name: "plain", actions: [] },
      ],
    },
    schemas: {
      definitionsFile: "definitions.json",
      definitions: [{ name: "node", schema: node }],
      events: [
        {
          event: "loop",
          file: "loop.json",
          root: { definitions: { a: self("a"), b: self("b") }, oneOf: [] },
          variants: [],
        },
        {
          event: "plain",
          file: "plain.json",
          root: {
            type: "object",
            properties: {
              list: { type: "array", items: { $ref: "definitions.json#/definitions/node" } },
            },
          },
          variants: [],
        },
      ],
    },
  };
}

describe("buildDriftTable against the form it replaced", () => {
  it("gives the same table for the bundled payload schemas", async () => {
    const table = await readEventActionTable(bundledFile("schemas/webhooks/events.json"));
    const schemas = await readPayloadSchemas(bundledFile("schemas/webhooks/payloads"), table);
    const ours = buildDriftTable(table, schemas);
    expect(ours.shapes.length).toBeGreaterThan(100);
    expect(ours).toEqual(referenceDriftTable(table, schemas));
  }, 60_000);

  it("gives the same table for schemas that hold themselves", () => {
    const { table, schemas } = recursiveSchemas();
    const ours = buildDriftTable(table, schemas);
    expect(ours.events).toHaveLength(3);
    expect(ours.shapes.join("\n")).toContain("a%20b%3D%25=");
    expect(ours).toEqual(referenceDriftTable(table, schemas));
  });
});

describe("merge against comparing every shape again until nothing merges", () => {
  /** `merge`'s input for shapes written as tokens (`name=<child>`, or `{}`). */
  function parsed(shapes: readonly string[][]): [string[][], number[][]] {
    const names = shapes.map((tokens) =>
      tokens.map((token) => token.slice(0, token.lastIndexOf("=") + 1) || token),
    );
    const children = shapes.map((tokens) =>
      tokens.map((token) =>
        token.includes("=") ? Number(token.slice(token.lastIndexOf("=") + 1)) : -1,
      ),
    );
    return [names, children];
  }

  /** Shapes whose tokens point anywhere, so cycles, shared children and look-alikes abound. */
  function randomShapes(seed: number): { events: [string, number][]; shapes: string[][] } {
    const next = seededRandom(seed).random;
    const count = 2 + Math.floor(next() * 40);
    const shapes: string[][] = [[]];
    for (let shape = 1; shape < count; shape++) {
      const tokens: string[] = [];
      const width = Math.floor(next() * 3);
      for (let i = 0; i < width; i++) {
        const name = ["a", "b", "*", "[]"][Math.floor(next() * 4)]!;
        // Mostly small numbers, so that look-alike shapes (same tokens) are common.
        tokens.push(`${name}=${Math.floor(next() * next() * count)}`);
      }
      if (tokens.length === 0) tokens.push("{}");
      shapes.push(tokens);
    }
    const events: [string, number][] = [];
    for (let i = 0; i < 4; i++) events.push([`e${i}`, Math.floor(next() * count)]);
    return { events, shapes };
  }

  it("gives the same table for 500 random shape graphs", () => {
    let merged = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const { events, shapes } = randomShapes(seed);
      const ours = merge(events, ...parsed(shapes));
      expect(ours, `seed ${seed}`).toEqual(referenceMerge(events, shapes));
      if (ours.shapes.length < shapes.length) merged++;
    }
    // The cases exercise merging, not only tables where every shape stays apart.
    expect(merged).toBeGreaterThan(100);
  });
});
