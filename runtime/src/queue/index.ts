/**
 * `@typewire/runtime/queue`: durable mode on Redis with BullMQ (an optional peer dependency,
 * with `ioredis`). Receivers verify and enqueue; workers run the handlers with retries.
 */
export {
  type DeliveryQueueOptions,
  type RedisDeliveryQueue,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF,
  DEFAULT_ENQUEUE_TIMEOUT,
  DEFAULT_KEEP_COMPLETED,
  createDeliveryQueue,
} from "./create-delivery-queue.js";
export {
  type CloseOptions,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
  type ReceivingWebhooks,
  DEFAULT_CONCURRENCY,
  createDeliveryWorker,
} from "./create-delivery-worker.js";
export { type DeliveryJobData, jobIdOf } from "./delivery-job.js";
export { type DeliveryQueueConnection, DEFAULT_QUEUE_NAME } from "./queue-options.js";
export {
  type DeliveryQueue,
  type DeliveryStep,
  type VerifiedDelivery,
  toQueue,
} from "../delivery-queue.js";
export { WebhookUnavailableError } from "../webhook-unavailable-error.js";
