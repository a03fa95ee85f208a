import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { createRequire } from "node:module";
import { connect } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { type RedisServer, startRedis } from "../../test/helpers/redis-server.js";
import { PATH, benchHeaders, benchPayload } from "../middleware/payload.js";
import { type CommandTally, startMonitor } from "./monitor.js";
import { cpuReport } from "./report.js";

// Durable mode against the direct middleware, on a real redis-server (append-only, fsync every
// second, as in production). Three phases:
// 1. receiver CPU per delivery, durable next to direct: both receivers loaded at the same time
//    (as bench:middleware's "together" schedule), the ratio taken within each round;
// 2. end to end, POST to handler done, with 1 and then 2 workers: deliveries per second; and
//    the workers' own pace, draining a queue filled beforehand;
// 3. Redis commands per delivery, receiver side and worker side, counted with MONITOR.
// Every process (receivers, workers, load generators) is a child of this one; receivers and
// workers load the built runtime (dist/), as deployed code does.

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
// Phase 1 runs once per number of connections (deliveries in flight at a time).
const CPU_CONNECTIONS = (process.env.BENCH_CPU_CONNECTIONS ?? `1,${CONNECTIONS}`)
  .split(",")
  .map(Number);
// Adds per measurement of the floor (one BullMQ add alone), three measurements per phase 1 run.
const FLOOR_ADDS = Number(process.env.BENCH_FLOOR_ADDS ?? 3_000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const COUNTED = Number(process.env.BENCH_COUNTED ?? 2_000);
const E2E_RUNS = Number(process.env.BENCH_E2E_RUNS ?? 2);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10_000);
// Which phases run: any of cpu, e2e, commands (default all three).
const PHASES = new Set((process.env.BENCH_PHASES ?? "cpu,e2e,commands").split(","));
// A folder for CPU profiles of the receivers (node --cpu-prof), one file per receiver process.
const PROFILE = process.env.BENCH_PROFILE;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const execArgv = ["--import", "tsx"];

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

function pin(child: ChildProcess, cpu: number): void {
  if (PIN && child.pid !== undefined)
    execFileSync("taskset", ["-a", "-p", "-c", String(cpu), String(child.pid)], {
      stdio: "ignore",
    });
}

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

