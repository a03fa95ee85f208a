// A delivery worker in a process of its own, for the test that kills it with SIGKILL.
// Run: node --conditions=typewire-source --import tsx test/queue/worker-process.ts PORT QUEUE
// Its handlers report each start to the parent and finish only when the parent says so.
import { createDeliveryWorker } from "@typewire/runtime/queue";
import { Webhooks } from "@typewire/runtime/webhooks";

const [port, name] = process.argv.slice(2);
if (!port || !name || !process.send) {
  process.stderr.write("usage (as a forked child): worker-process.ts PORT QUEUE\n");
  process.exit(2);
}
const tell = (message: object) => process.send?.(message);

const waiting = new Map<string, () => void>();
process.on("message", (message: { finish?: string }) => {
  if (message.finish) waiting.get(message.finish)?.();
});

const webhooks = new Webhooks({ secret: "<SIGNING_SECRET>" });
webhooks.onAny(
  ({ id }) =>
    new Promise<void>((resolve) => {
      waiting.set(id, () => {
        waiting.delete(id);
        resolve();
        tell({ finished: id });
      });
      tell({ started: id });
    }),
);
const worker = createDeliveryWorker(webhooks, {
  connection: { host: "127.0.0.1", port: Number(port) },
  name,
  concurrency: 4,
  // Short, so the other worker may take this one's jobs soon after it dies. The stalled check
  // is shared by every worker of the queue (one per interval): all of them use the same one.
  lockDuration: 1_000,
  stalledInterval: 250,
  log: { warn: () => undefined, error: (message: unknown) => process.stderr.write(`${message}\n`) },
});
await worker.worker.waitUntilReady();
tell({ ready: true });
