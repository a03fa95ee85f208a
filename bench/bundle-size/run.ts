// The browser/edge bundle benchmark: what a receiver on a serverless or edge runtime ships, and
// what a content query from a browser or a Worker ships, each beside its peer.
//
// Webhooks: `Webhooks` + `createWebMiddleware` of @typewire/runtime (the bundled platform table,
// as a user imports them from the built package) against the same two entry points of
// @octokit/webhooks. Content: `createContentClient` and one typed query (the generated module
// of the example's public schema) against a genql client generated from the same schema, with
// one query. Each is bundled with esbuild for the browser (minified, ES modules, tree-shaken)
// and gzipped at level 9. Prints bytes, ratios ours/peer, what our web bundle holds (from
// esbuild's metafile) and a verdict against the target: the webhooks bundle at most 4.6 KB gzip
// and at most the peer's.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type Metafile, build } from "esbuild";

const repo = join(import.meta.dirname, "../..");
const work = join(repo, "bench/.work/bundle-size");
/** The target of issue 34: at most the peer's web middleware, 4.6 KB gzip. */
const TARGET_GZIP = 4.6 * 1024;

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// The runtime as a user installs it: its compiled dist/, through the package's exports.
const compiled = spawnSync(
  "npm",
  ["run", "build", "--silent", "--workspace", "@typewire/runtime"],
  {
    cwd: repo,
    stdio: "inherit",
  },
);
if (compiled.status !== 0) throw new Error("building the runtime failed");

// genql's client for the example's public schema, generated once into the work folder.
const genql = spawnSync(
  process.execPath,
  [
    join(repo, "node_modules/@genql/cli/dist/cli.js"),
    "--schema",
    join(repo, "schemas/content/public.graphql"),
    "--output",
    join(work, "genql"),
    "-S",
    "DateTime:string",
    "-S",
    "QueryArgument:string",
  ],
  { encoding: "utf8" },
);
if (genql.status !== 0) throw new Error(`genql generation failed:\n${genql.stdout}${genql.stderr}`);

const entries = {
  "webhooks: ours": `
    export { Webhooks } from "@typewire/runtime/webhooks";
    export { createWebMiddleware } from "@typewire/runtime/middleware";`,
  "webhooks: peer": `
    export { Webhooks, createWebMiddleware } from "@octokit/webhooks";`,
  "content: ours": `
    import { createContentClient } from "@typewire/runtime/content";
    import { entries, query } from "../../../output/content/public/query.js";
    const client = createContentClient({ endpoint: "https://cms.example/api" });
    export const news = () =>
      client.request(query({ entries: entries({ section: ["news"], limit: 2 }, { title: true }) }));`,
  "content: genql": `
    import { createClient } from "./genql/index.js";
    const client = createClient({ url: "https://cms.example/api" });
    export const news = () =>
      client.query({ entries: { __args: { section: ["news"], limit: 2 }, title: true } });`,
};

interface Measured {
  bytes: Uint8Array;
  minified: number;
  gzip: number;
  metafile: Metafile;
}

async function measure(name: string, source: string): Promise<Measured> {
  const file = join(work, `${name.replace(/\W+/g, "-")}.ts`);
  writeFileSync(file, source);
  const result = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "error",
  });
  const bytes = result.outputFiles[0]!.contents;
  return {
    bytes,
    minified: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    metafile: result.metafile,
  };
}

const measured: Record<string, Measured> = {};
for (const [name, source] of Object.entries(entries)) measured[name] = await measure(name, source);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const ratio = (ours: number, peer: number) => (ours / peer).toFixed(3);
const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
console.log(row(["bundle", "minified ours / peer", "ratio", "gzip ours / peer", "ratio"]));
console.log(row(["---", "---", "---", "---", "---"]));
for (const [label, ours, peer] of [
  ["webhooks + web middleware (@octokit/webhooks)", "webhooks: ours", "webhooks: peer"],
  ["content client + one query (genql)", "content: ours", "content: genql"],
] as const) {
  const a = measured[ours]!;
  const b = measured[peer]!;
  console.log(
    row([
      label,
      `${a.minified} B / ${b.minified} B`,
      ratio(a.minified, b.minified),
      `${a.gzip} B (${kb(a.gzip)}) / ${b.gzip} B (${kb(b.gzip)})`,
      ratio(a.gzip, b.gzip),
    ]),
  );
}

// What our web bundle holds, largest first: each module's bytes in the minified output.
const output = Object.values(measured["webhooks: ours"]!.metafile.outputs)[0]!;
const modules = Object.entries(output.inputs)
  .map(
    ([path, { bytesInOutput }]) =>
      [path.replace(/^.*?runtime\/dist\//, ""), bytesInOutput] as const,
  )
  .sort((a, b) => b[1] - a[1]);
console.log("\nOur web bundle, minified bytes per module:");
for (const [path, bytes] of modules.slice(0, 12))
  console.log(`  ${String(bytes).padStart(6)}  ${path}`);
if (modules.length > 12)
  console.log(
    `  ${String(modules.slice(12).reduce((sum, [, bytes]) => sum + bytes, 0)).padStart(6)}  ${modules.length - 12} more`,
  );

// How much of it is prose: every string literal with a space in it (error and log messages)
// blanked, and the bundle gzipped again. The names of the event table have no spaces and stay.
const prose = /"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`|'(?:[^'\\]|\\.)*'/g;
const text = new TextDecoder().decode(measured["webhooks: ours"]!.bytes);
const blanked = text.replace(prose, (literal) => (literal.includes(" ") ? '""' : literal));
const withoutProse = gzipSync(blanked, { level: 9 }).length;
console.log(
  `\nOf our ${measured["webhooks: ours"]!.gzip} B gzip, error and log messages take ${measured["webhooks: ours"]!.gzip - withoutProse} B (${withoutProse} B without them).`,
);

const ours = measured["webhooks: ours"]!.gzip;
const peer = measured["webhooks: peer"]!.gzip;
const missed: string[] = [];
if (ours > TARGET_GZIP) missed.push(`${ours} B gzip is above ${TARGET_GZIP} B`);
if (ours > peer) missed.push(`${ours} B gzip is above the peer's ${peer} B`);
console.log(`\nverdict: ${missed.length === 0 ? "MET" : `NOT MET (${missed.join("; ")})`}`);
if (missed.length > 0) process.exitCode = 1;
