// Generates what `typewire generate` writes for one content schema with a folder of GraphQL
// documents declared for it (types, query builders and the typed documents), with the same
// loader, emitters and writer:
// node --import tsx bench/query-builders/generate-documents.ts <schema.graphql> <documents folder> <output folder>
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { emitContent } from "../../generator/content/emit-content.js";
import { renderFiles, writeFiles } from "../../generator/writer.js";

const [schemaFile, documents, out] = process.argv.slice(2) as [string, string, string];
const files = readdirSync(documents)
  .filter((name) => name.endsWith(".graphql"))
  .sort()
  .map((name) => resolve(documents, name));
const emitted = await emitContent(
  {
    content: {
      out: resolve(out),
      schemas: [{ name: "site", file: resolve(schemaFile) }],
      documents: [{ files, schemas: ["site"] }],
      pollSeconds: 30,
    },
  },
  process.cwd(),
);
await writeFiles(await renderFiles(emitted), []);
