/** Issue 33: durable mode at most this many times direct mode's receiver CPU per delivery. */
export const TARGET = 1.5;

/** Phase 1 of bench:queue at one number of connections (medians over the rounds). */
export interface CpuResult {
  connections: number;
  /** CPU µs per delivery of the direct receiver. */
  direct: number;
  /** CPU µs per delivery of the durable receiver. */
  durable: number;
  /** Median of the per-round ratios durable / direct. */
  ratio: number;
  /** CPU µs of one BullMQ add alone, as many in flight: the floor. */
  add: number;
  /** Requests per second served, direct then durable. */
  rps: [number, number];
}

/**
 * The receiver CPU table and the budget the target leaves against one add, then the verdict:
 * met when durable is at most `TARGET` times direct at every number of connections.
 *
 * @example
 * cpuReport([{ connections: 32, direct: 80, durable: 200, ratio: 2.5, add: 70, rps: [2000, 800] }]).met; // false
 */
export function cpuReport(results: readonly CpuResult[]): {
  lines: string[];
  verdict: string;
  met: boolean;
} {
  const met = results.length > 0 && results.every((result) => result.ratio <= TARGET);
  const lines = [
    "| connections | direct µs/delivery | durable µs/delivery | direct / durable req/s (share) | durable vs direct | one BullMQ add alone µs | floor: (direct + add) / direct |",
    "|---|---|---|---|---|---|---|",
    ...results.map(
      (result) =>
        `| ${result.connections} | ${result.direct.toFixed(1)} | ${result.durable.toFixed(1)} | ${Math.round(result.rps[0])} / ${Math.round(result.rps[1])} | ${result.ratio.toFixed(2)}x | ${result.add.toFixed(1)} | ${((result.direct + result.add) / result.direct).toFixed(2)}x |`,
    ),
    "",
    // What durable mode may add over direct at the target, against what one add costs alone.
    ...results.map((result) => {
      const budget = (TARGET - 1) * result.direct;
      return `budget at ${result.connections} connection(s): ${TARGET}x direct leaves ${budget.toFixed(1)} µs over direct; one BullMQ add alone takes ${result.add.toFixed(1)} µs (${(result.add / budget).toFixed(2)}x the budget): ${result.add <= budget ? "fits" : "does not fit"}`;
    }),
  ];
  const verdict = `target: durable receiver CPU per delivery <= ${TARGET}x direct at ${results.map((result) => result.connections).join(" and ")} connection(s): ${met ? "MET" : "NOT MET"}`;
  return { lines, verdict, met };
}
