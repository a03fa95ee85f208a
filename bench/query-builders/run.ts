// The query builder benchmark: typewire's builders side by side with genql on the same schemas.
// Run with `npm run bench:content` (optionally `-- 20,200` to choose the Craft-shaped sizes).
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildSchema, introspectionFromSchema } from "graphql";
import { gzipBundle } from "../gzip-bundle.js";
import { callbackModule, callbackRealistic } from "./callback-prototype.js";
import { genqlConsumer, oneQueryProgram, oursConsumer, querySpecs } from "./consumers.js";
import { type EntryTypeInfo, craftSchema, exampleSchema } from "./craft-schema.js";
import {
  clientPresetRealistic,
  documentsConsumers,
  fitOperations,
  genqlRealistic,
  oursRealistic,
  printGraphQL,
  realisticOperations,
  tadaRealistic,
} from "./realistic.js";

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
  /** Instantiations per query after the first (the consumer against its cut to one query). */
  perQuery: number | undefined;
}

interface Case {
  name: string;
  entryTypes: number;
  ours: Side;
  genql: Side;
  /** Ours, with the runtime's exactness check (`Checked`) taken out. */
  unchecked: Check;
  /** Ours, with only the barest form of that check. */
  bare: Check;
  /** The 24 realistic queries, for each library: check time, instantiations, per query. */
  realistic: Record<Library, Check & { perQuery: number | undefined }>;
  /** Ours on the realistic queries without the exactness check. */
  realisticUnchecked: Check;
  /** Ours on the realistic queries with more and more of the type machinery taken out. */
  breakdown: { label: string; instantiations: number | undefined; perQuery: number | undefined }[];
  /** The realistic queries as `.graphql` documents: typewire's typed documents and the peers. */
  documents: Record<DocumentsPeer, Check & { generateMs: number | undefined }>;
}

/** Who types the realistic queries written as GraphQL documents. */
const DOCUMENTS_PEERS = ["ours", "clientPreset", "tada"] as const;
type DocumentsPeer = (typeof DOCUMENTS_PEERS)[number];

// gql.tada's output writer, loaded by a name the compiler does not resolve: its declaration files
// reach into type-fest declarations this project's settings reject.
const TADA = "@gql.tada/internal";
const CODEGEN_TIMEOUT_MS = 180_000;
const { minifyIntrospection, outputIntrospectionFile } = (await import(TADA)) as {
  minifyIntrospection: (introspection: object) => object;
  outputIntrospectionFile: (
    introspection: object,
    options: { fileType: string; shouldPreprocess: boolean },
  ) => string;
};

/** The libraries compared on the realistic queries; "callback" is the prototype of callback-prototype.ts. */
const LIBRARIES = ["ours", "genql", "clientPreset", "tada", "callback"] as const;
type Library = (typeof LIBRARIES)[number];

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

type Check = Pick<Side, "checkSeconds" | "instantiations" | "errors">;

/**
 * Writes the tsconfig that checks `file` alone and returns its path. `runtime` points
 * `@typewire/runtime/content` at other declaration files than the built runtime's.
 */
function checkConfig(dir: string, file: string, name: string, runtime?: string): string {
  const configFile = join(dir, `tsconfig.${name}.json`);
  writeFileSync(
    configFile,
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
        ...(runtime ? { paths: { "@typewire/runtime/content": [runtime] } } : {}),
      },
      files: [`./${file}.ts`],
    }),
  );
  return configFile;
}

/**
 * A `graphql-codegen` config for the client preset over `documents` into `outDir`, with the scalar
 * types typewire maps the content API's custom scalars to and no fragment masking (typewire has
 * none), so both sides type the same results.
 */
