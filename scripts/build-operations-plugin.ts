/**
 * Bundles the GraphQL Code Generator's `typescript-operations` plugin, with every package it
 * imports except `graphql`, into one ES module next to the module that runs it:
 * `dist/generator/content/operations-plugin.mjs`, with the licences of what it holds in
 * `operations-plugin.licenses.txt`. Imported as a package, the plugin loads a few hundred
 * modules (its visitor library, `@graphql-tools/utils`, the relay optimizer and `immutable`),
 * about 0.2 s of CPU in every `generate` that types documents; the one file loads in about a
 * fifth of that (`npm run bench:cli -- --floor`). `graphql` stays outside, so the plugin reads
 * the schema objects of the same `graphql` as the rest of the CLI. From the sources (no build),
 * `generator/content/emit-documents.ts` imports the package itself;
 * `test/content/documents-oracle.test.ts` holds the two to the same output.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { basename, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { BUNDLED_PLUGIN, OPERATIONS_PLUGIN } from "../generator/content/emit-documents.js";
import { packageRoot } from "../input/paths.js";

/** Where the build writes the bundle: beside `dist/generator/content/emit-documents.js`. */
export const OPERATIONS_PLUGIN_BUNDLE = join(packageRoot, "dist/generator/content", BUNDLED_PLUGIN);

/**
 * Writes the bundle to `outFile` and the licences of the packages in it beside it
 * (`<name>.licenses.txt`). Returns the packages bundled, as `name@version`, sorted.
 */
export async function buildOperationsPlugin(outFile: string): Promise<string[]> {
  const result = await build({
    stdin: {
      contents: `export { plugin } from "${OPERATIONS_PLUGIN}";`,
      resolveDir: packageRoot,
      sourcefile: BUNDLED_PLUGIN,
    },
    outfile: outFile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: ["node20"],
    external: ["graphql", "graphql/*"],
    // Some of the bundled packages are CommonJS and `require("graphql")`: in an ES module that
    // needs a `require` of its own, resolved from where the bundle is installed.
    banner: {
      js: [
        "// The GraphQL Code Generator's typescript-operations plugin and the packages it imports",
        "// (graphql excepted), bundled by typewire's build (scripts/build-operations-plugin.ts).",
        "// Their licences: operations-plugin.licenses.txt, beside this file.",
        'import { createRequire as __typewireCreateRequire } from "node:module";',
        "const require = __typewireCreateRequire(import.meta.url);",
      ].join("\n"),
    },
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  const packages = new Map<string, string>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const folder = packageFolder(join(packageRoot, input));
    if (folder !== undefined) packages.set(folder, packageNotice(folder));
  }
  const notices = [...packages.values()].sort();
  writeFileSync(
    outFile.replace(/\.mjs$/, ".licenses.txt"),
    [`${basename(outFile)} holds these packages, under these licences.\n`, ...notices].join("\n"),
  );
  return notices.map((notice) => notice.slice(0, notice.indexOf(" ")));
}

/** The folder of the installed package a bundled file belongs to. */
function packageFolder(file: string): string | undefined {
  const at = file.lastIndexOf(`node_modules${sep}`);
  if (at < 0) return undefined;
  const rest = file.slice(at + "node_modules".length + 1).split(sep);
  const depth = rest[0]!.startsWith("@") ? 2 : 1;
  return file.slice(0, at) + ["node_modules", ...rest.slice(0, depth)].join(sep);
}

/**
 * `name@version (licence)` and the text of the package's licence file; for a package that ships
 * none (the `@graphql-tools` packages keep theirs at the root of their repository), its
 * author and repository, where the text is.
 */
function packageNotice(folder: string): string {
  const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
    name: string;
    version: string;
    license?: string;
    author?: string | { name?: string };
    repository?: string | { url?: string };
  };
  const file = readdirSync(folder).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
  const author = typeof manifest.author === "object" ? manifest.author.name : manifest.author;
  const repository =
    typeof manifest.repository === "object" ? manifest.repository.url : manifest.repository;
  const text = file
    ? readFileSync(join(folder, file), "utf8").trim()
    : `The package ships no licence file. Author: ${author ?? "not given"}. Repository, with the licence text: ${repository ?? "not given"}.`;
  return `${manifest.name}@${manifest.version} (${manifest.license ?? "no licence field"})\n\n${text}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildOperationsPlugin(OPERATIONS_PLUGIN_BUNDLE);
}
