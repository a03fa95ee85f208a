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

export type Kind = "typewire" | "core" | "peer" | "bare";

interface Run {
  kinds: readonly Kind[];
  concurrency: readonly number[];
  rounds: number;
  seconds: number;
  payloadBytes: number;
}

/** The results table and the verdict lines, from the samples keyed `kind@connections`. */
export function report(samples: Map<string, Sample[]>, run: Run): string {
  const { kinds: KINDS, concurrency: CONCURRENCY, rounds: ROUNDS, seconds: SECONDS } = run;
  const lines = [
    `payload ${run.payloadBytes} bytes, ${ROUNDS} rounds x ${SECONDS} s per receiver and concurrency`,
    "CPU figures are medians over the rounds; a ratio compares receivers within the same round, then takes the median.",
    "",
    "| receiver | connections | req/s | p50 ms | p99 ms | errors | CPU µs/req | CPU vs bare | CPU vs peer |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  const verdicts: string[] = [];
  for (const connections of CONCURRENCY) {
    const cpu = (kind: Kind, round: number) => {
      const sample = samples.get(`${kind}@${connections}`)?.[round];
      return sample ? sample.cpuMicros / sample.served : Number.NaN;
    };
    const rounds = Array.from({ length: ROUNDS }, (_, round) => round);
    const ratio = (kind: Kind, base: Kind) =>
      median(rounds.map((round) => cpu(kind, round) / cpu(base, round)));
    for (const kind of KINDS) {
      const list = samples.get(`${kind}@${connections}`) ?? [];
      const sum = (pick: (s: Sample) => number) => list.reduce((total, s) => total + pick(s), 0);
      lines.push(
        `| ${kind} | ${connections} | ${Math.round(sum((s) => s.rps) / list.length)} | ${median(list.map((s) => s.p50))} | ${median(list.map((s) => s.p99))} | ${sum((s) => s.errors)} | ${median(rounds.map((round) => cpu(kind, round))).toFixed(1)} | ${ratio(kind, "bare").toFixed(3)}x | ${ratio(kind, "peer").toFixed(3)}x |`,
      );
    }
    verdicts.push(
      `c=${connections}: typewire CPU/request ${ratio("typewire", "bare").toFixed(3)}x bare (target <= 1.05), ${ratio("typewire", "peer").toFixed(3)}x peer`,
    );
  }
  return `${lines.join("\n")}\n\n${verdicts.join("\n")}\n`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
