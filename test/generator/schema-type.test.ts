import { describe, expect, it } from "vitest";
import { printDeclarations } from "../../generator/print/ts-syntax.js";
import { schemaDeclaration } from "../../generator/webhooks/schema-type.js";
import { GeneratorError } from "../../input/errors.js";

const where = { file: "payloads/thing.json", entry: "definitions.opened" };
const print = (schema: Record<string, unknown>, name = "Thing") =>
  printDeclarations([
    schemaDeclaration(schema, name, (ref) => `Ref_${ref.split("/").pop()}`, where),
  ]);

describe("schemaDeclaration", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      "an object becomes an interface; required fields are required, the rest optional, action first",
      {
        type: "object",
        description: "A thing.",
        required: ["id", "action"],
        properties: {
          name: { type: "string" },
          id: { type: "integer" },
          action: { const: "opened" },
        },
      },
      '/** A thing. */\nexport interface Thing {\n  action: "opened";\n  id: number;\n  name?: string;\n}\n',
    ],
    [
      "nullable types, enums and anyOf become unions in the order written",
      {
        type: "object",
        required: ["a", "b", "c"],
        properties: {
          a: { type: ["string", "null"] },
          b: { enum: ["open", "closed", null] },
          c: { anyOf: [{ $ref: "#/definitions/user" }, { type: "null" }] },
        },
      },
      'export interface Thing {\n  a: string | null;\n  b: "open" | "closed" | null;\n  c: Ref_user | null;\n}\n',
    ],
    [
      "arrays, nested objects (expanded) and free-form maps",
      {
        type: "object",
        required: ["list", "nested", "map"],
        properties: {
          list: { type: "array", items: { type: ["number", "string"] } },
          nested: { type: "object", properties: { x: { type: "boolean", description: "X." } } },
          map: { type: "object", additionalProperties: true },
          strings: { type: "object", additionalProperties: { type: "string" } },
        },
      },
      "export interface Thing {\n  list: (number | string)[];\n  map: {\n    [k: string]: unknown;\n  };\n  nested: {\n    /** X. */\n    x?: boolean;\n  };\n  strings?: {\n    [k: string]: string;\n  };\n}\n",
    ],
    [
      "a schema that is not an object becomes a type alias",
      { enum: ["A", "B"] },
      'export type Thing = "A" | "B";\n',
    ],
    [
      "no type at all is unknown, never any",
      { description: "Anything." },
      "/** Anything. */\nexport type Thing = unknown;\n",
    ],
    [
      "number and integer together are one number",
      { type: ["number", "integer"] },
      "export type Thing = number;\n",
    ],
    ["an object without fields is empty", { type: "object" }, "export interface Thing {}\n"],
  ];
  for (const [name, schema, want] of cases) it(name, () => expect(print(schema)).toBe(want));

  it("refuses a keyword it does not support, naming where it is", () => {
    const call = () =>
      print({ type: "object", properties: { a: { type: "string", pattern: "x" } } });
    expect(call).toThrow(GeneratorError);
    expect(call).toThrow(/"pattern" is not supported/);
    try {
      call();
    } catch (error) {
      expect((error as GeneratorError).location).toEqual({
        file: "payloads/thing.json",
        entry: "definitions.opened.properties.a.pattern",
      });
    }
  });

  it("names the alternative and the array items a refused keyword is in", () => {
    const entryOf = (schema: Record<string, unknown>) => {
      try {
        print(schema);
      } catch (error) {
        return (error as GeneratorError).location.entry;
      }
      return undefined;
    };
    expect(entryOf({ oneOf: [{ type: "string" }, { type: "string", format: "x" }] })).toBe(
      "definitions.opened.oneOf.1.format",
    );
    expect(
      entryOf({
        type: "object",
        properties: { list: { type: "array", items: { anyOf: [{ minimum: 1 }] } } },
      }),
    ).toBe("definitions.opened.properties.list.items.anyOf.0.minimum");
  });

  it("refuses an unknown type and a constant that is not a scalar", () => {
    expect(() => print({ type: "date" })).toThrow(/unknown type "date"/);
    expect(() => print({ const: { a: 1 } })).toThrow(/only strings, numbers, booleans and null/);
  });
});
