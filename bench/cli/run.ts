// The CLI benchmark: typewire's start and its generation time, side by side with
// @graphql-codegen/cli (typescript plugin) and @genql/cli, each run as a user runs it (a new
// process, the compiled CLI), on the same schemas. Run with `npm run bench:cli`, which builds
// the CLI first. It prints medians and ratios and a verdict line; it never fails on timings.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { multiBrandSchema } from "./content-schema.js";
import { runFloorCases } from "./floor.js";
import { typewireBin } from "./measure.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const work = join(repo, "bench/.work/cli");
const runs = Number(process.env.BENCH_RUNS ?? 5);

if (process.argv.includes("--floor")) {
  const missed = runFloorCases(work, runs);
  console.log(`\nverdict: ${missed.length === 0 ? "MET" : `NOT MET (${missed.join("; ")})`}`);
  process.exit(0);
}
const codegenBin = join(repo, "node_modules/@graphql-codegen/cli/cjs/bin.js");
const genqlBin = join(repo, "node_modules/@genql/cli/dist/cli.js");

interface Command {
  name: string;
  args: string[];
  cwd: string;
  /** Runs once before the measured runs (a first generate that fills the output). */
  prepare?: boolean;
  /** genql prints its help and exits 1 (`--output` is required): the time still counts. */
  anyExit?: boolean;
}

