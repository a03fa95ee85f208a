// Type-check cost of the payload types: the same consumer checked against typewire's types and
// against @octokit/webhooks, through the compiler API (`check-project.cjs`), with and without
// skipLibCheck; then against a user's own table (the platform's plus one event) generated into
// the project, as `import ... from "./generated/webhooks/index.js"` reads it.
// Run with `npm run bench:types`. Scratch projects go to bench/.work/payload-types (gitignored).
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generate, loadConfig } from "../../generator/index.js";
import { consumerSource } from "./consumer.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const work = join(root, "bench/.work/payload-types");
const tsc = join(root, "node_modules/typescript/lib/tsc.js");
// Checks a project through the compiler API, for check times finer than tsc's 0.01 s.
const checkProject = join(root, "bench/payload-types/check-project.cjs");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Sample {
  checkTime: number;
  totalTime: number;
  instantiations: number;
  memory: number;
}

/** Declarations of @typewire/runtime as a user installs them: `types` condition, no sources. */
function buildOurPackage(): void {
  const packageDir = join(work, "ours/node_modules/@typewire/runtime");
  execFileSync(process.execPath, [
    tsc,
    "-p",
    join(root, "runtime/tsconfig.build.json"),
    "--emitDeclarationOnly",
    "--outDir",
    join(packageDir, "dist"),
    // A record of its own: the runtime's (runtime/dist) would say "up to date" and emit nothing.
    "--tsBuildInfoFile",
    join(work, "runtime.tsbuildinfo"),
  ]);
  const manifest = JSON.parse(readFileSync(join(root, "runtime/package.json"), "utf8"));
  for (const entry of Object.values(manifest.exports) as Record<string, string>[]) {
    if (typeof entry === "object") delete entry["typewire-source"];
  }
  writeFileSync(join(packageDir, "package.json"), JSON.stringify(manifest, null, 2));
}

function writeProject(name: string, library: string, options: Record<string, unknown>): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "consumer.ts"), consumerSource(library));
  // No ambient @types (the peer needs the DOM lib for fetch types, so both get it), and TypeScript's own lib files are not re-checked: what is left
  // to measure is the consumer and the library's declarations.
  const compilerOptions = {
    strict: true,
    noEmit: true,
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    types: [],
    skipDefaultLibCheck: true,
    ...options,
  };
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions, files: ["consumer.ts"] }, null, 2),
  );
  return dir;
}

/**
 * A user's own table in `ours/custom`: the platform's table and payload schemas plus an event it
 * lacks (`deploy_hook`), generated into `generated/webhooks/` as `typewire generate` writes it.
 */
async function generateCustomTable(): Promise<void> {
  const dir = join(work, "ours/custom");
  const inputs = join(dir, "webhooks");
  cpSync(join(root, "schemas/webhooks/payloads"), join(inputs, "payloads"), { recursive: true });
  const table = JSON.parse(readFileSync(join(root, "schemas/webhooks/events.json"), "utf8"));
  table.events.deploy_hook = ["failed", "fired"];
  delete table.$schema;
  writeFileSync(join(inputs, "events.json"), JSON.stringify(table, null, 2));
  const variant = (action: string, extra: Record<string, unknown>) => ({
    type: "object",
    properties: {
      action: { type: "string", enum: [action] },
      hook: {
        type: "object",
        properties: { id: { type: "integer" }, url: { type: "string" } },
        required: ["id", "url"],
      },
      ...extra,
    },
    required: ["action", "hook", ...Object.keys(extra)],
  });
  const deployHook = {
    title: "deploy_hook",
    type: "object",
    oneOf: [{ $ref: "#/definitions/failed" }, { $ref: "#/definitions/fired" }],
    definitions: {
      failed: variant("failed", { status_code: { type: "integer" } }),
      fired: variant("fired", { sha: { type: "string" } }),
    },
  };
  writeFileSync(join(inputs, "payloads/deploy_hook.json"), JSON.stringify(deployHook, null, 2));
  const config = {
    webhooks: {
      events: "webhooks/events.json",
      payloads: "webhooks/payloads",
      out: "generated/webhooks",
    },
  };
  writeFileSync(join(dir, "typewire.config.json"), JSON.stringify(config, null, 2));
  await generate(await loadConfig("typewire.config.json", dir), dir, { cache: false });
}

