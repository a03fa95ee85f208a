// The floor of a content generation: a new node process that reads the same SDL, parses and
// builds it with graphql-js (what any generator starts with) and writes the same bytes typewire
// wrote, taken from one snapshot file. Plain JavaScript, so no loader is part of its cost.
//   node floor-process.mjs <schema.graphql> <snapshot> <out-dir>
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildSchema } from "graphql";

const [sdlFile, snapshot, outDir] = process.argv.slice(2);
const schema = buildSchema(readFileSync(sdlFile, "utf8"));
if (!schema.getQueryType()) throw new Error("the schema has no Query type");
const index = JSON.parse(readFileSync(`${snapshot}.json`, "utf8"));
const bytes = readFileSync(snapshot);
for (const { path, start, end } of index) {
  const file = join(outDir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes.subarray(start, end));
}