interface LoadResult {
  requests: number;
  rps: number;
  seconds: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Usage {
  cpuMicros: number;
  served: number;
}

const children: ChildProcess[] = [];
function start(file: string, args: string[], flags: string[] = []): ChildProcess {
  const child = fork(here(file), args, { execArgv: [...flags, ...execArgv] });
  children.push(child);
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.send("exit");
  return exited;
}

async function receiver(kind: "direct" | "durable", redis: RedisServer, queue: string) {
  const child = start(
    "./receiver.ts",
    [kind, String(redis.port), queue],
    PROFILE === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${PROFILE}`],
  );
  const { port } = await nextMessage<{ port: number }>(child);
  return { child, port };
}

async function worker(redis: RedisServer, queue: string) {
  const child = start("./worker.ts", [String(redis.port), queue, String(CONCURRENCY)]);
  await nextMessage(child);
  return child;
}

async function loader() {
  const child = start("./load.ts", []);
  await nextMessage(child);
  return child;
}

const body = benchPayload();
const headers = benchHeaders(body);

function drive(
  load: ChildProcess,
  port: number,
  job: { seconds: number; amount: number; connections?: number },
) {
  load.send({ port, connections: CONNECTIONS, path: PATH, body, headers, ...job });
  return nextMessage<LoadResult>(load);
}

/** Sum of what the workers handled since they started, and their latencies since last asked. */
async function counts(workers: ChildProcess[]) {
  const answers = await Promise.all(
    workers.map((child) => {
      const answer = nextMessage<{ handled: number; latencies: number[]; cpuMicros: number }>(
        child,
      );
      child.send("count");
      return answer;
    }),
  );
  return {
    handled: answers.reduce((sum, answer) => sum + answer.handled, 0),
    latencies: answers.flatMap((answer) => answer.latencies),
    cpuMicros: answers.reduce((sum, answer) => sum + answer.cpuMicros, 0),
  };
}

/** Waits until the workers handled `total` deliveries in all; their latencies meanwhile. */
async function drain(workers: ChildProcess[], total: number) {
  const latencies: number[] = [];
  const deadline = Date.now() + 120_000;
  for (;;) {
    const now = await counts(workers);
    latencies.push(...now.latencies);
    if (now.handled >= total) return latencies;
    if (Date.now() > deadline)
      throw new Error(`the workers handled ${now.handled} of ${total} deliveries in 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/**
 * Phase 1: CPU per delivery of both receivers, loaded together, ratio per round. No worker
 * runs meanwhile (the queued jobs wait in Redis and are removed afterwards), so the receivers'
 * core is shared only by the two of them, as in bench:middleware.
 */
async function cpuPhase(redis: RedisServer, connections: number) {
  const queue = "bench-cpu";
  const receivers = {
    direct: await receiver("direct", redis, queue),
    durable: await receiver("durable", redis, queue),
  };
  for (const { child } of Object.values(receivers)) pin(child, 1);
  const loads = { direct: await loader(), durable: await loader() };
  for (const load of Object.values(loads)) pin(load, 0);
  const kinds = ["direct", "durable"] as const;
  const once = async (seconds: number) => {
    for (const kind of kinds) receivers[kind].child.send("begin");
    await Promise.all(kinds.map((kind) => nextMessage(receivers[kind].child)));
    const results = await Promise.all(
      kinds.map((kind) =>
        drive(loads[kind], receivers[kind].port, { seconds, amount: 0, connections }),
      ),
    );
    for (const kind of kinds) receivers[kind].child.send("end");
    const usages = await Promise.all(
      kinds.map((kind) => nextMessage<Usage>(receivers[kind].child)),
    );
    return { results, usages };
  };
  // Warm-up by count, each receiver alone, so the durable receiver (slower per request) gets
  // as many requests as the direct one before its code is measured: with a warm-up by time it
  // was still getting faster for several rounds. Then one round together, not counted.
  for (const kind of kinds) {
    await drive(loads[kind], receivers[kind].port, { seconds: 0, amount: WARMUP, connections });
  }
  await once(SECONDS);
  const rounds: { cpu: [number, number]; rps: [number, number]; errors: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { results, usages } = await once(SECONDS);
    const cpu = usages.map((usage) => usage.cpuMicros / usage.served) as [number, number];
    rounds.push({
      cpu,
      rps: [results[0]!.rps, results[1]!.rps],
      errors: results[0]!.errors + results[1]!.errors,
    });
    process.stdout.write(
      `round ${round + 1}: direct ${cpu[0].toFixed(1)} µs CPU/delivery, durable ${cpu[1].toFixed(1)} µs (${(cpu[1] / cpu[0]).toFixed(2)}x)\n`,
    );
  }
  await Promise.all(
    [...Object.values(receivers).map(({ child }) => child), ...Object.values(loads)].map(stop),
  );
  await flush(redis);
  // The floor: the same BullMQ add alone, as many in flight, on the receivers' core.
  const floor = start("./add-alone.ts", [String(redis.port), queue]);
  await nextMessage(floor);
  pin(floor, 1);
  const adds: number[] = [];
  for (let round = 0; round < 3; round++) {
    floor.send({ count: FLOOR_ADDS, inFlight: connections });
    adds.push((await nextMessage<{ cpuMicros: number }>(floor)).cpuMicros);
    await flush(redis);
  }
  await stop(floor);
  return {
    add: median(adds),
    direct: median(rounds.map((round) => round.cpu[0])),
    durable: median(rounds.map((round) => round.cpu[1])),
    ratio: median(rounds.map((round) => round.cpu[1] / round.cpu[0])),
    rps: [
      median(rounds.map((round) => round.rps[0])),
      median(rounds.map((round) => round.rps[1])),
    ] as [number, number],
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}

/** Empties Redis (FLUSHALL) between phases. */
function flush(redis: RedisServer): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(redis.port, "127.0.0.1");
    socket.on("error", reject);
    socket.on("connect", () => socket.write("FLUSHALL\r\n"));
    socket.on("data", (reply) => {
      socket.destroy();
      if (reply.toString().startsWith("+OK")) resolve();
      else reject(new Error(`FLUSHALL answered ${reply.toString().trim()}`));
    });
  });
}

/** Phase 2: DELIVERIES deliveries from POST to handler done, with `count` workers. */
async function endToEnd(redis: RedisServer, count: number) {
  const queue = `bench-e2e-${count}`;
  const { child, port } = await receiver("durable", redis, queue);
  const workers: ChildProcess[] = [];
  for (let i = 0; i < count; i++) workers.push(await worker(redis, queue));
  const load = await loader();
  const before = (await counts(workers)).cpuMicros;
  const started = performance.now();
  const posted = await drive(load, port, { seconds: 0, amount: DELIVERIES });
  const latencies = await drain(workers, DELIVERIES);
  const seconds = (performance.now() - started) / 1000;
  const workerCpu = ((await counts(workers)).cpuMicros - before) / DELIVERIES;
  await Promise.all([stop(child), stop(load), ...workers.map(stop)]);
  await flush(redis);
  return {
    workers: count,
    perSecond: DELIVERIES / seconds,
    seconds,
    acceptedPerSecond: posted.requests / posted.seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    workerCpu,
    errors: posted.errors,
  };
}

/**
 * Phase 2b: the workers' own pace. DELIVERIES deliveries are queued with no worker running,
 * then `count` workers start and drain the queue: deliveries per second from their start to
 * the last handler's end. Tells whether the workers or the receiver bound the end-to-end rate.
 */
async function drainRate(redis: RedisServer, count: number) {
  const queue = `bench-drain-${count}`;
  const { child, port } = await receiver("durable", redis, queue);
  const load = await loader();
  const posted = await drive(load, port, { seconds: 0, amount: DELIVERIES });
  await Promise.all([stop(child), stop(load)]);
  const workers: ChildProcess[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) workers.push(await worker(redis, queue));
  await drain(workers, DELIVERIES);
  const perSecond = DELIVERIES / ((performance.now() - started) / 1000);
  await Promise.all(workers.map(stop));
  await flush(redis);
  return { perSecond, errors: posted.errors };
}

/** Phase 3: commands per delivery, receiver side (no worker running) then worker side. */
async function commandPhase(redis: RedisServer) {
  const queue = "bench-commands";
  const { child, port } = await receiver("durable", redis, queue);
  const load = await loader();
  const monitor = await startMonitor(redis.port);
  monitor.reset();
  const posted = await drive(load, port, { seconds: 0, amount: COUNTED });
  const receiving = monitor.take();
  monitor.reset();
  const one = await worker(redis, queue);
  await drain([one], COUNTED);
  const working = monitor.take();
  monitor.stop();
  await Promise.all([stop(child), stop(load), stop(one)]);
  return { receiving, working, errors: posted.errors };
}

function describeTally(tally: CommandTally): string {
  const names = [...tally.byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, calls]) => `${name} ${(calls / COUNTED).toFixed(2)}`)
    .join(", ");
  return `${(tally.sent / COUNTED).toFixed(2)} sent (${names}); ${(tally.scripted / COUNTED).toFixed(1)} more run inside scripts`;
}