function writeClientPresetConfig(
  configFile: string,
  schemaFile: string,
  documents: string,
  outDir: string,
): void {
  writeFileSync(
    configFile,
    JSON.stringify({
      schema: schemaFile,
      documents: [documents],
      generates: {
        [`${outDir}/`]: {
          preset: "client",
          presetConfig: { fragmentMasking: false },
          config: {
            useTypeImports: true,
            scalars: { DateTime: "string", QueryArgument: "string | number | boolean" },
          },
        },
      },
      silent: true,
    }),
  );
}
function checkOnce(configFile: string): Check {
  const tsc = join(repo, "node_modules/typescript/lib/tsc.js");
  const result = run("node", [
    "--max-old-space-size=6144",
    tsc,
    "-p",
    configFile,
    "--extendedDiagnostics",
  ]);
  const number = (label: string) => {
    const match = result.out.match(new RegExp(`^${label}:\\s+([\\d.]+)`, "m"));
    return match ? Number(match[1]) : undefined;
  };
  const checkSeconds = number("Check time");
  if (checkSeconds === undefined) {
    return {
      checkSeconds,
      instantiations: undefined,
      errors: `did not finish in ${TSC_TIMEOUT_MS / 1000} s`,
    };
  }
  return {
    checkSeconds,
    instantiations: number("Instantiations"),
    errors: String((result.out.match(/error TS\d+/g) ?? []).length),
  };
}

/**
 * Checks each config `rounds` times, taking turns so that the machine's load falls on all of them
 * alike; the best check time counts (instantiation counts are the same in every run).
 */
function checkAlternately(configFiles: string[], rounds: number): Check[] {
  const best: (Check | undefined)[] = configFiles.map(() => undefined);
  for (let round = 0; round < rounds; round++) {
    configFiles.forEach((configFile, index) => {
      const previous = best[index];
      if (previous && previous.checkSeconds === undefined) return;
      const check = checkOnce(configFile);
      if (!previous || check.checkSeconds === undefined) best[index] = check;
      else if (check.checkSeconds < previous.checkSeconds!) best[index] = check;
    });
  }
  return best as Check[];
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

  // Each library's consumer, the same cut to its first query, and a program sending that query.
  for (const [which, consumer] of [
    ["ours", oursConsumer],
    ["genql", genqlConsumer],
  ] as const) {
    const first = consumer(specs.slice(0, 1));
    writeFileSync(join(dir, `${which}-consumer.ts`), consumer(specs));
    writeFileSync(join(dir, `${which}-first.ts`), first);
    writeFileSync(join(dir, `${which}-one.ts`), oneQueryProgram(first));
  }

  // The full consumers, and ours against the two ablations (see `ablation`), take turns; the cuts
  // to the first query only need their instantiation counts.
  const [oursCheck, genqlCheck, unchecked, bare] = checkAlternately(
    [
      checkConfig(dir, "ours-consumer", "ours-consumer"),
      checkConfig(dir, "genql-consumer", "genql-consumer"),
      checkConfig(dir, "ours-consumer", "ours-unchecked", uncheckedRuntime),
      checkConfig(dir, "ours-consumer", "ours-bare", bareRuntime),
    ],
    rounds,
  );
  const [oursFirst, genqlFirst] = checkAlternately(
    [checkConfig(dir, "ours-first", "ours-first"), checkConfig(dir, "genql-first", "genql-first")],
    1,
  );
  const side = async (which: "ours" | "genql", generateMs: number, check: Check, first: Check) => ({
    generateMs,
    bytes: folderBytes(join(dir, which)),
    runtimeGzip: await gzipBundle(join(dir, `${which}-one.ts`), {
      conditions: ["typewire-source"],
    }),
    ...check,
    perQuery: perQuery(check, first),
  });
  // The realistic queries' check times decide the targets: the best of 9 alternating runs (3 at
  // 1,000 entry types, where one run takes tens of seconds), or BENCH_CHECK_ROUNDS.
  const checkRounds = Number(process.env.BENCH_CHECK_ROUNDS ?? (entryTypes.length >= 1000 ? 3 : 9));
  const realistic = await measureRealistic(
    dir,
    schemaFile,
    sdl,
    entryTypes,
    name === "example",
    checkRounds,
  );
  const documents = measureDocuments(dir, schemaFile, entryTypes, name === "example", rounds);
  return {
    name,
    entryTypes: entryTypes.length,
    ours: await side("ours", oursMs, oursCheck!, oursFirst!),
    genql: await side("genql", genqlMs, genqlCheck!, genqlFirst!),
    unchecked: unchecked!,
    bare: bare!,
    ...realistic,
    documents,
  };
}

