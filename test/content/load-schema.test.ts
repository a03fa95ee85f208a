import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSchemaFile } from "../../generator/content/load-schema.js";
import { schemaToIntrospection, schemaToSdl } from "../../generator/content/schema-text.js";
import { packageRoot } from "../../input/paths.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "typewire-load-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function fileWith(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe("loadSchemaFile", () => {
  it("reads SDL and both introspection shapes into the same schema", async () => {
    const fromSdl = await loadSchemaFile(join(packageRoot, "schemas/content/schema.graphql"));
    const introspection = schemaToIntrospection(fromSdl);
    const wrapped = await loadSchemaFile(
      await fileWith("wrapped.json", JSON.stringify({ data: introspection })),
    );
    const bare = await loadSchemaFile(await fileWith("bare.json", JSON.stringify(introspection)));
    const expected = await schemaToSdl(fromSdl);
    expect(await schemaToSdl(wrapped)).toBe(expected);
    expect(await schemaToSdl(bare)).toBe(expected);
  });

  // [file name, contents, message, line, column]
  const bad: [string, string, RegExp, number | undefined, number | undefined][] = [
    [
      "syntax.graphql",
      "type Query {\n  ping: String\n  entries(: Int): String\n}\n",
      /syntax error: Expected Name, found ":"/,
      3,
      11,
    ],
    [
      "unknown-type.graphql",
      "type Query {\n  ping: Strin\n}\n",
      /Unknown type "Strin". Did you mean "String"\?/,
      2,
      9,
    ],
    [
      "duplicate-field.graphql",
      "type Query {\n  ping: String\n  ping: Int\n}\n",
      /invalid SDL: Field "Query.ping" can only be defined once/,
      2,
      3,
    ],
    [
      "unknown-directive.graphql",
      "type Query {\n  ping: String @cached\n}\n",
      /invalid SDL: Unknown directive "@cached"/,
      2,
      16,
    ],
    [
      "no-query.graphql",
      "type Entry {\n  id: ID\n}\n",
      /Query root type must be provided/,
      undefined,
      undefined,
    ],
    [
      "bad-interface.graphql",
      "interface Node {\n  id: ID\n}\ntype Query {\n  node: Node\n}\ntype Entry implements Node {\n  title: String\n}\n",
      /Interface field Node.id expected but Entry does not provide it/,
      2,
      3,
    ],
    ["syntax.json", '{\n  "data": {\n    "__schema": {,\n  }\n}\n', /invalid JSON/, 3, 18],
    [
      "not-introspection.json",
      '{\n  "data": {\n    "ping": "pong"\n  }\n}\n',
      /not an introspection result/,
      2,
      3,
    ],
    [
      "errors.json",
      '{ "errors": [{ "message": "Schema is disabled" }] }',
      /not an introspection result: it holds errors: Schema is disabled/,
      1,
      1,
    ],
    [
      "broken-types.json",
      '{ "__schema": { "queryType": { "name": "Query" }, "types": [] } }',
      /invalid introspection result/,
      1,
      3,
    ],
    [
      "schema.txt",
      "type Query { a: String }",
      /unknown schema file type ".txt"/,
      undefined,
      undefined,
    ],
  ];

  // As read by default, and as `generate` reads a schema no documents are checked against (its
  // tree parsed with shared nodes, the plain SDL check before graphql-js's): the same errors.
  const readings = [{}, { standardDirectives: true, dropSyntax: true }];
  it.each(bad)(
    "rejects %s with a clear message and its location",
    async (name, text, message, line, column) => {
      for (const options of readings) {
        const error = await loadSchemaFile(await fileWith(name, text), name, options).then(
          () => undefined,
          (e: { message: string; location: { file: string; line?: number; column?: number } }) => e,
        );
        expect(error?.message).toMatch(message);
        expect(error?.location).toEqual({
          file: name,
          ...(line === undefined ? {} : { line, column }),
        });
      }
    },
  );

  it("says when the file cannot be read", async () => {
    await expect(loadSchemaFile(join(dir, "missing.graphql"), "missing.graphql")).rejects.toThrow(
      /cannot read file: no such file/,
    );
  });
});
