// Generates the query builders of one SDL file, as `typewire generate` does for a content schema:
// node --import tsx bench/query-builders/generate-ours.ts <schema.graphql> <output folder>
import { readFileSync } from "node:fs";
import { buildSchema } from "graphql";
import { emitQueryBuilders } from "../../generator/content/emit-query-builders.js";
import { renderFiles, writeFiles } from "../../generator/writer.js";

const [schemaFile, out] = process.argv.slice(2) as [string, string];
const files = emitQueryBuilders(buildSchema(readFileSync(schemaFile, "utf8")), out, schemaFile);
await writeFiles(await renderFiles(files), [out]);