/**
 * The 24 realistic queries as `.graphql` files (one operation each), typed by typewire's
 * `generate` (types, builders and `documents.ts`, as a project with `content.documents` gets
 * them), by the client preset (its CLI over the same files) and by gql.tada (its introspection
 * type, written as `gql.tada generate output` writes it; gql.tada reads documents in the code).
 * Generation: one child process each, alternating, best of `rounds`. Type-checking: each
 * consumer of the 24 documents, alternating, as in `measureRealistic` (gql.tada's is its
 * consumer there, the same queries in `graphql()` calls).
 */
function measureDocuments(
  dir: string,
  schemaFile: string,
  entryTypes: EntryTypeInfo[],
  example: boolean,
  rounds: number,
): Case["documents"] {
  const ops = fitOperations(realisticOperations(), entryTypes, example);
  const folder = join(dir, "documents");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const [i, op] of ops.entries()) {
    writeFileSync(
      join(folder, `${String(i).padStart(2, "0")}-${op.name}.graphql`),
      `${printGraphQL(op)}\n`,
    );
  }
  const consumers = documentsConsumers(ops);
  writeFileSync(join(dir, "docs-ours-consumer.ts"), consumers.ours);
  writeFileSync(join(dir, "docs-preset-consumer.ts"), consumers.clientPreset);
  const presetConfig = join(dir, "codegen-documents.json");
  writeClientPresetConfig(
    presetConfig,
    schemaFile,
    join(folder, "*.graphql"),
    join(dir, "docs-preset"),
  );
  const commands: Record<DocumentsPeer, string[]> = {
    ours: [documentsGenerator, schemaFile, folder, join(dir, "docs-ours")],
    clientPreset: [
      "--max-old-space-size=3072",
      join(repo, "node_modules/@graphql-codegen/cli/cjs/bin.js"),
      "--config",
      presetConfig,
    ],
    tada: [tadaOutput, schemaFile, join(dir, "docs-tada.d.ts")],
  };
  const best: Record<DocumentsPeer, number | undefined> = {
    ours: Number.POSITIVE_INFINITY,
    clientPreset: Number.POSITIVE_INFINITY,
    tada: Number.POSITIVE_INFINITY,
  };
  const failures: Partial<Record<DocumentsPeer, string>> = {};
  for (let round = 0; round < rounds; round++) {
    for (const peer of DOCUMENTS_PEERS) {
      if (failures[peer]) continue;
      const result = run("node", commands[peer]!, CODEGEN_TIMEOUT_MS);
      if (!result.ok) {
        failures[peer] = `generation failed: ${
          /heap out of memory/.test(result.out)
            ? "out of memory (3 GB heap)"
            : (result.out.match(/(RangeError|Error): [^\n]*/)?.[0] ?? "see its output")
        }`;
        if (peer === "ours") throw new Error(`typewire documents failed:\n${result.out}`);
        continue;
      }
      best[peer] = Math.min(best[peer]!, result.ms);
    }
  }
  const checked = DOCUMENTS_PEERS.filter((peer) => !failures[peer]);
  const configs: Record<DocumentsPeer, string> = {
    ours: checkConfig(dir, "docs-ours-consumer", "docs-ours"),
    clientPreset: checkConfig(dir, "docs-preset-consumer", "docs-preset"),
    tada: checkConfig(dir, "real-tada", "docs-tada"),
  };
  const checks = checkAlternately(
    checked.map((peer) => configs[peer]),
    rounds,
  );
  return Object.fromEntries(
    DOCUMENTS_PEERS.map((peer) => {
      const i = checked.indexOf(peer);
      if (i < 0) {
        const errors = failures[peer]!;
        return [
          peer,
          { generateMs: undefined, checkSeconds: undefined, instantiations: undefined, errors },
        ];
      }
      return [peer, { generateMs: best[peer], ...checks[i]! }];
    }),
  ) as Case["documents"];
}

