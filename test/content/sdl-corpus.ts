import { readFileSync } from "node:fs";
import { join } from "node:path";
import { multiBrandSchema } from "../../bench/cli/content-schema.js";
import { manyTypesSchema } from "../../bench/cli/many-types.js";
import { craftSchema } from "../../bench/query-builders/craft-schema.js";
import { packageRoot } from "../../input/paths.js";

/**
 * Valid SDL of every shape the generator reads: the schemas the package ships, the test site's,
 * and the benchmarks' (the 2 MB multi-brand schema, many plain types, Craft entry types), as
 * `[name, sdl]`. The tests of what stands in for graphql-js's parsing and SDL validation run on it.
 */
export function realSchemas(): [name: string, sdl: string][] {
  const files = [
    "schemas/content/schema.graphql",
    "schemas/content/public.graphql",
    "schemas/content/craft5/schema.graphql",
    "schemas/content/craft5/public.graphql",
    "test/content/fixtures/site.graphql",
  ];
  return [
    ...files.map((file): [string, string] => [file, readFileSync(join(packageRoot, file), "utf8")]),
    ["the 2 MB multi-brand schema", multiBrandSchema().sdl],
    ["200 types", manyTypesSchema(200)],
    ["20 Craft entry types", craftSchema(20).sdl],
  ];
}
