// CPU against the floor (issue 33): each case runs typewire and its floor as new processes,
// taking turns, and prints the CPU each used (user + system, read inside the process), the
// median of the paired ratios, the target and a verdict. Part of `npm run bench:cli`;
// `npm run bench:cli -- --floor` runs only these cases.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { multiBrandSchema } from "./content-schema.js";
import {
  type ProcessCost,
  alternate,
  floorProcess,
  load,
  measureProcess,
  median,
  pairedRatio,
  snapshotFiles,
  typewireBin as typewire,
} from "./measure.js";

function cpuLine(name: string, samples: readonly ProcessCost[]): string {
  const cpu = median(samples.map((sample) => sample.cpu));
  const wall = median(samples.map((sample) => sample.wall));
  return `  ${name.padEnd(34)} cpu ${cpu.toFixed(3)} s  wall ${wall.toFixed(3)} s`;
}

/** Runs the cases, prints them, and returns the targets not met. */
export function runFloorCases(work: string, runs: number): string[] {
  const missed: string[] = [];
  const verdict = (label: string, ratio: number, target: number) => {
    const met = ratio <= target;
    if (!met) missed.push(`${label} ${ratio.toFixed(2)}x > ${target}x`);
    return `  ${label}: ${ratio.toFixed(2)}x (target <= ${target}x) ${met ? "MET" : "NOT MET"}`;
  };

  // 1. `generate --force` on the bundled inputs against the no-op run of the same project. With
  //    BENCH_BASELINE (another checkout's `bin/typewire.js`, built: the commit before a change),
  //    that build's no-op run takes its turns too, in a project folder of its own (a run's record
  //    is its build's), so the no-op is also compared with the baseline's in the same run.
  const bundled = join(work, "floor-bundled");
  rmSync(bundled, { recursive: true, force: true });
  mkdirSync(join(bundled, "node_modules"), { recursive: true });
  measureProcess([typewire, "generate", "-q"], bundled);
  const baseline = process.env.BENCH_BASELINE;
  const baselineDir = join(work, "floor-bundled-baseline");
  if (baseline) {
    rmSync(baselineDir, { recursive: true, force: true });
    mkdirSync(join(baselineDir, "node_modules"), { recursive: true });
    measureProcess([baseline, "generate", "-q"], baselineDir);
  }
  const loadBefore = load();
  const noop = alternate(
    [
      { name: "typewire generate (no-op)", args: [typewire, "generate", "-q"], cwd: bundled },
      {
        name: "typewire generate --force",
        args: [typewire, "generate", "-q", "--force"],
        cwd: bundled,
      },
      ...(baseline
        ? [
            {
              name: "baseline generate (no-op)",
              args: [baseline, "generate", "-q"],
              cwd: baselineDir,
            },
            {
              name: "baseline generate --force",
              args: [baseline, "generate", "-q", "--force"],
              cwd: baselineDir,
            },
          ]
        : []),
    ],
    runs,
  );
  const [noopSamples, forceSamples, baselineSamples, baselineForce] = [...noop.values()] as [
    ProcessCost[],
    ProcessCost[],
    ProcessCost[] | undefined,
    ProcessCost[] | undefined,
  ];
  console.log(`bundled inputs, ${runs} paired runs (load ${loadBefore} -> ${load()})`);
  console.log(cpuLine("typewire generate (no-op)", noopSamples));
  console.log(cpuLine("typewire generate --force", forceSamples));
  console.log(verdict("--force / no-op CPU", pairedRatio(forceSamples, noopSamples), 2));
  if (baselineSamples) {
    console.log(cpuLine("baseline generate (no-op)", baselineSamples));
    // No slower than the baseline, within the scatter of paired runs on a shared machine.
    console.log(
      verdict("no-op / baseline no-op CPU", pairedRatio(noopSamples, baselineSamples), 1.05),
    );
    // What a change did to the run it is about; reported, not a target.
    console.log(cpuLine("baseline generate --force", baselineForce!));
    console.log(
      `  --force / baseline --force CPU: ${pairedRatio(forceSamples, baselineForce!).toFixed(2)}x`,
    );
  } else {
    console.log(
      "  (BENCH_BASELINE=<checkout>/bin/typewire.js adds the no-op and --force runs of another build)",
    );
  }

  // 2. A 2 MB content schema from scratch against a new node process that parses and builds the
  //    same SDL with graphql-js and writes the same bytes.
  const big = join(work, "floor-big");
  rmSync(big, { recursive: true, force: true });
  mkdirSync(join(big, "node_modules"), { recursive: true });
  const schema = multiBrandSchema();
  writeFileSync(join(big, "schema.graphql"), schema.sdl);
  writeFileSync(
    join(big, "typewire.config.json"),
    JSON.stringify({ content: { out: "typewire", schemas: { cms: { file: "schema.graphql" } } } }),
  );
  measureProcess([typewire, "generate", "-q", "--force"], big);
  const files = snapshotFiles(join(big, "typewire"), join(work, "floor-big.snapshot"));
  const loadBig = load();
  const large = alternate(
    [
      {
        name: "typewire generate --force",
        args: [typewire, "generate", "-q", "--force"],
        cwd: big,
      },
      {
        name: "floor (graphql-js build + write)",
        args: [floorProcess, "schema.graphql", join(work, "floor-big.snapshot"), "floor-out"],
        cwd: big,
      },
    ],
    Math.max(3, runs),
  );
  const [ours, floor] = [...large.values()] as [ProcessCost[], ProcessCost[]];
  const mb = (Buffer.byteLength(schema.sdl) / 1e6).toFixed(2);
  console.log(
    `\n${mb} MB of SDL, ${files} files written, ${ours.length} paired runs (load ${loadBig} -> ${load()})`,
  );
  console.log(cpuLine("typewire generate --force", ours));
  console.log(cpuLine("floor (graphql-js build + write)", floor));
  console.log(verdict("2 MB schema / floor CPU", pairedRatio(ours, floor), 1.3));
  return missed;
}
