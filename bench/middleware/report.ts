/** One receiver's figures over one measured phase. */
export interface Sample {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMicros: number;
  served: number;
}

export type Kind = "typewire" | "drift" | "core" | "peer" | "bare";

export interface Run {
  /** "together": receivers loaded at the same time on one shared core; "sequential": one at a time. */
  schedule: "together" | "sequential";
  kinds: readonly Kind[];
  concurrency: readonly number[];
  rounds: number;
  seconds: number;
  payloadBytes: number;
}

/** The issue's targets: CPU per request against the bare server and the peer, and no errors. */
export const TARGETS = { vsBare: 1.05, vsPeer: 0.84, errors: 0 } as const;

/** What `report` prints and what the caller needs to decide the exit code. */
export interface Report {
  text: string;
  /** Errors summed over every receiver, concurrency and round. */
  errors: number;
  /** True when every target was measured and met. */
  met: boolean;
}

type Outcome = "MET" | "NOT MET" | "NOT MEASURED";

/**
 * The results table and one MET / NOT MET line per target and concurrency, from the samples
 * keyed `kind@connections`. A target whose receivers were left out of the run (BENCH_KINDS)
 * is NOT MEASURED, never MET.
 *
 * @example
 * const { text, errors } = report(samples, { schedule: "together", kinds, concurrency: [32], rounds: 5, seconds: 2, payloadBytes: 8192 });
 */
export function report(samples: Map<string, Sample[]>, run: Run): Report {
  const { kinds: KINDS, concurrency: CONCURRENCY, rounds: ROUNDS, seconds: SECONDS } = run;
  const lines = [
    `payload ${run.payloadBytes} bytes, ${ROUNDS} rounds x ${SECONDS} s per receiver and concurrency, ${run.schedule} schedule`,
    "CPU figures are medians over the rounds; a ratio compares receivers within the same round, then takes the median.",
    ...(run.schedule === "together"
      ? [
          "Receivers ran at the same time on one shared core: req/s is each one's share of that core.",
        ]
      : []),
    "",
    "| receiver | connections | req/s | p50 ms | p99 ms | errors | CPU µs/req | CPU vs bare | CPU vs peer |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  const verdicts: string[] = [];
  const outcomes: Outcome[] = [];
  const verdict = (outcome: Outcome, line: string) => {
    outcomes.push(outcome);
    verdicts.push(`${outcome.padEnd(12)} ${line}`);
  };
  let totalErrors = 0;
  const drifts: string[] = [];
  for (const connections of CONCURRENCY) {
    const cpu = (kind: Kind, round: number) => {
      const sample = samples.get(`${kind}@${connections}`)?.[round];
      return sample ? sample.cpuMicros / sample.served : Number.NaN;
    };
    const rounds = Array.from({ length: ROUNDS }, (_, round) => round);
    const ratio = (kind: Kind, base: Kind) =>
      median(rounds.map((round) => cpu(kind, round) / cpu(base, round)));
    const errorsOf = (kind: Kind) =>
      (samples.get(`${kind}@${connections}`) ?? []).reduce((total, s) => total + s.errors, 0);
    for (const kind of KINDS) {
      const list = samples.get(`${kind}@${connections}`) ?? [];
      const sum = (pick: (s: Sample) => number) => list.reduce((total, s) => total + pick(s), 0);
      lines.push(
        `| ${kind} | ${connections} | ${Math.round(sum((s) => s.rps) / list.length)} | ${median(list.map((s) => s.p50))} | ${median(list.map((s) => s.p99))} | ${errorsOf(kind)} | ${median(rounds.map((round) => cpu(kind, round))).toFixed(1)} | ${ratio(kind, "bare").toFixed(3)}x | ${ratio(kind, "peer").toFixed(3)}x |`,
      );
    }
    for (const [base, target] of [
      ["bare", TARGETS.vsBare],
      ["peer", TARGETS.vsPeer],
    ] as const) {
      const value = ratio("typewire", base);
      verdict(
        Number.isNaN(value) ? "NOT MEASURED" : value <= target ? "MET" : "NOT MET",
        `c=${connections}: typewire CPU/request vs ${base}: ${Number.isNaN(value) ? "not run" : `${value.toFixed(3)}x`} (target <= ${target})`,
      );
    }
    // The drift reporter's cost: not a target, the figure the docs quote.
    if (KINDS.includes("drift") && KINDS.includes("typewire")) {
      const value = ratio("drift", "typewire");
      const extra = median(rounds.map((round) => cpu("drift", round) - cpu("typewire", round)));
      drifts.push(
        `c=${connections}: drift reporter on vs off: ${value.toFixed(3)}x CPU/request (${extra.toFixed(1)} µs more per delivery)`,
      );
    }
    // Errors count for every receiver: one that dropped requests makes every ratio meaningless.
    const errors = KINDS.map((kind) => `${kind} ${errorsOf(kind)}`).join(", ");
    const sum = KINDS.reduce((total, kind) => total + errorsOf(kind), 0);
    totalErrors += sum;
    verdict(
      sum <= TARGETS.errors ? "MET" : "NOT MET",
      `c=${connections}: errors ${sum} (${errors}) (target ${TARGETS.errors})`,
    );
  }
  const met = outcomes.every((outcome) => outcome === "MET");
  const summary = met
    ? "Verdict: every target MET"
    : `Verdict: NOT MET (${outcomes.filter((outcome) => outcome !== "MET").length} of ${outcomes.length} targets not met or not measured)`;
  return {
    text: `${lines.join("\n")}\n\n${verdicts.join("\n")}\n${summary}\n${drifts.length > 0 ? `\n${drifts.join("\n")}\n` : ""}`,
    errors: totalErrors,
    met,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
