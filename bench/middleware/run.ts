import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { PATH, benchHeaders, benchPayload } from "./payload.js";
import { type Kind, type Sample, report } from "./report.js";

// Drives the four receivers (ours, ours with the drift reporter on, the peer, the bare limit), each in its own process, from
// load generators in other processes, at 32 and 64 keep-alive connections, rounds interleaved.
// The deciding figure is the server's CPU time per request; requests/s is shown but coarse.
//
// Two schedules (BENCH_SCHEDULE):
// - "together" (default): in each round every receiver is loaded at the same time, all of them
//   sharing one core. A shared machine's background load and clock changes then hit every
//   receiver alike and cancel out of the ratios: two copies of the same receiver measured
//   within about 1% of each other, where one-after-another slices of a few seconds differ by
//   up to 10% on these machines.
// - "sequential": one receiver at a time, order rotated each round (the earlier method).

const ALL_KINDS = ["typewire", "drift", "peer", "bare"] as const;

// BENCH_KINDS=typewire,bare narrows a run while tuning; the documented run uses all three.
const KINDS = (process.env.BENCH_KINDS?.split(",") as Kind[] | undefined) ?? ALL_KINDS;
const CONCURRENCY = [32, 64];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const WARMUP_SECONDS = 1;
// A fixed offered load (requests/s over all connections) compares CPU per request at equal
// work; 0 lets each receiver run flat out.
const RATE = Number(process.env.BENCH_RATE ?? 0);
const SCHEDULE = process.env.BENCH_SCHEDULE === "sequential" ? "sequential" : "together";

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

// Receivers import the built runtime (`dist/`), as a deployed receiver does; tsx only runs the
// benchmark's own files.
const execArgv = ["--import", "tsx", ...(process.env.BENCH_EXEC_ARGV?.split(" ") ?? [])];

// On Linux with `taskset` and at least two cores, the load generators get CPU 0 and the
// receivers CPU 1, so the scheduler never puts load and a measured receiver on the same core
// by chance, and the receivers run on the same core in both schedules. BENCH_PIN=0 turns it
// off.
const PIN =
  process.env.BENCH_PIN !== "0" &&
  process.platform === "linux" &&
  availableParallelism() >= 2 &&
  hasTaskset();

function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Pins every thread of a child process to one CPU. */
function pin(child: ChildProcess, cpu: number): void {
  if (PIN && child.pid !== undefined)
    execFileSync("taskset", ["-a", "-p", "-c", String(cpu), String(child.pid)], {
      stdio: "ignore",
    });
}
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`child exited with ${code}`));
    child.once("exit", onExit);
    child.once("message", (message) => {
      child.off("exit", onExit);
      resolve(message as T);
    });
  });
}

async function main() {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", here("../../runtime/tsconfig.build.json")], {
    stdio: "inherit",
  });
  const body = benchPayload();
  const headers = benchHeaders(body);
  const servers = new Map<Kind, { child: ChildProcess; port: number }>();
  for (const kind of KINDS) {
    const child = fork(here("./server.ts"), [kind], { execArgv });
    const { port } = await nextMessage<{ port: number }>(child);
    pin(child, 1);
    servers.set(kind, { child, port });
  }
  // One load generator per receiver, so the "together" schedule can drive them all at once.
  const loads = new Map<Kind, ChildProcess>();
  for (const kind of KINDS) {
    const load = fork(here("./load.ts"), [], { execArgv });
    await nextMessage(load);
    pin(load, 0);
    loads.set(kind, load);
  }
  process.stdout.write(
    `${SCHEDULE} schedule; ${PIN ? "load generators on CPU 0, receivers on CPU 1" : "no CPU pinning"}\n`,
  );
  const drive = (kind: Kind, connections: number, seconds: number) => {
    const load = loads.get(kind)!;
    const port = servers.get(kind)!.port;
    load.send({ port, connections, seconds, path: PATH, body, headers, rate: RATE });
    return nextMessage<LoadResult>(load);
  };
  /** One measured phase for `kinds`: all loaded at once, their CPU read around it. */
  const measure = async (kinds: readonly Kind[], connections: number) => {
    const children = kinds.map((kind) => servers.get(kind)!.child);
    for (const child of children) child.send("begin");
    await Promise.all(children.map((child) => nextMessage(child)));
    const results = await Promise.all(kinds.map((kind) => drive(kind, connections, SECONDS)));
    for (const child of children) child.send("end");
    const usages = await Promise.all(
      children.map((child) => nextMessage<{ cpuMicros: number; served: number }>(child)),
    );
    return kinds.map((kind, i) => ({ kind, result: results[i]!, usage: usages[i]! }));
  };

  const samples = new Map<string, Sample[]>();
  try {
    for (const connections of CONCURRENCY) {
      await Promise.all(KINDS.map((kind) => drive(kind, connections, WARMUP_SECONDS)));
    }
    process.stdout.write(`warmed ${KINDS.join(", ")}\n`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const connections of CONCURRENCY) {
        // Rotate the order each round so no receiver always starts first or last.
        const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]!);
        const phases = SCHEDULE === "together" ? [order] : order.map((kind) => [kind]);
        for (const kinds of phases) {
          for (const { kind, result, usage } of await measure(kinds, connections)) {
            const key = `${kind}@${connections}`;
            samples.set(key, [...(samples.get(key) ?? []), { ...result, ...usage }]);
            process.stdout.write(
              `round ${round + 1} c=${connections} ${kind}: ${Math.round(result.rps)} req/s, ${(usage.cpuMicros / usage.served).toFixed(1)} µs CPU/req\n`,
            );
          }
        }
      }
    }
  } finally {
    for (const { child } of servers.values()) child.send("exit");
    for (const load of loads.values()) load.send("exit");
  }
  const result = report(samples, {
    schedule: SCHEDULE,
    kinds: KINDS,
    concurrency: CONCURRENCY,
    rounds: ROUNDS,
    seconds: SECONDS,
    payloadBytes: Buffer.byteLength(body),
  });
  process.stdout.write(`\n${result.text}`);
  // A run with errors measured a receiver that failed requests: not a result to compare or keep.
  if (result.errors > 0) {
    process.stderr.write(`bench:middleware: ${result.errors} errors during the measured phases\n`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  process.stderr.write(`bench:middleware failed: ${(error as Error).stack}\n`);
  process.exitCode = 1;
});