/**
 * The realistic queries (see realistic.ts), written for each library, checked alternately; each
 * consumer is also cut to its first query for the per-query figure. The client preset's module is
 * generated from the full consumer, gql.tada's introspection type as its CLI writes it.
 */
async function measureRealistic(
  dir: string,
  schemaFile: string,
  sdl: string,
  entryTypes: EntryTypeInfo[],
  example: boolean,
  rounds: number,
): Promise<Pick<Case, "realistic" | "realisticUnchecked" | "breakdown">> {
  const ops = fitOperations(realisticOperations(), entryTypes, example);
  const schema = buildSchema(sdl);
  const writers: Record<Library, typeof oursRealistic> = {
    ours: oursRealistic,
    genql: (list) => genqlRealistic(list, schema),
    clientPreset: clientPresetRealistic,
    tada: tadaRealistic,
    callback: (list) => callbackRealistic(list, schema),
  };
  for (const library of LIBRARIES) {
    writeFileSync(join(dir, `real-${library}.ts`), writers[library](ops));
    writeFileSync(join(dir, `real-${library}-first.ts`), writers[library](ops.slice(0, 1)));
  }
  mkdirSync(join(dir, "callback"), { recursive: true });
  writeFileSync(join(dir, "callback/query.ts"), callbackModule(schema));
  mkdirSync(join(dir, "tada"), { recursive: true });
  writeFileSync(
    join(dir, "tada/introspection.d.ts"),
    outputIntrospectionFile(
      minifyIntrospection(introspectionFromSchema(buildSchema(sdl)) as never),
      {
        fileType: ".d.ts",
        shouldPreprocess: true,
      },
    ),
  );
  // The client preset expands a selection on an interface into one object type per concrete
  // type; on large schemas its generator can fail, which the table then reports.
  let presetFailure: string | undefined;
  const configFile = join(dir, "codegen.json");
  writeClientPresetConfig(
    configFile,
    schemaFile,
    join(dir, "real-clientPreset.ts"),
    join(dir, "client-preset"),
  );
  // Its own process, with a bounded heap and time: on large schemas it can run out of either.
  const preset = run(
    "node",
    [
      "--max-old-space-size=3072",
      join(repo, "node_modules/@graphql-codegen/cli/cjs/bin.js"),
      "--config",
      configFile,
    ],
    CODEGEN_TIMEOUT_MS,
  );
  if (!preset.ok) {
    const reason = /heap out of memory/.test(preset.out)
      ? "out of memory (3 GB heap)"
      : preset.ms >= CODEGEN_TIMEOUT_MS
        ? `no result in ${CODEGEN_TIMEOUT_MS / 1000} s`
        : (preset.out.match(/(RangeError|Error): [^\n]*/)?.[0] ?? "see its output");
    presetFailure = `generation failed: ${reason}`;
  }
  const measured = LIBRARIES.filter((library) => library !== "clientPreset" || !presetFailure);
  const full = checkAlternately(
    [
      ...measured.map((library) => checkConfig(dir, `real-${library}`, `real-${library}`)),
      checkConfig(dir, "real-ours", "real-ours-unchecked", uncheckedRuntime),
    ],
    rounds,
  );
  const first = checkAlternately(
    measured.map((library) => checkConfig(dir, `real-${library}-first`, `real-${library}-first`)),
    1,
  );
  // The breakdown: instantiation counts only, so one run each.
  const breakdown = BREAKDOWN.map(([label, runtime], step) => {
    const [all, one] = checkAlternately(
      [
        checkConfig(dir, "real-ours", `breakdown-${step}`, runtime),
        checkConfig(dir, "real-ours-first", `breakdown-${step}-first`, runtime),
      ],
      1,
    );
    return { label, instantiations: all!.instantiations, perQuery: perQuery(all!, one!) };
  });
  const realistic = Object.fromEntries(
    LIBRARIES.map((library) => {
      const i = measured.indexOf(library);
      const failed = { checkSeconds: undefined, instantiations: undefined, errors: presetFailure! };
      if (i < 0) return [library, { ...failed, perQuery: undefined }];
      return [library, { ...full[i]!, perQuery: perQuery(full[i]!, first[i]!) }];
    }),
  ) as Case["realistic"];
  return { realistic, realisticUnchecked: full[measured.length]!, breakdown };
}

