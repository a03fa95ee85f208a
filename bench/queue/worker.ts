import { createDeliveryWorker } from "@typewire/runtime/queue";
import { Webhooks } from "@typewire/runtime/webhooks";
import { SECRET } from "../middleware/payload.js";

// One delivery worker per process, running a no-op `issues` handler. Reports, when asked, how
// many deliveries it handled and how long each took from its POST being queued to the end of
// its handler (job.finishedOn - job.timestamp, both from this machine's clock), and the CPU
// time it used since it started.
const [redisPort, queueName, concurrency] = process.argv.slice(2);

const webhooks = new Webhooks({ secret: SECRET });
webhooks.on("issues", () => undefined);
const delivery = createDeliveryWorker(webhooks, {
  connection: { host: "127.0.0.1", port: Number(redisPort) },
  name: queueName,
  concurrency: Number(concurrency),
  log: { warn: () => undefined, error: (message: unknown) => process.stderr.write(`${message}\n`) },
});
let handled = 0;
let latencies: number[] = [];
delivery.worker.on("completed", (job) => {
  handled++;
  if (job.finishedOn !== undefined) latencies.push(job.finishedOn - job.timestamp);
});
await delivery.worker.waitUntilReady();
process.send!({ ready: true });

process.on("message", async (message: string) => {
  if (message === "count") {
    const cpu = process.cpuUsage();
    process.send!({ handled, latencies, cpuMicros: cpu.user + cpu.system });
    latencies = [];
  } else if (message === "exit") {
    await delivery.close();
    process.exit(0);
  }
});
