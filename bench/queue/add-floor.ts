// Where durable mode's receiver time goes (issue 33, item 4), in one process on a real
// redis-server (append-only, fsync every second): the CPU per delivery of the steps a receiver
// runs after HTTP, each measured over the same signed 8 KB `issues.opened` deliveries, at 1, 16
// and 64 deliveries in flight (BENCH_IN_FLIGHT), the cases taking turns over BENCH_ROUNDS rounds:
//   direct               verifyAndReceive, handler in the request (direct mode)
//   durable              verifyAndReceive with the queue: verify, then one BullMQ add
//   bullmq add           the same add alone (job id, deduplication, attempts, backoff, retention):
//                        the floor of storing one job with BullMQ
//   bullmq addBulk       the same jobs, all those in flight in one addBulk (one pipeline, one
//                        socket write): the floor of storing a job when they are batched
//   bullmq add, 100 B    the add with a 100-byte body instead of 8 KB: BullMQ's cost per job
//                        apart from the body's bytes
//   bullmq add, job id   the add with the job id as its only option (no deduplication, retries or
//                        retention): what the options cost
//   add's script         the EVALSHA the add ends in, with the options BullMQ encoded for one add
//                        (and, in the second case, the job data too): the add without BullMQ's
//                        own JavaScript (and without the JSON.stringify of the body)
//   redis SET            one ioredis SET of the same body: the floor of one round trip with it
// It prints each with its ratio to direct, and the verdict on issue 33's target (durable at most
// 1.5x direct) and on whether one add fits in that budget at all.
// Run with `npm run bench:queue-floor` (needs redis-server on the PATH).
import { createHmac, randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { createDeliveryQueue, toQueue } from "@typewire/runtime/queue";
import { Webhooks } from "@typewire/runtime/webhooks";
import { startRedis } from "../../test/helpers/redis-server.js";
import { load, median } from "../cli/measure.js";
import { SECRET, benchPayload } from "../middleware/payload.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_DELIVERIES ?? 2_000);
const IN_FLIGHT = (process.env.BENCH_IN_FLIGHT ?? "1,16,64").split(",").map(Number);
// Issue 33: durable mode at most this many times direct mode's CPU per delivery.
const TARGET = 1.5;

const redis = await startRedis({ appendOnly: "everysec" });
const text = benchPayload();
const small = text.slice(0, 100);
const body = Buffer.from(text);
const signature = `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
const webhooks = new Webhooks({ secret: SECRET });
webhooks.on("issues", () => undefined);
const queue = createDeliveryQueue({ connection: redis.connection });
const bare = new Queue("floor-bare", {
  connection: { ...redis.connection, enableOfflineQueue: false },
});
const raw = new Redis({ ...redis.connection, lazyConnect: false });
const delivery = () => ({ id: randomUUID(), name: "issues", payload: body, signature });
// The job createDeliveryQueue stores for a delivery (its default options come from the queue).
const job = (data: string) => {
  const id = randomUUID();
  return {
    name: "issues",
    data: { id, name: "issues", text: data },
    opts: { jobId: id, deduplication: { id, ttl: 86_400_000 } },
  };
};
const add = (data: string) => {
  const { name, data: jobData, opts } = job(data);
  return queue.queue.add(name, jobData, opts);
};

// To split the add's cost, two cases call the method BullMQ 6.7's add ends in (its backend's
// addStandardJob: msgpack of the script's arguments, then the EVALSHA through ioredis) with the
// arguments one real add built, captured once: BullMQ internals, so these cases are left out
// when the installed BullMQ has no such method.
interface ScriptCall {
  client: unknown;
  job: { data: string };
  encodedOpts: unknown;
  args: unknown[];
}
interface InternalBackend {
  addStandardJob(
    client: unknown,
    job: ScriptCall["job"],
    encodedOpts: unknown,
    args: unknown[],
    keys?: unknown,
  ): Promise<unknown>;
}
const backend = (queue.queue as unknown as { backend?: InternalBackend }).backend;
let captured: ScriptCall | undefined;
if (typeof backend?.addStandardJob === "function") {
  const original = backend.addStandardJob;
  backend.addStandardJob = function (this: InternalBackend, client, job, encodedOpts, args, keys) {
    captured ??= { client, job, encodedOpts, args: [...args] };
    return original.call(this, client, job, encodedOpts, args, keys);
  };
  await add(text);
  backend.addStandardJob = original;
}
/** The add's script with the captured arguments, for a new id; `data` from the job data. */
function scriptCall(data: (id: string) => string): Promise<unknown> {
  const { client, job: capturedJob, encodedOpts, args } = captured!;
  const id = randomUUID();
  const [prefix, capturedId] = [args[0], args[1]] as [string, string];
  const dedupeKey = String(args[8]).replace(capturedId, id);
  const callArgs = [prefix, id, ...args.slice(2, 8), dedupeKey, ...args.slice(9)];
  return backend!.addStandardJob(client, { ...capturedJob, data: data(id) }, encodedOpts, callArgs);
}
const encodedData = JSON.stringify({ id: randomUUID(), name: "issues", text });

// Durable mode as a receiver sets it up: the queue as the `accept` step.
const durable = { accept: toQueue(queue) };

const DIRECT = "direct (verifyAndReceive)";
const DURABLE = "durable (verify + enqueue)";
const ADD = "bullmq add alone";
const BULK = "bullmq addBulk, per job";
/** A case: `run` stores `size` deliveries; `batched` cases run one call at a time. */
interface Case {
  name: string;
  run: (inFlight: number) => Promise<unknown>;
  size: (inFlight: number) => number;
}
const one = () => 1;
const cases: Case[] = [
  { name: DIRECT, run: () => webhooks.verifyAndReceive(delivery()), size: one },
  { name: DURABLE, run: () => webhooks.verifyAndReceive(delivery(), durable), size: one },
  { name: ADD, run: () => add(text), size: one },
  {
    name: BULK,
    run: (inFlight: number) =>
      queue.queue.addBulk(Array.from({ length: inFlight }, () => job(text))),
    size: (inFlight: number) => inFlight,
  },
  { name: "bullmq add, 100-byte body", run: () => add(small), size: one },
  {
    name: "bullmq add, job id only",
    run: () => {
      const { name, data, opts } = job(text);
      return bare.add(name, data, { jobId: opts.jobId });
    },
    size: one,
  },
  ...(captured === undefined
    ? []
    : [
        {
          name: "add's script, options pre-encoded",
          run: () => scriptCall((id) => JSON.stringify({ id, name: "issues", text })),
        },
        { name: "add's script, all pre-encoded", run: () => scriptCall(() => encodedData) },
      ]),
  { name: "redis SET of the body", run: () => raw.set(`floor:${randomUUID()}`, text, "EX", 60) },
].map((each) => ({ size: one, ...each }));

/** CPU microseconds per delivery, about `count` deliveries with `inFlight` at a time. */
async function cpuPer(each: Case, count: number, inFlight: number): Promise<number> {
  const size = each.size(inFlight);
  // A batched case has its whole batch in flight in one call.
  const callers = size > 1 ? 1 : inFlight;
  const calls = Math.ceil(count / size);
  const before = process.cpuUsage();
  let started = 0;
  const caller = async () => {
    while (started < calls) {
      started++;
      await each.run(inFlight);
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / (calls * size);
}

try {
  const loadBefore = load();
  const results = [];
  for (const inFlight of IN_FLIGHT) {
    const applicable = cases.filter((each) => inFlight > 1 || each.name !== BULK);
    for (const each of applicable) await cpuPer(each, 500, inFlight);
    const samples = new Map(applicable.map((each) => [each.name, [] as number[]]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const each of round % 2 ? [...applicable].reverse() : applicable) {
        samples.get(each.name)!.push(await cpuPer(each, PER_ROUND, inFlight));
        await raw.flushall();
      }
    }
    const us = new Map([...samples].map(([name, values]) => [name, median(values)]));
    results.push({ inFlight, us });
  }
  console.log(
    `CPU per delivery in one process (no HTTP), ${ROUNDS} rounds of ${PER_ROUND} (load ${loadBefore} -> ${load()})`,
  );
  for (const { inFlight, us } of results) {
    const direct = us.get(DIRECT)!;
    console.log(`${inFlight} in flight:`);
    for (const [name, value] of us) {
      console.log(
        `  ${name.padEnd(36)} ${value.toFixed(1).padStart(6)} µs  ${(value / direct).toFixed(2)}x direct`,
      );
    }
  }
  const ratios = results.map(({ us }) => us.get(DURABLE)! / us.get(DIRECT)!);
  console.log(
    `target: durable <= ${TARGET}x direct: ${ratios.every((ratio) => ratio <= TARGET) ? "MET" : "NOT MET"} (${results
      .map(({ inFlight }, index) => `${ratios[index]!.toFixed(2)}x at ${inFlight} in flight`)
      .join(", ")})`,
  );
  // The budget at the target is half of direct's cost; one add (or one batched job) alone uses:
  for (const { inFlight, us } of results) {
    const budget = (TARGET - 1) * us.get(DIRECT)!;
    const floor = Math.min(us.get(ADD)!, us.get(BULK) ?? Number.POSITIVE_INFINITY);
    console.log(
      `floor at ${inFlight} in flight: the cheapest BullMQ store of one job costs ${floor.toFixed(1)} µs, ${(floor / budget).toFixed(2)}x the ${budget.toFixed(1)} µs durable mode may add over direct: ${floor <= budget ? "fits" : "does not fit"}`,
    );
  }
} finally {
  raw.disconnect();
  await bare.close();
  await queue.close();
  await redis.stop();
}