/** Instantiations each query after the first adds, on average. */
function perQuery(all: Check, first: Check): number | undefined {
  if (all.instantiations === undefined || first.instantiations === undefined) return undefined;
  return Math.round((all.instantiations - first.instantiations) / (QUERIES - 1));
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
// The same for the generator with documents (the whole content target: types, builders, documents).
const documentsGenerator = join(repo, "bench/.work/gen/generate-documents.mjs");
await build({
  entryPoints: [join(repo, "bench/query-builders/generate-documents.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outfile: documentsGenerator,
  logLevel: "silent",
});
// gql.tada's generation step: the introspection type its CLI writes (`gql.tada generate output`).
const tadaOutput = join(repo, "bench/.work/gen/tada-output.mjs");
writeFileSync(
  tadaOutput,
  `import { readFileSync, writeFileSync } from "node:fs";
import { buildSchema, introspectionFromSchema } from "graphql";
import { minifyIntrospection, outputIntrospectionFile } from "@gql.tada/internal";
const [schemaFile, out] = process.argv.slice(2);
const introspection = minifyIntrospection(introspectionFromSchema(buildSchema(readFileSync(schemaFile, "utf8"))));
writeFileSync(out, outputIntrospectionFile(introspection, { fileType: ".d.ts", shouldPreprocess: true }));
`,
);
rmSync(join(repo, "bench/.work/templates"), { force: true });
symlinkSync(join(repo, "templates"), join(repo, "bench/.work/templates"), "dir");
// Consumers see the runtime as users do: its published declaration files (built into runtime/dist).
const runtimeBuild = run("node", [
  join(repo, "node_modules/typescript/lib/tsc.js"),
  "-p",
  "runtime/tsconfig.build.json",
]);
if (!runtimeBuild.ok) throw new Error(`building the runtime failed:\n${runtimeBuild.out}`);

// Two ablations, each a copy of the runtime's content declarations in which `Checked` (the type a
// builder's selection is intersected with to reject unknown keys) is replaced. The same consumer
// checked against them shows what that check costs; the rest (checking each value against the
// schema, inferring the result) stays. "unchecked" takes the check out. "bare" keeps only its
// barest form: one comparison of key unions per selection object and a visit of each sub-selection,
// with no look at arguments, fragment types, directives or aliases.
function ablation(name: string, checked: string): string {
  const from = join(repo, "runtime/dist/content");
  const to = join(work, `${name}-runtime`);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from).filter((f) => f.endsWith(".d.ts"))) {
    copyFileSync(join(from, file), join(to, file));
  }
  const infer = join(to, "infer.d.ts");
  const declaration = /^export type Checked<T extends TypeInfo, S> = [^;]*;$/m;
  const text = readFileSync(infer, "utf8");
  if (!declaration.test(text)) {
    throw new Error(
      `${infer}: no one-line \`Checked<T, S>\` declaration to replace; update the ablation`,
    );
  }
  writeFileSync(
    infer,
    text.replace(declaration, () => checked),
  );
  return join(to, "index.d.ts");
}
/**
 * A copy of the runtime's content declarations with declarations replaced (`edits`: file, the
 * declaration's pattern, its replacement), for the realistic queries' cost breakdown.
 */
function ablate(
  name: string,
  edits: [file: string, pattern: RegExp, replacement: string][],
): string {
  const from = join(repo, "runtime/dist/content");
  const to = join(work, `${name}-runtime`);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from).filter((f) => f.endsWith(".d.ts"))) {
    copyFileSync(join(from, file), join(to, file));
  }
  for (const [file, pattern, replacement] of edits) {
    const path = join(to, file);
    const text = readFileSync(path, "utf8");
    if (!pattern.test(text))
      throw new Error(`${path}: no ${pattern} to replace; update the ablation`);
    writeFileSync(
      path,
      text.replace(pattern, () => replacement),
    );
  }
  return join(to, "index.d.ts");
}
const NO_CHECK: [string, RegExp, string] = [
  "infer.d.ts",
  /^export type Checked<T extends TypeInfo, S> = [^;]*;$/m,
  "export type Checked<T extends TypeInfo, S> = unknown;",
];
const NO_RESULT: [string, RegExp, string] = [
  "infer.d.ts",
  /^export type Result<T extends TypeInfo, S> = [^;]*;$/m,
  "export type Result<T extends TypeInfo, S> = any;",
];
const PLAIN_ON: [string, RegExp, string] = [
  "query.d.ts",
  /^export type FragmentHelper<Ts extends TypeInfos<Ts>> = [^;]*;$/m,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript text, written into a declaration file.
  "export type FragmentHelper<Ts extends TypeInfos<Ts>> = (type: keyof Ts, selection: object) => { readonly [key: `... on ${string}`]: any };",
];
const PLAIN_BUILDERS: [string, RegExp, string] = [
  "query.d.ts",
  /^export type Builder<D> = [\s\S]*?FieldCall<Get<D, "r">>;$/m,
  "export type Builder<D> = (args: any, selection?: any) => FieldCall<any>;",
];
/** The breakdown's steps, each taking one more part of the type machinery out. */
const BREAKDOWN = [
  ["no check", ablate("no-check", [NO_CHECK])],
  ["no check, no result", ablate("no-result", [NO_CHECK, NO_RESULT])],
  ["... untyped on()", ablate("plain-on", [NO_CHECK, NO_RESULT, PLAIN_ON])],
  [
    "... untyped builders",
    ablate("plain-builders", [NO_CHECK, NO_RESULT, PLAIN_ON, PLAIN_BUILDERS]),
  ],
] as const;