function check(dir: string): Sample {
  const result = spawnSync(
    process.execPath,
    ["--expose-gc", checkProject, join(dir, "tsconfig.json")],
    { encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`cannot check ${dir}:\n${result.stderr}`);
  const { errors, ...sample } = JSON.parse(result.stdout) as Sample & { errors: string };
  if (errors) throw new Error(`type errors in ${dir}:\n${errors}`);
  return sample;
}

/** The fastest check of the runs: what the machine's load added least to. */
function best(samples: Sample[]): number {
  return Math.min(...samples.map((s) => s.checkTime));
}

function median(samples: Sample[]): Sample {
  const mid = (pick: (s: Sample) => number) =>
    samples.map(pick).sort((a, b) => a - b)[samples.length >> 1] ?? 0;
  return {
    checkTime: mid((s) => s.checkTime),
    totalTime: mid((s) => s.totalTime),
    instantiations: mid((s) => s.instantiations),
    memory: mid((s) => s.memory),
  };
}

rmSync(work, { recursive: true, force: true });
buildOurPackage();
const nodeNext = { module: "NodeNext", moduleResolution: "NodeNext" };
const modes = [
  { label: "skipLibCheck: false", options: { ...nodeNext, skipLibCheck: false } },
  { label: "skipLibCheck: true", options: { ...nodeNext, skipLibCheck: true } },
];
// Compiles only (not measured): our declarations must also pass under node16 module settings.
for (const skipLibCheck of [false, true]) {
  check(
    writeProject(`ours/node16-${skipLibCheck}`, "@typewire/runtime/webhooks", {
      module: "Node16",
      moduleResolution: "Node16",
      skipLibCheck,
    }),
  );
}

await generateCustomTable();
const rows: string[] = [];
const bests: string[] = [];
const ratios: {
  mode: string;
  check: number;
  bestCheck: number;
  instantiations: number;
  memory: number;
}[] = [];
const customRatios: { mode: string; check: number; bestCheck: number; instantiations: number }[] =
  [];
for (const { label, options } of modes) {
  const suffix = options.skipLibCheck ? "skip" : "full";
  const ours = writeProject(`ours/${suffix}`, "@typewire/runtime/webhooks", options);
  const theirs = writeProject(`theirs-${suffix}`, "@octokit/webhooks", options);
  // A user's own table: the same consumer, reading the generated module (sources, so
  // skipLibCheck does not skip them). Reported, not compared: the peer cannot type such a table.
  const custom = writeProject(`ours/custom/${suffix}`, "../generated/webhooks/index.js", options);
  const samples = { ours: [] as Sample[], theirs: [] as Sample[], custom: [] as Sample[] };
  // Alternate them so drift on a shared machine hits all alike.
  for (let run = 0; run < RUNS; run++) {
    samples.ours.push(check(ours));
    samples.theirs.push(check(theirs));
    samples.custom.push(check(custom));
  }
  const a = median(samples.ours);
  const b = median(samples.theirs);
  const ratio = (x: number, y: number) => (y === 0 ? Number.NaN : x / y);
  ratios.push({
    mode: label,
    check: ratio(a.checkTime, b.checkTime),
    bestCheck: ratio(best(samples.ours), best(samples.theirs)),
    instantiations: ratio(a.instantiations, b.instantiations),
    memory: ratio(a.memory, b.memory),
  });
  const c = median(samples.custom);
  customRatios.push({
    mode: label,
    check: ratio(c.checkTime, b.checkTime),
    bestCheck: ratio(best(samples.custom), best(samples.theirs)),
    instantiations: ratio(c.instantiations, b.instantiations),
  });
  for (const [who, s] of [
    ["typewire", a],
    ["@octokit/webhooks", b],
    ["typewire, own table (generated)", c],
  ] as const) {
    rows.push(
      `| ${label} | ${who} | ${s.checkTime.toFixed(3)} s | ${s.totalTime.toFixed(3)} s | ${s.instantiations} | ${s.memory} K |`,
    );
  }
  bests.push(
    `| ${label} | ${best(samples.ours).toFixed(3)} s | ${best(samples.theirs).toFixed(3)} s | ${best(samples.custom).toFixed(3)} s |`,
  );
}

console.log(`Payload type-check cost (median of ${RUNS} runs, tsc ${readTscVersion()})\n`);
console.log("| mode | types | check time | total time | instantiations | memory |");
console.log("|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
console.log(`\nBest check time of the ${RUNS} alternating runs:\n`);
console.log("| mode | typewire | @octokit/webhooks | typewire, own table |");
console.log("|---|---|---|---|");
for (const row of bests) console.log(row);
console.log(
  "\n| mode | check time ours/theirs (median) | (best) | instantiations ours/theirs | memory ours/theirs | target (≤ 0.25, best) |",
);
console.log("|---|---|---|---|---|---|");
for (const r of ratios) {
  const met = r.bestCheck <= 0.25 && r.instantiations <= 0.25 ? "met" : "MISSED";
  console.log(
    `| ${r.mode} | ${r.check.toFixed(3)} | ${r.bestCheck.toFixed(3)} | ${r.instantiations.toFixed(3)} | ${r.memory.toFixed(3)} | ${met} |`,
  );
}

console.log(
  "\nA user's own table (the platform's plus `deploy_hook`), generated into the project and checked from its sources:\n",
);
console.log(
  "| mode | check time own table/theirs (median) | (best) | instantiations own table/theirs |",
);
console.log("|---|---|---|---|");
for (const r of customRatios) {
  console.log(
    `| ${r.mode} | ${r.check.toFixed(3)} | ${r.bestCheck.toFixed(3)} | ${r.instantiations.toFixed(3)} |`,
  );
}

function readTscVersion(): string {
  return JSON.parse(readFileSync(join(root, "node_modules/typescript/package.json"), "utf8"))
    .version;
}
