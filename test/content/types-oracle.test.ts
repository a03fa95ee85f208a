import { readFileSync } from "node:fs";
import { buildSchema, lexicographicSortSchema, parse, printSchema } from "graphql";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { SCALAR_TYPES, contentTypesText } from "../../generator/content/emit-content-types.js";
import { bundledFile } from "../../input/paths.js";

/**
 * `types.ts` is printed by typewire's own emitter but promises the declarations
 * `@graphql-codegen/typescript` writes, so code written against that plugin keeps compiling.
 * The plugin itself (a devDependency) is the oracle: both outputs, without comments and blank
 * lines, formatted alike, must be the same text. (Comments differ on purpose: the plugin copies an
 * interface's description onto its argument types.)
 */
async function codegenTypes(sdl: string): Promise<string> {
  const core = "@graphql-codegen/core";
  const plugin = "@graphql-codegen/typescript";
  const { codegen } = (await import(core)) as {
    codegen(options: object): Promise<string>;
  };
  return codegen({
    filename: "types.ts",
    schema: parse(printSchema(lexicographicSortSchema(buildSchema(sdl)))),
    documents: [],
    plugins: [{ typescript: {} }],
    pluginMap: { typescript: await import(plugin) },
    config: {
      scalars: SCALAR_TYPES,
      defaultScalarType: "unknown",
      namingConvention: "keep",
      addUnderscoreToArgsType: true,
      enumsAsTypes: true,
      useTypeImports: true,
      maybeValue: "T | null",
      inputMaybeValue: "T | null | undefined",
    },
  });
}

async function declarationsOnly(code: string): Promise<string> {
  const formatted = await format(code, { parser: "typescript", printWidth: 100 });
  const bare = formatted
    .replace(/\/\*\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .join("\n");
  return format(bare, { parser: "typescript", printWidth: 100 });
}

describe("types.ts against @graphql-codegen/typescript", () => {
  const cases: [string, () => string][] = [
    [
      "the example site's private schema",
      () => readFileSync(bundledFile("schemas/content/schema.graphql"), "utf8"),
    ],
    [
      "the example site's public schema",
      () => readFileSync(bundledFile("schemas/content/public.graphql"), "utf8"),
    ],
    [
      "a schema with enums, unions, inputs, lists and a custom scalar",
      () => `
        scalar JSON
        enum Colour { RED GREEN }
        union Thing = A | B
        type A { id: ID!, tags: [String!]!, meta: JSON, nested: [[Int]] }
        type B { colour: Colour, things(first: Int = 10, filter: Filter!): [Thing] }
        input Filter { colours: [Colour!], inner: Filter, name: String = "x" }
        type Query { a: A, b(id: ID!): B, search(q: String): [Thing!]! }
      `,
    ],
  ];

  it.each(cases)(
    "declares the same types for %s",
    async (_name, sdl) => {
      const text = sdl();
      const ours = contentTypesText(buildSchema(text));
      expect(await declarationsOnly(ours)).toBe(await declarationsOnly(await codegenTypes(text)));
    },
    60_000,
  );

  it("is already formatted: prettier leaves it unchanged", async () => {
    const ours = contentTypesText(
      buildSchema(readFileSync(bundledFile("schemas/content/schema.graphql"), "utf8")),
    );
    expect(await format(ours, { parser: "typescript", printWidth: 100 })).toBe(ours);
  });
});
