import { randomUUID } from "node:crypto";
import { createDeliveryQueue } from "@typewire/runtime/queue";
import { benchPayload } from "../middleware/payload.js";

// The floor of durable mode's receiver, in a process of its own: the BullMQ add that
// `createDeliveryQueue` makes for each delivery (same job options, same 8 KB body), alone, with
// no HTTP and no verification. Asked for `count` adds with `inFlight` at a time, it answers the
// CPU time per add (process.cpuUsage), after a warm-up of the same size.
const [redisPort, queueName] = process.argv.slice(2);

const queue = createDeliveryQueue({
  connection: { host: "127.0.0.1", port: Number(redisPort) },
  name: queueName,
  log: { warn: () => undefined, error: (message: unknown) => process.stderr.write(`${message}\n`) },
});
const text = benchPayload();

function add(): Promise<unknown> {
  const id = randomUUID();
  // The job enqueue() stores: the job id and the deduplication key are the delivery id.
  return queue.queue.add(
    "issues",
    { id, name: "issues", text },
    { jobId: id, deduplication: { id, ttl: 86_400_000 } },
  );
}

async function run(count: number, inFlight: number): Promise<number> {
  const before = process.cpuUsage();
  let started = 0;
  const caller = async () => {
    while (started < count) {
      started++;
      await add();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, caller));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

process.on("message", async (job: { count: number; inFlight: number } | "exit") => {
  if (job === "exit") {
    await queue.close();
    process.exit(0);
  }
  await run(job.count, job.inFlight);
  process.send!({ cpuMicros: await run(job.count, job.inFlight) });
});
await queue.queue.waitUntilReady();
process.send!("ready");
