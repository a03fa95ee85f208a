import {
  type GraphQLSchema,
  buildClientSchema,
  buildSchema,
  introspectionFromSchema,
} from "graphql";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { emitContentIndex } from "../../generator/content/emit-content-index.js";
import { emitContentTypes } from "../../generator/content/emit-content-types.js";

const sdl = `
scalar DateTime
scalar QueryArgument
scalar Json
interface EntryInterface { id: ID, postDate: DateTime }
type news_article_Entry implements EntryInterface { id: ID, postDate: DateTime, data: Json }
type Query { entries(id: [QueryArgument], limit: Int): [EntryInterface], ping: String }
`;

async function typesOf(schema: GraphQLSchema): Promise<string> {
  const [file] = await emitContentTypes({ name: "site", schema, outDir: "/out/site" });
  return format(file?.contents ?? "", { parser: "typescript", printWidth: 100 });
}

describe("emitContentTypes", () => {
  it("maps DateTime and QueryArgument precisely and other custom scalars to unknown", async () => {
    const text = await typesOf(buildSchema(sdl));
    expect(text).toContain("DateTime: { input: string; output: string }");
    expect(text).toContain(
      "QueryArgument: { input: string | number | boolean; output: string | number | boolean }",
    );
    expect(text).toContain("Json: { input: unknown; output: unknown }");
    expect(text).not.toMatch(/\bany\b/);
  });

  it("keeps the API's type names and names argument sets <Type>_<field>Args", async () => {
    const text = await typesOf(buildSchema(sdl));
    expect(text).toContain("export type news_article_Entry = EntryInterface & {");
    expect(text).toContain('__typename?: "news_article_Entry";');
    expect(text).toContain("export type Query_entriesArgs = {");
  });

  it("does not depend on the order of the schema's definitions or fields", async () => {
    const result = introspectionFromSchema(buildSchema(sdl));
    const types = [...result.__schema.types]
      .reverse()
      .map((type) =>
        "fields" in type && type.fields ? { ...type, fields: [...type.fields].reverse() } : type,
      );
    const reversed = buildClientSchema({ __schema: { ...result.__schema, types } });
    expect(Object.keys(reversed.getTypeMap())).not.toEqual(
      Object.keys(buildSchema(sdl).getTypeMap()),
    );
    expect(await typesOf(reversed)).toBe(await typesOf(buildSchema(sdl)));
  });
});

describe("emitContentIndex", () => {
  it("re-exports every top-level module the emitters wrote, sorted, and nothing nested", () => {
    const file = (path: string) => ({ outDir: "/out/site", path, source: "x", contents: "" });
    const index = emitContentIndex("/out/site", [
      file("types.ts"),
      file("builders.ts"),
      file("internal/helpers.ts"),
    ]);
    expect(index.path).toBe("index.ts");
    expect(index.contents).toBe('export * from "./builders.js";\nexport * from "./types.js";\n');
  });
});
