import { Bench } from "tinybench";

export interface Case {
  name: string;
  target: string;
  /** The lowest acceptable ours/theirs ratio; undefined for informational rows. */
  minRatio: number | undefined;
  /** One operation each; synchronous cases must not return promises. */
  ours: () => unknown;
  theirs: () => unknown;
  async: boolean;
  theirsLabel?: string;
  /** More rounds for cases whose two sides are close, so noise cannot flip the verdict. */
  rounds?: number;
}

export interface CaseResult {
  name: string;
  oursOps: number;
  theirsOps: number;
  ratio: number;
  target: string;
  pass: boolean | undefined;
  theirsLabel: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// The harness costs a few hundred nanoseconds per call, as much as one `receive`; running a
// batch of operations per call keeps that cost out of the ratio.
const syncBatch = 1000;
const asyncBatch = 50;

function batched(item: Case, fn: () => unknown): () => unknown {
  if (!item.async) {
    return () => {
      for (let i = 0; i < syncBatch; i++) fn();
    };
  }
  return async () => {
    for (let i = 0; i < asyncBatch; i++) await fn();
  };
}

/**
 * Runs both sides of a case in interleaved rounds (ours first on even rounds, theirs first on
 * odd ones) so drift in machine load hits both, and reports the median throughput of each.
 */
export async function compare(
  item: Case,
  options: { rounds: number; time: number },
): Promise<CaseResult> {
  const ours: number[] = [];
  const theirs: number[] = [];
  const rounds = item.rounds ?? options.rounds;
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ time: options.time, warmupTime: options.time / 4 });
    const tasks: [string, () => unknown][] = [
      ["ours", batched(item, item.ours)],
      ["theirs", batched(item, item.theirs)],
    ];
    if (round % 2) tasks.reverse();
    for (const [name, fn] of tasks) bench.add(name, fn);
    await bench.run();
    for (const task of bench.tasks) {
      const result = task.result;
      if (result.state !== "completed") {
        throw new Error(`${item.name} (${task.name}) did not complete: ${result.state}`);
      }
      // The median call time, not the mean: on a shared machine a few calls are slowed by other
      // processes or a collection, and the mean would let them decide the ratio.
      const perCall = item.async ? asyncBatch : syncBatch;
      (task.name === "ours" ? ours : theirs).push((perCall * 1000) / result.latency.p50);
    }
  }
  const oursOps = median(ours);
  const theirsOps = median(theirs);
  const ratio = oursOps / theirsOps;
  return {
    name: item.name,
    oursOps,
    theirsOps,
    ratio,
    target: item.target,
    pass: item.minRatio === undefined ? undefined : ratio >= item.minRatio,
    theirsLabel: item.theirsLabel ?? "@octokit/webhooks",
  };
}
