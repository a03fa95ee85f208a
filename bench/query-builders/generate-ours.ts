// Generates the query builders of one schema file the way `typewire generate` does for a content
// schema (the same loader, emitter and writer):
// node --import tsx bench/query-builders/generate-ours.ts <schema.graphql> <output folder>
import { emitQueryBuilders } from "../../generator/content/emit-query-builders.js";
import { loadSchemaFile } from "../../generator/content/load-schema.js";
import { renderFiles, writeFiles } from "../../generator/writer.js";

const [schemaFile, out] = process.argv.slice(2) as [string, string];
const files = emitQueryBuilders(await loadSchemaFile(schemaFile), out, schemaFile);
await writeFiles(await renderFiles(files), []);
