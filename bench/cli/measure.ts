import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const cpuReport = fileURLToPath(new URL("cpu-report.cjs", import.meta.url));
/** The compiled CLI, as a user runs it (`npm run build` first). */
export const typewireBin = fileURLToPath(new URL("../../bin/typewire.js", import.meta.url));
/** The floor: a new node process that builds the same SDL with graphql-js and writes the same bytes. */
export const floorProcess = fileURLToPath(new URL("floor-process.mjs", import.meta.url));

/** What one process cost: CPU seconds (user + system), wall seconds, peak resident MB. */
export interface ProcessCost {
  cpu: number;
  wall: number;
  peakMb: number;
  /**
   * With `--trace-gc` among the args: the largest heap left after a full (mark-compact) garbage
   * collection, in MB: the most the process held live at a collection, without V8's headroom.
   */
  liveMb?: number;
}

/**
 * Runs `node <args>` in `cwd` as a new process with the CPU report preloaded, and returns its
 * cost; throws with its output when it fails.
 */
export function measureProcess(args: readonly string[], cwd: string): ProcessCost {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ["--require", cpuReport, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const line = /BENCH_PROCESS (\d+) (\d+)/.exec(result.stderr ?? "");
  if (result.status !== 0 || !line) {
    throw new Error(`node ${args.join(" ")} failed (exit ${result.status}):\n${result.stderr}`);
  }
  const live = [...(result.stdout ?? "").matchAll(/Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) /g)];
  return {
    cpu: Number(line[1]) / 1e6,
    wall,
    peakMb: Number(line[2]) / 1024,
    ...(live.length ? { liveMb: Math.max(...live.map((match) => Number(match[1]))) } : {}),
  };
}

/**
 * Runs the commands `rounds` times, taking turns (the order reversed every other round) so a
 * busy moment of a shared machine falls on all of them, and returns each one's samples.
 */
export function alternate(
  commands: readonly { name: string; args: readonly string[]; cwd: string }[],
  rounds: number,
): Map<string, ProcessCost[]> {
  const samples = new Map(commands.map((command) => [command.name, [] as ProcessCost[]]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? commands : [...commands].reverse();
    for (const command of order) {
      samples.get(command.name)!.push(measureProcess(command.args, command.cwd));
    }
  }
  return samples;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The median over rounds of a/b, each round's pair run back to back: a ratio of samples taken
 * at the same moment, steadier on a loaded machine than a ratio of medians.
 */
export function pairedRatio(
  a: readonly ProcessCost[],
  b: readonly ProcessCost[],
  of: (cost: ProcessCost) => number = (cost) => cost.cpu,
): number {
  return median(a.map((sample, i) => of(sample) / of(b[i]!)));
}

/** Every file under `dir` into one snapshot (`<file>`, with `<file>.json` its index). */
export function snapshotFiles(dir: string, file: string): number {
  const index: { path: string; start: number; end: number }[] = [];
  const chunks: Buffer[] = [];
  let offset = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        index.push({ path: relative(dir, path), start: offset, end: offset + bytes.length });
        chunks.push(bytes);
        offset += bytes.length;
      }
    }
  };
  walk(dir);
  writeFileSync(file, Buffer.concat(chunks));
  writeFileSync(`${file}.json`, JSON.stringify(index));
  return index.length;
}

/** The machine's load averages (1, 5 and 15 minutes), as `uptime` prints them. */
export function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
}