async function main() {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", here("../../runtime/tsconfig.build.json")], {
    stdio: "inherit",
  });
  const redis = await startRedis({ appendOnly: "everysec" });
  try {
    // Redis with the load generators, so the receivers' core runs nothing but them.
    if (PIN && redis.pid !== undefined)
      execFileSync("taskset", ["-a", "-p", "-c", "0", String(redis.pid)], { stdio: "ignore" });
    process.stdout.write(
      `redis-server on 127.0.0.1:${redis.port} (appendonly yes, appendfsync everysec); ${PIN ? "loaders on CPU 0, receivers on CPU 1" : "no CPU pinning"}\n`,
    );
    const lines = [
      "",
      `payload ${Buffer.byteLength(body)} bytes; worker concurrency ${CONCURRENCY}; load ${loadAverage()}`,
    ];
    let errors = 0;
    let verdict: string | undefined;
    if (PHASES.has("cpu")) {
      // At each number of connections (deliveries in flight), both receivers loaded together.
      const results = [];
      for (const connections of CPU_CONNECTIONS) {
        process.stdout.write(`receiver CPU, ${connections} connection(s):\n`);
        results.push({ connections, ...(await cpuPhase(redis, connections)) });
      }
      errors += results.reduce((sum, result) => sum + result.errors, 0);
      const report = cpuReport(results);
      verdict = report.verdict;
      lines.push(
        "",
        `Receiver CPU per delivery (${ROUNDS} rounds x ${SECONDS} s, both receivers loaded together; medians):`,
        "",
        ...report.lines,
      );
    }
    if (PHASES.has("e2e")) {
      // Alternating 1 and 2 workers, so drift on a shared machine hits both alike; the best
      // run of each is reported (the machine's other work only ever slows a run down).
      const runs: Awaited<ReturnType<typeof endToEnd>>[] = [];
      const drains: { workers: number; perSecond: number; errors: number }[] = [];
      for (let run = 0; run < E2E_RUNS; run++) {
        for (const count of [1, 2]) {
          const result = await endToEnd(redis, count);
          runs.push(result);
          const alone = await drainRate(redis, count);
          drains.push({ workers: count, ...alone });
          process.stdout.write(
            `${count} worker(s): end to end ${Math.round(result.perSecond)} deliveries/s, draining a full queue ${Math.round(alone.perSecond)}/s\n`,
          );
        }
      }
      const bestDrain = (count: number) =>
        Math.max(...drains.filter((run) => run.workers === count).map((run) => run.perSecond));
      const e2e = [1, 2].map(
        (count) =>
          runs.filter((run) => run.workers === count).sort((a, b) => b.perSecond - a.perSecond)[0]!,
      );
      errors += [...runs, ...drains].reduce((sum, run) => sum + run.errors, 0);
      lines.push(
        "",
        `End to end, ${DELIVERIES} deliveries, POST to handler done (one durable receiver, ${CONNECTIONS} connections; best of ${E2E_RUNS} runs):`,
        "",
        "| workers | deliveries/s | total s | receiver accepted/s | queued-to-done p50 ms | p99 ms | worker CPU µs/delivery | draining a full queue/s |",
        "|---|---|---|---|---|---|---|---|",
        ...e2e.map(
          (run) =>
            `| ${run.workers} | ${Math.round(run.perSecond)} | ${run.seconds.toFixed(1)} | ${Math.round(run.acceptedPerSecond)} | ${run.p50} | ${run.p99} | ${run.workerCpu.toFixed(0)} | ${Math.round(bestDrain(run.workers))} |`,
        ),
      );
    }
    if (PHASES.has("commands")) {
      const commands = await commandPhase(redis);
      errors += commands.errors;
      lines.push(
        "",
        `Redis commands per delivery (MONITOR over ${COUNTED} deliveries, ${CONNECTIONS} connections):`,
        `- receiver: ${describeTally(commands.receiving)}`,
        `- worker:   ${describeTally(commands.working)}`,
      );
    }
    lines.push("", `errors (transport errors, timeouts, non-2xx answers): ${errors}`);
    if (verdict !== undefined) {
      lines.push(`${verdict} (load ${loadAverage()})`);
    }
    process.stdout.write(`${lines.join("\n")}\n`);
    if (errors > 0) process.exitCode = 1;
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
    await redis.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`bench:queue failed: ${(error as Error).stack}\n`);
  for (const child of children) if (child.exitCode === null) child.kill();
  process.exitCode = 1;
});
