// How `typewire generate` grows with the size of a content schema, beside its floor: for each
// size, a scratch project of N object types (`bench/cli/many-types.ts`), generated from scratch
// by the compiled CLI (a new process, as a user runs it), and the floor, a new node process that
// parses and builds the same SDL with graphql-js and writes the same bytes
// (`bench/cli/floor-process.mjs`), taking turns. Run with `npm run bench:scale`, or
// `npm run bench:scale -- --types 10000,100000`. It prints CPU and wall seconds, peak resident
// memory and the live heap (the largest heap left after a full collection, read from
// `--trace-gc`) of both sides, the ratio typewire / floor, the growth against linear, and a verdict:
// at most 1.5x the floor's CPU at every size, and under 1 GB peak at 100,000 types. It never
// fails on timings.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeManyTypesProject } from "./many-types.js";
import {
  type ProcessCost,
  alternate,
  floorProcess,
  load,
  measureProcess,
  median,
  snapshotFiles,
  typewireBin as typewire,
} from "./measure.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const work = join(repo, "bench/.work/scale");
const flag = process.argv.indexOf("--types");
const sizes = (flag === -1 ? "10000,30000,100000" : (process.argv[flag + 1] ?? ""))
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const rounds = Number(process.env.BENCH_RUNS ?? 1);

interface Row {
  types: number;
  ours: ProcessCost;
  floor: ProcessCost;
  ratio: number;
  load: string;
}
const rows: Row[] = [];
const missed: string[] = [];
for (const types of sizes) {
  const dir = await writeManyTypesProject(work, types);
  // One run writes the output the floor copies; the measured runs follow, taking turns.
  measureProcess([typewire, "generate", "-q", "--force"], dir);
  const snapshot = join(work, `types-${types}.snapshot`);
  snapshotFiles(join(dir, "gen"), snapshot);
  const before = load();
  const samples = alternate(
    [
      // `--trace-gc` on both sides: the heap each one holds live, beside its peak.
      { name: "typewire", args: ["--trace-gc", typewire, "generate", "-q", "--force"], cwd: dir },
      {
        name: "floor",
        args: ["--trace-gc", floorProcess, "schema.graphql", snapshot, "floor-out"],
        cwd: dir,
      },
    ],
    rounds,
  );
  const pick = (name: string): ProcessCost => {
    const list = samples.get(name)!;
    return {
      cpu: median(list.map((s) => s.cpu)),
      wall: median(list.map((s) => s.wall)),
      peakMb: Math.max(...list.map((s) => s.peakMb)),
      liveMb: Math.max(...list.map((s) => s.liveMb ?? 0)),
    };
  };
  const ours = pick("typewire");
  const floor = pick("floor");
  const ratio = median(
    samples.get("typewire")!.map((s, i) => s.cpu / samples.get("floor")![i]!.cpu),
  );
  rows.push({ types, ours, floor, ratio, load: `${before} -> ${load()}` });
  process.stdout.write(
    `${types} types: typewire ${ours.cpu.toFixed(1)} s CPU, ${ours.peakMb.toFixed(0)} MB peak, ${ours.liveMb?.toFixed(0)} MB live; floor ${floor.cpu.toFixed(1)} s CPU, ${floor.peakMb.toFixed(0)} MB peak, ${floor.liveMb?.toFixed(0)} MB live (load ${before})\n`,
  );
  if (ratio > 1.5) missed.push(`${types} types at ${ratio.toFixed(2)}x the floor`);
  if (types >= 100_000 && ours.peakMb >= 1024)
    missed.push(`${ours.peakMb.toFixed(0)} MB peak at ${types} types`);
}
const [first] = rows;
if (first) {
  process.stdout.write(
    "\ntypes     typewire cpu s  wall s  peak MB  live MB   floor cpu s  wall s  peak MB  live MB   ratio (target <= 1.5)  growth  load\n",
  );
  for (const row of rows) {
    const growth = row.ours.cpu / first.ours.cpu / (row.types / first.types);
    process.stdout.write(
      [
        String(row.types).padEnd(9),
        row.ours.cpu.toFixed(1).padStart(14),
        row.ours.wall.toFixed(1).padStart(7),
        row.ours.peakMb.toFixed(0).padStart(8),
        (row.ours.liveMb ?? 0).toFixed(0).padStart(8),
        row.floor.cpu.toFixed(1).padStart(13),
        row.floor.wall.toFixed(1).padStart(7),
        row.floor.peakMb.toFixed(0).padStart(8),
        (row.floor.liveMb ?? 0).toFixed(0).padStart(8),
        `${row.ratio.toFixed(2)}x`.padStart(23),
        growth.toFixed(2).padStart(7),
        ` ${row.load}`,
      ].join(" ") + "\n",
    );
  }
}
process.stdout.write(
  `\nverdict: ${missed.length === 0 ? "MET" : `NOT MET (${missed.join("; ")})`}\n`,
);