const uncheckedRuntime = ablation(
  "unchecked",
  "export type Checked<T extends TypeInfo, S> = unknown;",
);
const bareRuntime = ablation(
  "bare",
  [
    "export type Checked<T extends TypeInfo, S> = [S] extends [infer X] ? Bare<T, X> : never;",
    'type Bare<T extends TypeInfo, S> = keyof S extends T["k"]',
    '  ? { [K in keyof S & T["x"] & keyof T["f"]]: BareSub<T["f"][K], S[K]> }',
    '  : Invalid<"unknown key">;',
    "type BareSub<D, V> = V extends true ? unknown : D extends { t: infer U extends TypeInfo } ? Bare<U, V> : unknown;",
  ].join("\n"),
);
const cases: Case[] = [];
const example = exampleSchema();
for (const [name, schema] of [
  ["example", example] as const,
  ...sizes.map((n) => [`craft-${n}`, craftSchema(n)] as const),
]) {
  console.error(`measuring ${name} ...`);
  cases.push(await measure(name, schema.sdl, schema.entryTypes));
  // What was measured so far, in case a later schema does not finish.
  writeFileSync(join(work, "cases.json"), JSON.stringify(cases, null, 2));
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
const less = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b !== undefined ? String(a - b) : "-";
rows.push(
  "",
  "Where the instantiations go. Per query: what each query after the first adds on average (the consumer against its cut to the first query). Then ours with the exactness check as it is, with only its barest form, and with none (see the ablations in run.ts), and what the check costs in each form.",
  "",
  "| schema | per query ours / genql | ratio | instantiations: check / bare check / none | cost of the check / of the bare check | genql | tsc errors bare / none |",
  "|---|---|---|---|---|---|---|",
  ...cases.map(
    (c) =>
      `| ${[
        c.name,
        `${c.ours.perQuery ?? "-"} / ${c.genql.perQuery ?? "-"}`,
        ratio(c.ours.perQuery, c.genql.perQuery),
        `${c.ours.instantiations ?? "-"} / ${c.bare.instantiations ?? "-"} / ${c.unchecked.instantiations ?? "-"}`,
        `${less(c.ours.instantiations, c.unchecked.instantiations)} / ${less(c.bare.instantiations, c.unchecked.instantiations)}`,
        c.genql.instantiations ?? "-",
        `${c.bare.errors} / ${c.unchecked.errors}`,
      ].join(" | ")} |`,
  ),
);
const real = (c: Case, library: Library) => c.realistic[library];
rows.push(
  "",
  "The 24 realistic queries (bench/query-builders/realistic.ts), each written in each library's own way, and in the callback design of bench/query-builders/callback-prototype.ts (a prototype, not a feature). Check time is the best of the alternating runs; per query is what each query after the first adds on average. Ratios are ours / theirs, then the callback prototype's.",
  "",
  "| schema | check time ours / genql / client preset / gql.tada / callback | ours / genql | ours / client preset | callback / genql | callback / client preset | instantiations ours / genql / client preset / gql.tada / callback | per query ours / genql / client preset / gql.tada / callback | ours without the exactness check: instantiations, less than ours | tsc errors ours / genql / client preset / gql.tada / callback |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...cases.map(
    (c) =>
      `| ${[
        c.name,
        LIBRARIES.map((l) => `${real(c, l).checkSeconds ?? "-"} s`).join(" / "),
        ratio(real(c, "ours").checkSeconds, real(c, "genql").checkSeconds),
        ratio(real(c, "ours").checkSeconds, real(c, "clientPreset").checkSeconds),
        ratio(real(c, "callback").checkSeconds, real(c, "genql").checkSeconds),
        ratio(real(c, "callback").checkSeconds, real(c, "clientPreset").checkSeconds),
        LIBRARIES.map((l) => real(c, l).instantiations ?? "-").join(" / "),
        LIBRARIES.map((l) => real(c, l).perQuery ?? "-").join(" / "),
        `${c.realisticUnchecked.instantiations ?? "-"}, ${less(real(c, "ours").instantiations, c.realisticUnchecked.instantiations)} less`,
        LIBRARIES.map((l) => real(c, l).errors).join(" / "),
      ].join(" | ")} |`,
  ),
);
rows.push(
  "",
  "What each part of typewire's type machinery costs on the realistic queries: ours as it is, then with the exactness check (`Checked`) taken out, then also the result inference (`Result`), then `on()` untyped, then the builders untyped (what is left is `query()`, its variables, `request` and the reads). Instantiations, and per query.",
  "",
  `| schema | ours | ${BREAKDOWN.map(([label]) => label).join(" | ")} |`,
  `|---|---|${BREAKDOWN.map(() => "---").join("|")}|`,
  ...cases.map(
    (c) =>
      `| ${[
        c.name,
        `${real(c, "ours").instantiations ?? "-"} (${real(c, "ours").perQuery ?? "-"})`,
        ...c.breakdown.map((b) => `${b.instantiations ?? "-"} (${b.perQuery ?? "-"})`),
      ].join(" | ")} |`,
  ),
);
const doc = (c: Case, peer: DocumentsPeer) => c.documents[peer];
rows.push(
  "",
  "The 24 realistic queries as `.graphql` documents (one operation per file), typed by typewire's `generate` (types, builders and `documents.ts`), the client preset (its CLI over the same files) and gql.tada (its introspection type; its consumer holds the same queries in `graphql()` calls). Generation is the best of the alternating child-process runs; check time the best of the alternating `tsc` runs of a consumer of all 24. Ratios are typewire / client preset and typewire / gql.tada.",
  "",
  "| schema | generation ours / client preset / gql.tada | ours / client preset | ours / gql.tada | check time ours / client preset / gql.tada | ours / client preset | ours / gql.tada | instantiations ours / client preset / gql.tada | tsc errors ours / client preset / gql.tada |",
  "|---|---|---|---|---|---|---|---|---|",
  ...cases.map(
    (c) =>
      `| ${[
        c.name,
        DOCUMENTS_PEERS.map((p) =>
          doc(c, p).generateMs === undefined ? "-" : secs(doc(c, p).generateMs!),
        ).join(" / "),
        ratio(doc(c, "ours").generateMs, doc(c, "clientPreset").generateMs),
        ratio(doc(c, "ours").generateMs, doc(c, "tada").generateMs),
        DOCUMENTS_PEERS.map((p) => `${doc(c, p).checkSeconds ?? "-"} s`).join(" / "),
        ratio(doc(c, "ours").checkSeconds, doc(c, "clientPreset").checkSeconds),
        ratio(doc(c, "ours").checkSeconds, doc(c, "tada").checkSeconds),
        DOCUMENTS_PEERS.map((p) => doc(c, p).instantiations ?? "-").join(" / "),
        DOCUMENTS_PEERS.map((p) => doc(c, p).errors).join(" / "),
      ].join(" | ")} |`,
  ),
);
// The targets the builders are held to, on the realistic queries: per query at most 600
// instantiations at every size; check time at most 1.5x genql's on the example and at 20 entry
// types, at most genql's from 200 up; generation linear in entry types.
const PER_QUERY_TARGET = 600;
const checkTarget = (c: Case) => (c.entryTypes >= 200 ? 1 : 1.5);
const verdicts: string[] = [];
rows.push(
  "",
  "Targets on the 24 realistic queries (ours as the docs write them: fragments as keys).",
  "",
  "| schema | per query ours (target <= 600) | check time ours / genql (target) | generation ms per entry type |",
  "|---|---|---|---|",
  ...cases.map((c) => {
    const perQuery = real(c, "ours").perQuery;
    const checkRatio =
      real(c, "ours").checkSeconds !== undefined && real(c, "genql").checkSeconds !== undefined
        ? real(c, "ours").checkSeconds! / real(c, "genql").checkSeconds!
        : undefined;
    if (perQuery === undefined || perQuery > PER_QUERY_TARGET)
      verdicts.push(
        `${c.name}: ${perQuery ?? "no"} instantiations per query (target ${PER_QUERY_TARGET})`,
      );
    if (checkRatio === undefined || checkRatio > checkTarget(c))
      verdicts.push(
        `${c.name}: check time ${checkRatio?.toFixed(2) ?? "-"}x genql's (target ${checkTarget(c)}x)`,
      );
    return `| ${[
      c.name,
      perQuery ?? "-",
      `${checkRatio?.toFixed(3) ?? "-"} (<= ${checkTarget(c)})`,
      (c.ours.generateMs / Math.max(1, c.entryTypes)).toFixed(1),
    ].join(" | ")} |`;
  }),
  "",
  verdicts.length ? `verdict: NOT MET (${verdicts.join("; ")})` : "verdict: MET",
);
const report = `${rows.join("\n")}\n`;
writeFileSync(join(work, "results.md"), report);
console.log(report);
