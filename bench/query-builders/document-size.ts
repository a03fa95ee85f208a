// What one typed document costs in a browser bundle: typewire's (`output/content/public/
// documents.ts`, generated from schemas/content/documents/ for the example's public schema: the
// syntax tree plus the text it sends, in `loc.source.body`) against the GraphQL Code Generator's
// client preset, in its default mode, over the same files and schema. Each side is a module that
// imports one document and hands it on, bundled by esbuild (minified, tree-shaken) and gzipped
// at level 9; typewire's figure is also given with its content client, which sends the document
// without a GraphQL printer (the preset's document needs a client that prints or carries one).
//   npm run bench:document-size
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipBundle } from "../gzip-bundle.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const work = join(repo, "bench/.work/document-size");
const OPERATIONS = ["PageByUri", "NewsListing", "ArticleBySlug", "SiteLayout"];

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const config = join(work, "codegen.json");
writeFileSync(
  config,
  JSON.stringify({
    schema: join(repo, "schemas/content/public.graphql"),
    documents: [join(repo, "schemas/content/documents/*.graphql")],
    generates: {
      [`${join(work, "preset")}/`]: { preset: "client", presetConfig: { fragmentMasking: false } },
    },
    silent: true,
  }),
);
const codegen = spawnSync(
  process.execPath,
  [join(repo, "node_modules/@graphql-codegen/cli/cjs/bin.js"), "--config", config],
  { encoding: "utf8" },
);
if (codegen.status !== 0) throw new Error(`the client preset failed:\n${codegen.stderr}`);

async function gzipped(name: string, source: string): Promise<number> {
  const entry = join(work, `${name}.ts`);
  writeFileSync(entry, source);
  return gzipBundle(entry, {
    conditions: ["typewire-source"],
    mainFields: ["module", "main"],
    // Types only (the preset imports it without `type`): nothing of it reaches the bundle.
    external: ["@graphql-typed-document-node/core"],
  });
}

const ours = join(repo, "output/content/public/documents.ts");
const preset = join(work, "preset/graphql.ts");
const rows: string[] = [];
for (const operation of OPERATIONS) {
  const document = `${operation}Document`;
  const typewire = await gzipped(
    `ours-${operation}`,
    `export { ${document} } from ${JSON.stringify(ours)};\n`,
  );
  const clientPreset = await gzipped(
    `preset-${operation}`,
    `export { ${document} } from ${JSON.stringify(preset)};\n`,
  );
  const withClient = await gzipped(
    `ours-client-${operation}`,
    [
      `import { createContentClient } from "@typewire/runtime/content";`,
      `import { ${document} } from ${JSON.stringify(ours)};`,
      `export const run = (endpoint: string) => createContentClient({ endpoint }).request(${document} as never);`,
    ].join("\n"),
  );
  rows.push(
    `| ${operation} | ${typewire} B | ${clientPreset} B | ${(typewire / clientPreset).toFixed(2)} | ${withClient} B |`,
  );
}
console.log(
  [
    "| document | typewire (min+gzip) | client preset (min+gzip) | typewire / preset | typewire with its content client |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n"),
);