/** Wall time of one process, in seconds; throws with its output when it fails. */
function time(command: Command): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, command.args, {
    cwd: command.cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0 && !(command.anyExit && result.status !== null)) {
    throw new Error(
      `${command.name} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return seconds;
}

/**
 * Median wall time of each command. The commands take turns within each round, so a busy moment
 * of the machine falls on all of them rather than on one.
 */
function compare(commands: Command[], rounds: number): Map<string, number> {
  for (const command of commands) if (command.prepare) time(command);
  const samples = new Map(commands.map((command) => [command.name, [] as number[]]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? commands : [...commands].reverse();
    for (const command of order) samples.get(command.name)!.push(time(command));
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const rows: { case: string; tool: string; seconds: number; target?: number }[] = [];
const verdicts: string[] = [];

function report(caseName: string, medians: Map<string, number>, target?: number): void {
  for (const [tool, seconds] of medians) {
    rows.push({
      case: caseName,
      tool,
      seconds,
      ...(tool.startsWith("typewire") ? { target } : {}),
    });
  }
}

function ratio(a: number | undefined, b: number | undefined): string {
  return a === undefined || b === undefined ? "-" : (a / b).toFixed(2);
}

// ---------------------------------------------------------------------------------------------
// 1. `--help`: how long a person waits before anything happens.
const help = compare(
  [
    { name: "typewire", args: [typewireBin, "--help"], cwd: repo },
    { name: "graphql-codegen", args: [codegenBin, "--help"], cwd: repo },
    { name: "genql", args: [genqlBin, "--help"], cwd: repo, anyExit: true },
    // The floor: starting Node itself, which no CLI can go below.
    { name: "node -e 0", args: ["-e", "0"], cwd: repo },
  ],
  runs,
);
report("--help", help, 0.15);

// ---------------------------------------------------------------------------------------------
// 2. A no-op `generate` on the bundled inputs (81 webhook files, the example site's two content
//    modules), in a project folder of its own. With the record of the last run (the default) and
//    with `--force`, which renders every file again. The peers generate the bundled content
//    schema once more, which is the closest thing they have.
const bundled = join(work, "bundled");
rmSync(bundled, { recursive: true, force: true });
mkdirSync(join(bundled, "node_modules"), { recursive: true });
const bundledSchema = join(repo, "schemas/content/schema.graphql");
writeCodegenConfig(bundled, bundledSchema);
const noop = compare(
  [
    { name: "typewire", args: [typewireBin, "generate", "-q"], cwd: bundled, prepare: true },
    { name: "typewire --force", args: [typewireBin, "generate", "-q", "--force"], cwd: bundled },
    {
      name: "graphql-codegen",
      args: [codegenBin, "--config", "codegen.yml", "--silent"],
      cwd: bundled,
    },
    { name: "genql", args: genqlArgs(bundledSchema, join(bundled, "genql")), cwd: bundled },
  ],
  runs,
);
report("no-op generate, bundled inputs", noop, 1);

// ---------------------------------------------------------------------------------------------
// 3. A content API schema of about 2 MB of SDL, generated from scratch (`--force`: nothing is
//    reused from an earlier run).
const big = join(work, "big");
rmSync(big, { recursive: true, force: true });
mkdirSync(join(big, "node_modules"), { recursive: true });
const schema = multiBrandSchema();
const bigSchema = join(big, "schema.graphql");
writeFileSync(bigSchema, schema.sdl);
writeFileSync(
  join(big, "typewire.config.json"),
  JSON.stringify({ content: { out: "typewire", schemas: { cms: { file: "schema.graphql" } } } }),
);
writeCodegenConfig(big, bigSchema);
const large = compare(
  [
    { name: "typewire", args: [typewireBin, "generate", "-q", "--force"], cwd: big },
    {
      name: "graphql-codegen",
      args: [codegenBin, "--config", "codegen.yml", "--silent"],
      cwd: big,
    },
    { name: "genql", args: genqlArgs(bigSchema, join(big, "genql")), cwd: big },
  ],
  Math.max(3, Math.ceil(runs / 2)),
);
const sizeMb = (Buffer.byteLength(schema.sdl) / 1e6).toFixed(2);
report(`generate, ${sizeMb} MB SDL`, large, 2);

// ---------------------------------------------------------------------------------------------
console.log(
  `typewire CLI benchmark: median wall seconds of ${runs} runs (3 or more for the large schema), Node ${process.version}`,
);
console.log(
  `large schema: ${sizeMb} MB of SDL, ${schema.entryTypes} entry types, ${schema.fields} custom fields (matrix block fields not counted)\n`,
);
const caseWidth = Math.max(...rows.map((row) => row.case.length));
const toolWidth = Math.max(...rows.map((row) => row.tool.length));
console.log(
  `${"case".padEnd(caseWidth)}  ${"tool".padEnd(toolWidth)}  seconds  target  vs codegen  vs genql`,
);
for (const row of rows) {
  const peers = (tool: string) => rows.find((r) => r.case === row.case && r.tool === tool)?.seconds;
  const ours = row.tool.startsWith("typewire");
  console.log(
    [
      row.case.padEnd(caseWidth),
      row.tool.padEnd(toolWidth),
      row.seconds.toFixed(3).padStart(7),
      (row.target === undefined ? "" : `<=${row.target}`).padStart(6),
      (ours ? ratio(row.seconds, peers("graphql-codegen")) : "").padStart(10),
      (ours ? ratio(row.seconds, peers("genql")) : "").padStart(8),
    ].join("  "),
  );
}

const fail = (label: string, failed: boolean) => {
  if (failed) verdicts.push(label);
};
fail("--help over 0.15 s", help.get("typewire")! > 0.15);
fail("no-op generate over 1 s", noop.get("typewire")! > 1);
fail("large generate over 2 s", large.get("typewire")! > 2);
fail(
  "large generate not below both peers",
  large.get("typewire")! >= Math.min(large.get("graphql-codegen")!, large.get("genql")!),
);
console.log("\nCPU against the floor (issue 33)");
verdicts.push(...runFloorCases(work, runs));
console.log(
  `\nratios are typewire / peer (below 1: typewire is faster)\nverdict: ${verdicts.length === 0 ? "MET" : `NOT MET (${verdicts.join("; ")})`}`,
);

function writeCodegenConfig(dir: string, schemaFile: string): void {
  writeFileSync(
    join(dir, "codegen.yml"),
    [
      `schema: ${JSON.stringify(schemaFile)}`,
      "generates:",
      "  codegen/types.ts:",
      "    plugins:",
      "      - typescript",
      "",
    ].join("\n"),
  );
}

function genqlArgs(schemaFile: string, output: string): string[] {
  return [
    genqlBin,
    "--schema",
    schemaFile,
    "--output",
    output,
    "-S",
    "DateTime:string",
    "-S",
    "QueryArgument:string",
  ];
}
