import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { PATH, benchHeaders, benchPayload } from "./payload.js";
import { type Kind, type Sample, report } from "./report.js";

// Drives the three receivers (ours, the peer, the bare limit), each in its own process, from
// a load generator in a fourth, at 32 and 64 keep-alive connections, rounds interleaved.
// The deciding figure is the server's CPU time per request; requests/s is shown but coarse.

const ALL_KINDS = ["typewire", "peer", "bare"] as const;

// BENCH_KINDS=typewire,bare narrows a run while tuning; the documented run uses all three.
const KINDS = (process.env.BENCH_KINDS?.split(",") as Kind[] | undefined) ?? ALL_KINDS;
const CONCURRENCY = [32, 64];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const WARMUP_SECONDS = 1;
// A fixed offered load (requests/s over all connections) compares CPU per request at equal
// work; 0 lets each receiver run flat out.
const RATE = Number(process.env.BENCH_RATE ?? 0);

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
    servers.set(kind, { child, port });
  }
  const load = fork(here("./load.ts"), [], { execArgv });
  await nextMessage(load);
  const run = async (port: number, connections: number, seconds: number) => {
    load.send({ port, connections, seconds, path: PATH, body, headers, rate: RATE });
    return nextMessage<LoadResult>(load);
  };

  const samples = new Map<string, Sample[]>();
  try {
    for (const [kind, { port }] of servers) {
      for (const connections of CONCURRENCY) await run(port, connections, WARMUP_SECONDS);
      process.stdout.write(`warmed ${kind}\n`);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const connections of CONCURRENCY) {
        // Rotate the order each round so no receiver always runs first or last.
        const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]!);
        for (const kind of order) {
          const { child, port } = servers.get(kind)!;
          child.send("begin");
          await nextMessage(child);
          const result = await run(port, connections, SECONDS);
          child.send("end");
          const usage = await nextMessage<{ cpuMicros: number; served: number }>(child);
          const key = `${kind}@${connections}`;
          samples.set(key, [...(samples.get(key) ?? []), { ...result, ...usage }]);
          process.stdout.write(
            `round ${round + 1} c=${connections} ${kind}: ${Math.round(result.rps)} req/s, ${(usage.cpuMicros / usage.served).toFixed(1)} µs CPU/req\n`,
          );
        }
      }
    }
  } finally {
    for (const { child } of servers.values()) child.send("exit");
    load.send("exit");
  }
  const result = report(samples, {
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
