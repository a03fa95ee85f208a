import { describe, expect, it } from "vitest";
import { type Kind, type Sample, report } from "../../bench/middleware/report.js";

const RUN = {
  schedule: "together",
  concurrency: [32],
  rounds: 3,
  seconds: 2,
  payloadBytes: 8192,
} as const;

/** Three rounds of one receiver at 32 connections, each serving 1000 requests. */
function rounds(cpuPerRequest: number, errors = 0): Sample[] {
  return Array.from({ length: 3 }, () => ({
    requests: 1000,
    rps: 500,
    p50: 1,
    p99: 2,
    errors,
    cpuMicros: cpuPerRequest * 1000,
    served: 1000,
  }));
}

function samples(cpu: Partial<Record<Kind, number>>, errors: Partial<Record<Kind, number>> = {}) {
  const map = new Map<string, Sample[]>();
  for (const [kind, value] of Object.entries(cpu))
    map.set(`${kind}@32`, rounds(value, errors[kind as Kind]));
  return map;
}

const lineOf = (text: string, part: string) =>
  text.split("\n").find((line) => line.includes(part)) ?? "";

describe("bench:middleware report", () => {
  it("prints MET for each target when all are reached", () => {
    const result = report(samples({ typewire: 100, peer: 125, bare: 98 }), {
      ...RUN,
      kinds: ["typewire", "peer", "bare"],
    });
    expect(lineOf(result.text, "vs bare:")).toMatch(/^MET +c=32: .* 1\.020x \(target <= 1\.05\)$/);
    expect(lineOf(result.text, "vs peer:")).toMatch(/^MET +c=32: .* 0\.800x \(target <= 0\.84\)$/);
    expect(lineOf(result.text, "errors 0")).toMatch(/^MET +c=32: errors 0 /);
    expect(result.text).toContain("Verdict: every target MET");
    expect(result).toMatchObject({ errors: 0, met: true });
  });

  it("prints NOT MET for a CPU ratio over its target", () => {
    const result = report(samples({ typewire: 110, peer: 125, bare: 100 }), {
      ...RUN,
      kinds: ["typewire", "peer", "bare"],
    });
    expect(lineOf(result.text, "vs bare:")).toMatch(/^NOT MET +c=32: .* 1\.100x/);
    expect(lineOf(result.text, "vs peer:")).toMatch(/^NOT MET +c=32: .* 0\.880x/);
    expect(result.met).toBe(false);
    expect(result.text).toContain("Verdict: NOT MET (2 of 3");
  });

  it("counts errors of every receiver and fails the errors target", () => {
    const result = report(
      samples({ typewire: 100, peer: 125, bare: 98 }, { typewire: 1, peer: 2 }),
      { ...RUN, kinds: ["typewire", "peer", "bare"] },
    );
    // 3 rounds of 1 and of 2 errors.
    expect(result.errors).toBe(9);
    expect(lineOf(result.text, "errors 9")).toMatch(
      /^NOT MET +c=32: errors 9 \(typewire 3, peer 6, bare 0\) \(target 0\)$/,
    );
    expect(result.met).toBe(false);
  });

  it("names the schedule, and says req/s is a share of one core when receivers ran together", () => {
    const together = report(samples({ typewire: 100, bare: 100 }), {
      ...RUN,
      kinds: ["typewire", "bare"],
    });
    expect(together.text).toContain("together schedule");
    expect(together.text).toContain("req/s is each one's share of that core");
    const sequential = report(samples({ typewire: 100, bare: 100 }), {
      ...RUN,
      schedule: "sequential",
      kinds: ["typewire", "bare"],
    });
    expect(sequential.text).toContain("sequential schedule");
    expect(sequential.text).not.toContain("share of that core");
  });

  it("never calls a target met when its receiver was not run", () => {
    const result = report(samples({ typewire: 100, bare: 100 }), {
      ...RUN,
      kinds: ["typewire", "bare"],
    });
    expect(lineOf(result.text, "vs peer:")).toMatch(/^NOT MEASURED +c=32: .*not run/);
    expect(result.met).toBe(false);
  });
});
