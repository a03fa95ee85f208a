import { describe, expect, it } from "vitest";
import { type CpuResult, TARGET, cpuReport } from "../../bench/queue/report.js";

function result(connections: number, direct: number, durable: number, add: number): CpuResult {
  return { connections, direct, durable, ratio: durable / direct, add, rps: [2000, 900] };
}

const lineOf = (lines: string[], part: string) => lines.find((line) => line.includes(part)) ?? "";

describe("bench:queue receiver CPU report", () => {
  it("is MET only when durable is within the target at every number of connections", () => {
    const within = cpuReport([result(1, 100, 150, 40), result(32, 80, 110, 30)]);
    expect(within.met).toBe(true);
    expect(within.verdict).toBe(
      `target: durable receiver CPU per delivery <= ${TARGET}x direct at 1 and 32 connection(s): MET`,
    );

    const oneOver = cpuReport([result(1, 100, 150, 40), result(32, 80, 121, 30)]);
    expect(oneOver.met).toBe(false);
    expect(oneOver.verdict).toMatch(/: NOT MET$/);
  });

  it("prints the floor (direct + one add) and whether one add fits in what the target leaves", () => {
    const { lines, met } = cpuReport([result(32, 80, 200, 70)]);
    expect(met).toBe(false);
    expect(lineOf(lines, "| 32 |")).toBe(
      "| 32 | 80.0 | 200.0 | 2000 / 900 | 2.50x | 70.0 | 1.88x |",
    );
    expect(lineOf(lines, "budget at 32")).toBe(
      "budget at 32 connection(s): 1.5x direct leaves 40.0 µs over direct; one BullMQ add alone takes 70.0 µs (1.75x the budget): does not fit",
    );
    const cheap = cpuReport([result(32, 80, 110, 30)]);
    expect(lineOf(cheap.lines, "budget at 32")).toMatch(/\(0\.75x the budget\): fits$/);
  });

  it("is not MET when nothing was measured", () => {
    expect(cpuReport([]).met).toBe(false);
  });
});
