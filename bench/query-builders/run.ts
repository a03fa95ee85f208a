// The query builder benchmark: typewire's builders side by side with genql on the same schemas.
// Run with `npm run bench:content` (optionally `-- 20,200` to choose the Craft-shaped sizes).
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { genqlConsumer, oneQueryProgram, oursConsumer, querySpecs } from "./consumers.js";
import { type EntryTypeInfo, craftSchema, exampleSchema } from "./craft-schema.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const work = join(repo, "bench/.work/query-builders");
const QUERIES = 24;
const TSC_TIMEOUT_MS = 300_000;

interface Side {
  generateMs: number;
  bytes: number;
  runtimeGzip: number;
  checkSeconds: number | undefined;
  instantiations: number | undefined;
  errors: string;
}

interface Case {
  name: string;
  entryTypes: number;
  ours: Side;
  genql: Side;
}

// `-- 20,200` chooses the Craft-shaped sizes; `-- none` measures the bundled example alone.
const sizeArgument = process.argv[2] ?? "20,200,1000";
const sizes = sizeArgument === "none" ? [] : sizeArgument.split(",").map(Number);

function run(
  command: string,
  args: string[],
  timeout = TSC_TIMEOUT_MS,
): { ms: number; out: string; ok: boolean } {
  const start = performance.now();
  const result = spawnSync(command, args, {
    cwd: repo,
    encoding: "utf8",
    timeout,
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - start;
  return { ms, out: `${result.stdout}${result.stderr}`, ok: result.status === 0 };
}

function folderBytes(path: string): number {
  const stat = statSync(path);
  if (stat.isFile()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + folderBytes(join(path, entry)), 0);
}

async function gzipBundle(entry: string, conditions: string[]): Promise<number> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    conditions,
    write: false,
    logLevel: "silent",
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
}

function typeCheck(
  dir: string,
  file: string,
): Pick<Side, "checkSeconds" | "instantiations" | "errors"> {
  const config = join(dir, `tsconfig.${file}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib: ["ES2023", "DOM"],
        types: [],
        skipLibCheck: true,
      },
      files: [`./${file}.ts`],
    }),
  );
  const tsc = join(repo, "node_modules/typescript/lib/tsc.js");
  const result = run("node", [
    "--max-old-space-size=6144",
    tsc,
    "-p",
    config,
    "--extendedDiagnostics",
  ]);
  const number = (label: string) => {
    const match = result.out.match(new RegExp(`^${label}:\\s+([\\d.]+)`, "m"));
    return match ? Number(match[1]) : undefined;
  };
  const errors = (result.out.match(/error TS\d+/g) ?? []).length;
  const timedOut = number("Check time") === undefined;
  return {
    checkSeconds: number("Check time"),
    instantiations: number("Instantiations"),
    errors: timedOut ? `did not finish in ${TSC_TIMEOUT_MS / 1000} s` : String(errors),
  };
}

async function measure(name: string, sdl: string, entryTypes: EntryTypeInfo[]): Promise<Case> {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const schemaFile = join(dir, "schema.graphql");
  writeFileSync(schemaFile, sdl);
  const specs = querySpecs(QUERIES, entryTypes);

  // The machine is shared: the two generators run alternately, and the best of the runs counts.
  const rounds = entryTypes.length >= 1000 ? 1 : 3;
  let oursMs = Number.POSITIVE_INFINITY;
  let genqlMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const ours = run("node", [generator, schemaFile, join(dir, "ours")]);
    if (!ours.ok) throw new Error(`typewire generation failed for ${name}:\n${ours.out}`);
    const genql = run("node", [
      join(repo, "node_modules/@genql/cli/dist/cli.js"),
      "--schema",
      schemaFile,
      "--output",
      join(dir, "genql"),
      "-S",
      "DateTime:string",
      "-S",
      "QueryArgument:string",
    ]);
    if (!genql.ok) throw new Error(`genql generation failed for ${name}:\n${genql.out}`);
    oursMs = Math.min(oursMs, ours.ms);
    genqlMs = Math.min(genqlMs, genql.ms);
  }

  const oursSource = oursConsumer(specs);
  const genqlSource = genqlConsumer(specs);
  writeFileSync(join(dir, "ours-consumer.ts"), oursSource);
  writeFileSync(join(dir, "genql-consumer.ts"), genqlSource);
  writeFileSync(join(dir, "ours-one.ts"), oneQueryProgram(oursSource));
  writeFileSync(join(dir, "genql-one.ts"), oneQueryProgram(genqlSource));

  const side = async (which: "ours" | "genql", generateMs: number): Promise<Side> => ({
    generateMs,
    bytes: folderBytes(join(dir, which)),
    runtimeGzip: await gzipBundle(join(dir, `${which}-one.ts`), ["typewire-source"]),
    ...typeCheck(dir, `${which}-consumer`),
  });
  return {
    name,
    entryTypes: entryTypes.length,
    ours: await side("ours", oursMs),
    genql: await side("genql", genqlMs),
  };
}

function slope(cases: Case[], which: "ours" | "genql"): number {
  const xs = cases.map((c) => c.entryTypes);
  const ys = cases.map((c) => c[which].generateMs);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return num / den;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (a: number | undefined, b: number | undefined) =>
  a && b ? (a / b).toFixed(3) : "n/a";
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

mkdirSync(work, { recursive: true });
writeFileSync(join(work, "package.json"), '{ "type": "module", "private": true }\n');
// Both generators run as compiled JavaScript: genql ships it, and typewire's generator is bundled
// here (the repository's own bin runs the TypeScript sources through tsx, which adds startup time
// that has nothing to do with generating). The bundle finds `templates/` one folder up.
const generator = join(repo, "bench/.work/gen/generate-ours.mjs");
await build({
  entryPoints: [join(repo, "bench/query-builders/generate-ours.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outfile: generator,
  logLevel: "silent",
});
rmSync(join(repo, "bench/.work/templates"), { force: true });
symlinkSync(join(repo, "templates"), join(repo, "bench/.work/templates"), "dir");
// Consumers see the runtime as users do: its published declaration files (built into runtime/dist).
const runtimeBuild = run("node", [
  join(repo, "node_modules/typescript/lib/tsc.js"),
  "-p",
  "runtime/tsconfig.build.json",
]);
if (!runtimeBuild.ok) throw new Error(`building the runtime failed:\n${runtimeBuild.out}`);
const cases: Case[] = [];
const example = exampleSchema();
for (const [name, schema] of [
  ["example", example] as const,
  ...sizes.map((n) => [`craft-${n}`, craftSchema(n)] as const),
]) {
  console.error(`measuring ${name} ...`);
  cases.push(await measure(name, schema.sdl, schema.entryTypes));
}

const rows = [
  "| schema | entry types | generation ours / genql | ratio | size on disk ours / genql | ratio | runtime min+gzip ours / genql | ratio | check time ours / genql | ratio | instantiations ours / genql | ratio | tsc errors ours / genql |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ...cases
    .map((c) =>
      [
        c.name,
        c.entryTypes,
        `${secs(c.ours.generateMs)} / ${secs(c.genql.generateMs)}`,
        ratio(c.ours.generateMs, c.genql.generateMs),
        `${kb(c.ours.bytes)} / ${kb(c.genql.bytes)}`,
        ratio(c.ours.bytes, c.genql.bytes),
        `${c.ours.runtimeGzip} B / ${c.genql.runtimeGzip} B`,
        ratio(c.ours.runtimeGzip, c.genql.runtimeGzip),
        `${c.ours.checkSeconds ?? "-"} s / ${c.genql.checkSeconds ?? "-"} s`,
        ratio(c.ours.checkSeconds, c.genql.checkSeconds),
        `${c.ours.instantiations ?? "-"} / ${c.genql.instantiations ?? "-"}`,
        ratio(c.ours.instantiations, c.genql.instantiations),
        `${c.ours.errors} / ${c.genql.errors}`,
      ].join(" | "),
    )
    .map((row) => `| ${row} |`),
];
const craft = cases.filter((c) => c.name.startsWith("craft-"));
if (craft.length > 1) {
  rows.push(
    "",
    `Generation-time slope over the Craft-shaped schemas (least squares): ours ${slope(craft, "ours").toFixed(2)} ms per entry type, genql ${slope(craft, "genql").toFixed(2)} ms per entry type.`,
  );
}
const report = `${rows.join("\n")}\n`;
writeFileSync(join(work, "results.md"), report);
console.log(report);
