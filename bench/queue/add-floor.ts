// Where durable mode's receiver time goes (issue 33, item 4), in one process on a real
// redis-server (append-only, fsync every second): the CPU per delivery of the steps a receiver
// runs after HTTP, each measured over the same signed 8 KB `issues.opened` deliveries with 16 in
// flight, the cases taking turns over BENCH_ROUNDS rounds:
//   direct            verifyAndReceive, handler in the request (direct mode)
//   durable           verifyAndReceive with the queue: verify, then one BullMQ add
//   bullmq add        the same add alone (job id, deduplication, attempts, backoff, retention):
//                     the floor of storing one job with BullMQ
//   redis SET         one ioredis SET of the same body: the floor of one round trip with it
// Run with `npm run bench:queue-floor` (needs redis-server on the PATH).
import { createHmac, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { createDeliveryQueue, toQueue } from "@typewire/runtime/queue";
import { Webhooks } from "@typewire/runtime/webhooks";
import { startRedis } from "../../test/helpers/redis-server.js";
import { load, median } from "../cli/measure.js";
import { SECRET, benchPayload } from "../middleware/payload.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_DELIVERIES ?? 2_000);
const IN_FLIGHT = 16;

const redis = await startRedis({ appendOnly: "everysec" });
const text = benchPayload();
const body = Buffer.from(text);
const signature = `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
const webhooks = new Webhooks({ secret: SECRET });
webhooks.on("issues", () => undefined);
const queue = createDeliveryQueue({ connection: redis.connection });
const raw = new Redis({ ...redis.connection, lazyConnect: false });
const delivery = () => ({ id: randomUUID(), name: "issues", payload: body, signature });

const durable = { accept: toQueue(queue) };

const cases: [string, () => Promise<unknown>][] = [
  ["direct (verifyAndReceive)", () => webhooks.verifyAndReceive(delivery())],
  ["durable (verify + enqueue)", () => webhooks.verifyAndReceive(delivery(), durable)],
  [
    "bullmq add alone",
    () => {
      const id = randomUUID();
      return queue.queue.add(
        "issues",
        { id, name: "issues", text },
        { jobId: id, deduplication: { id, ttl: 86_400_000 } },
      );
    },
  ],
  ["redis SET of the body", () => raw.set(`floor:${randomUUID()}`, text, "EX", 60)],
];

/** CPU microseconds per operation, `count` operations with IN_FLIGHT at a time. */
async function cpuPer(run: () => Promise<unknown>, count: number): Promise<number> {
  const before = process.cpuUsage();
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started++;
      await run();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

try {
  for (const [, run] of cases) await cpuPer(run, 500);
  const samples = new Map(cases.map(([name]) => [name, [] as number[]]));
  const loadBefore = load();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of round % 2 ? [...cases].reverse() : cases) {
      samples.get(name)!.push(await cpuPer(run, PER_ROUND));
      await raw.flushall();
    }
  }
  const direct = median(samples.get("direct (verifyAndReceive)")!);
  console.log(
    `CPU per delivery in one process, ${ROUNDS} rounds of ${PER_ROUND}, ${IN_FLIGHT} in flight (load ${loadBefore} -> ${load()})`,
  );
  for (const [name, values] of samples) {
    const us = median(values);
    console.log(
      `  ${name.padEnd(28)} ${us.toFixed(0).padStart(6)} µs  ${(us / direct).toFixed(2)}x direct`,
    );
  }
} finally {
  raw.disconnect();
  await queue.close();
  await redis.stop();
}
