import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { emitQueryBuilders } from "../../generator/content/emit-query-builders.js";
import { readFieldMaps, walkFieldMaps } from "../../generator/content/field-maps.js";
import { loadSchemaFile } from "../../generator/content/load-schema.js";
import { withDirectives } from "../../generator/content/standard-directives.js";
import { readType } from "../../generator/print/read-type.js";
import { flatType } from "../../generator/print/ts-syntax.js";
import { diffFiles, renderFiles } from "../../generator/writer.js";

const view = (sdl: string) => readFieldMaps(buildSchema(sdl), "schema.graphql");

describe("readFieldMaps", () => {
  it.each([
    {
      given: "type Query { a: String }",
      result: 'Leaves["String"]',
      nested: "never",
    },
    {
      given: "type Query { a: [Int!]! }",
      result: 'Leaves["[Int!]!"]',
      nested: "never",
    },
    {
      given: "type Query { a(n: Int): [String] }",
      result: 'Leaves["[String]"] & { a: Query_a_Args }',
      nested: '"a"',
    },
    {
      given: "type Query { a(n: Int!): String }",
      result: 'Leaves["String"] & { a: Query_a_Args; q: true }',
      nested: '"a"',
    },
    {
      given: "type Query { a: [T!] } type T { b: Int }",
      result: '{ t: Types["T"]; w: "[!]" }',
      nested: '"a"',
    },
    {
      given: "type Query { a(n: Int): T! } type T { b: Int }",
      result: '{ t: Types["T"]; w: "!"; a: Query_a_Args }',
      nested: '"a"',
    },
    {
      given: "type Query { a(n: Int!): T } type T { b: Int }",
      result: '{ t: Types["T"]; w: ""; a: Query_a_Args; q: true }',
      nested: '"a"',
    },
  ])("describes $given as $result", ({ given, result, nested }) => {
    const maps = view(given);
    expect(maps.types.find((t) => t.name === "Query")?.members).toEqual([
      { name: "a", optional: false, text: result },
    ]);
    expect(maps.nested.find((t) => t.name === "Query")?.text).toBe(nested);
  });

  it.each([
    {
      given: "String",
      want: '{ r: Scalars["String"] | null; s: string | null; f: Scalars["String"] | null }',
    },
    {
      given: "[String!]",
      want: '{ r: Scalars["String"][] | null; s: string[] | null; f: Scalars["String"][] | null }',
    },
    {
      given: "[Float!]!",
      want: '{ r: Scalars["Float"][]; s: Scalars["Float"][]; f: Scalars["Float"][] }',
    },
    {
      given: "[[Int]]",
      want: '{ r: ((Scalars["Int"] | null)[] | null)[] | null; s: ((Scalars["Int"] | null)[] | null)[] | null; f: ((Scalars["Int"] | null)[] | null)[] | null }',
    },
    {
      given: "DateTime",
      want: '{ r: Scalars["DateTime"] | null; s: Scalars["DateTime"] | null; f: string | null }',
    },
  ])(
    "gives leaf $given its results as returned, after @markdown or @transform, and formatted",
    ({ given, want }) => {
      const { leaves } = view(`scalar DateTime type Query { a: ${given} }`);
      expect(leaves).toEqual([{ name: JSON.stringify(given), optional: false, text: want }]);
    },
  );

  it.each([
    {
      given: "n: Int",
      want: { name: "n", optional: true, text: "number | null | Variable<number | null>" },
    },
    { given: "n: Int!", want: { name: "n", optional: false, text: "number | Variable<number>" } },
    {
      given: "n: Int! = 3",
      want: { name: "n", optional: true, text: "number | Variable<number>" },
    },
    {
      given: "n: [String]",
      want: {
        name: "n",
        optional: true,
        text: "readonly (string | null | Variable<string | null>)[] | string | null | Variable<readonly (string | null)[] | null>",
      },
    },
    {
      given: "n: [ID!]!",
      want: {
        name: "n",
        optional: false,
        text: 'readonly (Inputs["ID"] | Variable<Inputs["ID"]>)[] | Inputs["ID"] | Variable<readonly Inputs["ID"][]>',
      },
    },
    {
      given: "n: E",
      want: {
        name: "n",
        optional: true,
        text: 'EnumValue<Inputs["E"]> | null | Variable<Inputs["E"] | null>',
      },
    },
  ])("types argument $given as $want.text", ({ given, want }) => {
    const { args } = view(`enum E { A B } type Query { a(${given}): String }`);
    expect(args).toEqual([{ name: "Query_a_Args", heritage: "", members: [want] }]);
  });

  it("shares identical argument lists and names them after the root field", () => {
    const { args, types } = view(
      "type Query { many(limit: Int): [T] one(limit: Int): T } type T { kids(limit: Int): [T] }",
    );
    expect(args.map((a) => a.name)).toEqual(["Query_many_Args"]);
    expect(types.find((t) => t.name === "T")?.members).toEqual([
      { name: "kids", optional: false, text: '{ t: Types["T"]; w: "[]"; a: Query_many_Args }' },
    ]);
  });

  it("extends an interface whose fields the type repeats unchanged, and lists only its own", () => {
    const { types, nested, possible } = view(
      "type Query { e: I } interface I { id: ID } type A implements I { id: ID x: Int } type B implements I { id: ID! }",
    );
    expect(types.find((t) => t.name === "A")).toEqual({
      name: "A",
      heritage: " extends I",
      members: [{ name: "x", optional: false, text: 'Leaves["Int"]' }],
    });
    expect(types.find((t) => t.name === "B")).toEqual({
      name: "B",
      heritage: "",
      members: [{ name: "id", optional: false, text: 'Leaves["ID!"]' }],
    });
    expect(nested.find((t) => t.name === "A")?.text).toBe('Nested["I"]');
    expect(possible).toEqual([{ name: "I", optional: false, text: '"A" | "B"' }]);
  });

  it("describes each type for the checker: possible types, nesting keys and allowed keys", () => {
    const { typeInfos, types } = view(
      "type Query { e: I u: U } interface I { id: ID } type A implements I { id: ID } union U = A",
    );
    expect(types.map((t) => t.name)).toEqual(["A", "I", "Query"]);
    const info = (name: string) => typeInfos.find((t) => t.name === name)?.text;
    expect(info("I")).toBe(
      '{ n: "I"; f: I; x: Nested["I"] | SpecialKeys; p: Pick<Types, Possible["I"]>; k: keyof I | "__typename" | SpecialKeys; o: Types }',
    );
    expect(info("U")).toContain('p: Pick<Types, Possible["U"]>');
    expect(info("U")).toContain('f: Record<never, never>; x: Nested["U"] | SpecialKeys;');
    expect(info("U")).toContain('k: "__typename" | SpecialKeys; o: Types }');
    expect(info("A")).toContain('p: Pick<Types, "A">');
    expect(typeInfos.map((t) => t.name)).toEqual(["A", "I", "Query", "U"]);
  });

  it.each([
    "schemas/content/schema.graphql",
    "schemas/content/craft5/schema.graphql",
    "test/content/fixtures/site.graphql",
  ])(
    "writes every type of %s as the printer prints it on one line, and each type info's nodes as its text reads",
    async (file) => {
      const schema = withDirectives(
        await loadSchemaFile(fileURLToPath(new URL(`../../${file}`, import.meta.url))),
      );
      const maps = readFieldMaps(schema, file);
      const members = [
        ...maps.scalars,
        ...maps.inputs,
        ...maps.literals,
        ...maps.leaves,
        ...maps.nested,
        ...maps.possible,
        ...maps.directives,
        ...maps.typeInfos,
        ...maps.args.flatMap((a) => a.members),
        ...maps.types.flatMap((t) => t.members),
      ];
      expect(members.length).toBeGreaterThan(100);
      const notFlat = members.filter((m) => flatType(readType(m.text)) !== m.text);
      expect(notFlat).toEqual([]);
      expect(maps.typeInfos.length).toBeGreaterThan(10);
      for (const info of maps.typeInfos) {
        const parts = info.parts?.() ?? [];
        expect(readType(info.text)).toEqual({
          kind: "object",
          expanded: false,
          members: parts.map((part) => ({
            kind: "property",
            name: part.name,
            optional: part.optional,
            type: readType(part.text),
            doc: undefined,
          })),
        });
        for (const part of parts) expect(flatType(readType(part.text))).toBe(part.text);
      }
    },
  );

  it("hands each type's members on as that type is read, before the next type's", () => {
    const schema = buildSchema(
      "interface I { f(x: Int): Int } type A implements I { f(x: Int, y: Int): Int } type B { g(x: Int): Int b: B } union U = A | B type Query { a: A u: U }",
    );
    const events: string[] = [];
    const summary = walkFieldMaps(schema, "schema.graphql", {
      member: (block, view) => events.push(`${block} ${view.name}`),
      interface: (block, view) => events.push(`${block} ${view.name}`),
    });
    const perType = events.filter((event) => !/^(scalars|inputs|leaves|args) /.test(event));
    expect(perType).toEqual([
      "typeInfos A",
      "types A",
      "nested A",
      "typeInfos B",
      "types B",
      "nested B",
      "typeInfos I",
      "possible I",
      "types I",
      "nested I",
      "typeInfos Query",
      "types Query",
      "nested Query",
      "typeInfos U",
      "possible U",
      "nested U",
    ]);
    // The argument interfaces and leaf results come last, once every type has named its own.
    expect(events.slice(perType.length)).toEqual([
      "scalars Boolean",
      "scalars Int",
      "scalars String",
      "inputs Boolean",
      "inputs Int",
      "inputs String",
      'leaves "Int"',
      "args A_f_Args",
      "args B_g_Args",
    ]);
    expect(summary).toEqual({ imports: ["Variable"], roots: expect.any(Array), rootType: "Query" });
  });

  it("names a shared argument interface after the first type that has it, in the module's type order, even when an interface read earlier has it too", () => {
    const maps = view(
      "interface I { f(x: Int): Int } type A implements I { f(x: Int, y: Int): Int } type B { g(x: Int): Int } type Query { a: A b: B }",
    );
    const members = (name: string) => maps.types.find((t) => t.name === name)?.members;
    expect(members("A")).toEqual([
      { name: "f", optional: false, text: 'Leaves["Int"] & { a: A_f_Args }' },
    ]);
    expect(members("B")).toEqual([
      { name: "g", optional: false, text: 'Leaves["Int"] & { a: B_g_Args }' },
    ]);
    expect(members("I")).toEqual([
      { name: "f", optional: false, text: 'Leaves["Int"] & { a: B_g_Args }' },
    ]);
    expect(maps.args.map((a) => a.name)).toEqual(["A_f_Args", "B_g_Args"]);
  });

  it("sorts types and fields whatever the schema's order", () => {
    const a = view("type Query { b: Z a: Y } type Z { q: Int p: Int } type Y { s: Int }");
    expect(a.types.map((t) => t.name)).toEqual(["Query", "Y", "Z"]);
    expect(a.types[2]?.members.map((m) => m.name)).toEqual(["p", "q"]);
    expect(a.roots.map((r) => r.name)).toEqual(["a", "b"]);
  });

  it("types input objects for variables (enums as plain strings), as written in arguments, and imports only what is used", () => {
    const view = readFieldMaps(
      buildSchema("enum E { A B } input F { e: E! n: Int } type Query { a(f: F): String }"),
      "schema.graphql",
    );
    expect(view.inputs.find((i) => i.name === "F")?.text).toBe(
      '{ e: Inputs["E"]; n?: number | null }',
    );
    expect(view.literals).toEqual([
      {
        name: "F",
        optional: false,
        text: '{ e: EnumValue<Inputs["E"]> | Variable<Inputs["E"]>; n?: number | null | Variable<number | null> }',
      },
    ]);
    expect(view.args[0]?.members).toEqual([
      { name: "f", optional: true, text: 'Literals["F"] | null | Variable<Inputs["F"] | null>' },
    ]);
    expect(view.imports).toEqual(["EnumValue", "Variable"]);
    const withBoth = readFieldMaps(
      buildSchema("scalar DateTime enum E { A } type Query { a(e: E): DateTime }"),
      "schema.graphql",
    );
    expect(withBoth.imports).toEqual(["DateTimeString", "EnumValue", "Variable"]);
  });

  it("keeps only custom field directives", () => {
    const { directives } = view(
      "directive @md(flavor: String) on FIELD directive @x on OBJECT type Query { a: String }",
    );
    expect(directives).toEqual([
      {
        name: "md",
        optional: false,
        text: "{ flavor?: string | null | Variable<string | null> }",
      },
    ]);
  });

  it.each([
    {
      given: "type Query { a: Possible } type Possible { b: Int }",
      type: "Possible$",
    },
    { given: "type Query { a: Types } type Types { b: Int }", type: "Types$" },
    { given: "type Query { a: string } type string { b: Int }", type: "string$" },
    { given: "type Query { a: T_Args } type T_Args { b: Int }", type: "T_Args" },
  ])("names the field map of a type the module's own name takes: $given", ({ given, type }) => {
    const maps = view(given);
    expect(maps.types.map((t) => t.name)).toContain(type);
    expect(maps.typeInfos.find((t) => t.text.includes(`f: ${type};`))).toBeDefined();
  });

  it("names an argument interface after a type that has its name with a $", () => {
    const maps = view("type Query { a(n: Int): Query_a_Args } type Query_a_Args { b: Int }");
    expect(maps.args.map((a) => a.name)).toEqual(["Query_a_Args$"]);
    expect(maps.types.map((t) => t.name)).toEqual(["Query", "Query_a_Args"]);
  });
});

describe("the committed test fixture", () => {
  it("is what the emitter generates from test/content/fixtures/site.graphql", async () => {
    const sdl = fileURLToPath(new URL("./fixtures/site.graphql", import.meta.url));
    const out = fileURLToPath(new URL("./fixtures/site", import.meta.url));
    const files = emitQueryBuilders(
      buildSchema(readFileSync(sdl, "utf8")),
      out,
      "test/content/fixtures/site.graphql",
    );
    expect(await diffFiles(await renderFiles(files), [])).toEqual([]);
  });
});
