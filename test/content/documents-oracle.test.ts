import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { type DocumentNode, type GraphQLSchema, Kind, buildSchema, parse } from "graphql";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../../generator/config.js";
import { loadContentSchema } from "../../generator/content/emit-content.js";
import { checkDocuments, readDocuments } from "../../generator/content/documents.js";
import {
  OPERATIONS_PLUGIN,
  type OperationsPlugin,
  type OperationsPluginInput,
  emitDocuments,
  loadOperationsPlugin,
  operationsPluginInput,
  runOperationsPlugin,
} from "../../generator/content/emit-documents.js";
import { bundledFile, packageRoot } from "../../input/paths.js";

/**
 * `documents.ts` is written by the `typescript-operations` plugin, which `generate` calls itself
 * (without `@graphql-codegen/core`; an installed typewire runs it from the render bundle, which
 * `test/generator/render-bundle.test.ts` holds to the sources' files), and its types are laid out
 * by typewire's printer. What those steps leave out are the oracles: the core must put the
 * plugin's output together into the same text, and prettier must leave every generated
 * `documents.ts` as it is (`format-operation-types.test.ts` compares the printer's layout of the
 * types with prettier's).
 */
async function throughCore(input: OperationsPluginInput): Promise<string> {
  const core = "@graphql-codegen/core";
  const plugin = "@graphql-codegen/typescript-operations";
  const { codegen } = (await import(core)) as { codegen(options: object): Promise<string> };
  return codegen({
    filename: "documents.ts",
    schema: { kind: Kind.DOCUMENT, definitions: [] },
    schemaAst: input.schema,
    documents: [{ document: input.document, location: "documents" }],
    plugins: [{ operations: {} }],
    pluginMap: { operations: await import(plugin) },
    config: input.config,
    skipDocumentsValidation: true,
  });
}

/** The example site's documents of one bundled schema, checked as `generate` checks them. */
async function bundledDocuments(name: "example" | "public"): Promise<{
  schema: GraphQLSchema;
  typed: DocumentNode;
}> {
  const content = defaultConfig(packageRoot).content!;
  const source = content.schemas.find((schema) => schema.name === name)!;
  const schema = await loadContentSchema(source, packageRoot);
  const files = (content.documents ?? [])
    .filter((set) => set.schemas.includes(name))
    .flatMap((set) => set.files);
  const read = await readDocuments(files, (file) => relative(packageRoot, file));
  expect(read.problems).toEqual([]);
  const checked = checkDocuments(name, schema, read.files, () => []);
  expect(checked.errors).toEqual([]);
  return { schema, typed: checked.typed };
}

/** Enums and input objects in variables and results: the plugin also prints the schema's types. */
const ENUMS_AND_INPUTS = {
  schema: buildSchema(`
    enum Colour { RED GREEN }
    input Filter { colours: [Colour!], inner: Filter, name: String = "x" }
    interface Node { id: ID! }
    type Paint implements Node { id: ID!, colour: Colour, shades: [String] }
    type Brush implements Node { id: ID!, width: Int }
    type Query { nodes(filter: Filter!, first: Int = 10): [Node], paint(colour: Colour!): Paint }
  `),
  document: parse(`
    fragment Bits on Node { id ... on Paint { colour } }
    query Nodes($filter: Filter!, $first: Int) { nodes(filter: $filter, first: $first) { ...Bits ... on Brush { width } } }
    query PaintOf($colour: Colour!) { paint(colour: $colour) { id shades colour } }
  `),
};

describe("the operations plugin called without @graphql-codegen/core", () => {
  it("is the package named by OPERATIONS_PLUGIN, which the render bundle holds", async () => {
    const fromPackage = (await import(OPERATIONS_PLUGIN)) as OperationsPlugin;
    expect(typeof fromPackage.plugin).toBe("function");
    expect((await loadOperationsPlugin()).plugin).toBe(fromPackage.plugin);
  });

  it.each(["example", "public"] as const)(
    "gives the core's text for the example site's documents of schema %s",
    async (name) => {
      const { schema, typed } = await bundledDocuments(name);
      expect(typed.definitions.length).toBeGreaterThan(0);
      const input = operationsPluginInput(schema, typed);
      const ours = await runOperationsPlugin(input);
      expect(ours).toContain("Query = {");
      expect(ours).toBe(await throughCore(input));
    },
    60_000,
  );

  it("gives the core's text when variables and results use enums and input objects", async () => {
    const input = operationsPluginInput(ENUMS_AND_INPUTS.schema, ENUMS_AND_INPUTS.document);
    const ours = await runOperationsPlugin(input);
    expect(ours).toContain("export type Filter = {");
    expect(ours).toContain("Colour");
    expect(ours).toBe(await throughCore(input));
  }, 60_000);
});

/** `text` formatted by prettier as the repository's code is, with its TypeScript parser. */
function formatted(text: string): Promise<string> {
  return format(text, {
    parser: "typescript",
    filepath: "documents.ts",
    printWidth: 100,
    endOfLine: "lf",
  });
}

describe("documents.ts as prettier formats it", () => {
  it("is left as it is when variables and results use enums and input objects", async () => {
    const [file] = await emitDocuments({
      schema: ENUMS_AND_INPUTS.schema,
      outDir: "out",
      typed: ENUMS_AND_INPUTS.document,
      written: ENUMS_AND_INPUTS.document,
      describe: (name) => name,
      name: "paints",
    });
    expect(file!.contents).toContain("export const NodesDocument");
    expect(await formatted(file!.contents)).toBe(file!.contents);
  }, 60_000);

  const generated = [
    "output/content/example/documents.ts",
    "output/content/public/documents.ts",
    "test/content/craft5/generated/site/documents.ts",
    "test/content/craft5/generated/public/documents.ts",
  ];

  it.each(generated)(
    "%s is left as it is by prettier",
    async (path) => {
      const text = readFileSync(bundledFile(path), "utf8");
      expect(text).toContain("// prettier-ignore\nexport const");
      expect(await formatted(text)).toBe(text);
    },
    60_000,
  );
});
