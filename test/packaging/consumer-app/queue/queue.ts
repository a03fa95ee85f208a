// Durable mode from TypeScript: the declarations resolve against the installed bullmq.
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import {
  type DeliveryWorker,
  type RedisDeliveryQueue,
  createDeliveryQueue,
  createDeliveryWorker,
  toQueue,
} from "@typewire/runtime/queue";
import { Webhooks, createMemoryDedupeStore, withDedupe } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: "<SIGNING_SECRET>" });
const connection = { host: "127.0.0.1", port: 6379 };
export const queue: RedisDeliveryQueue = createDeliveryQueue({ connection, attempts: 3 });
createNodeMiddleware(webhooks, {
  accept: withDedupe(createMemoryDedupeStore(), toQueue(queue)),
});
export const worker: DeliveryWorker = createDeliveryWorker(webhooks, {
  connection,
  concurrency: 4,
});
export const failed: Promise<number> = queue.queue.getFailedCount();
// @ts-expect-error concurrency is a number
createDeliveryWorker(webhooks, { connection, concurrency: "4" });
