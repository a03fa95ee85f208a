/// <reference types="node" />
import { Queue } from "bullmq";
import { DEFAULT_DEDUPE_WINDOW } from "../dedupe/dedupe-store.js";
import type { DeliveryQueue, VerifiedDelivery } from "../delivery-queue.js";
import { type Logger, createLogger } from "../logger.js";
import { createDeadlineList } from "../middleware/deadline-list.js";
import { WebhookUnavailableError } from "../webhook-unavailable-error.js";
import { type DeliveryJobData, jobIdOf } from "./delivery-job.js";
import {
  type DeliveryQueueConnection,
  checkConnection,
  wholeNumber,
  withDefaults,
} from "./queue-options.js";

/** Options of {@link createDeliveryQueue}. */
export interface DeliveryQueueOptions extends DeliveryQueueConnection {
  /** Runs of a delivery's handlers before its job is kept as failed. Default 5. */
  attempts?: number | undefined;
  /**
   * Milliseconds before the first retry; each next retry waits twice as long as the one
   * before (exponential backoff). Default 1000: retries after 1, 2, 4 and 8 seconds.
   */
  backoff?: number | undefined;
  /**
   * How long a delivery id is remembered, in milliseconds: within it, another copy of the id
   * (from any receiver) is not queued again. Default 24 hours.
   */
  window?: number | undefined;
  /** Completed jobs kept for inspection, newest first. Default 1000. */
  keepCompleted?: number | undefined;
  /** Failed jobs kept for inspection and retry, newest first. Default: every one. */
  keepFailed?: number | undefined;
  /** Longest wait for Redis to store a delivery, in milliseconds, before answering 503. Default 5000. */
  enqueueTimeout?: number | undefined;
  /** Where Redis connection errors go. Default: `warn` and `error` to the console. */
  log?: Partial<Logger> | undefined;
}

/** The receiving side of durable mode: pass `toQueue(queue)` as the middleware's `accept` option. */
export interface RedisDeliveryQueue extends DeliveryQueue {
  /** The BullMQ queue, to inspect jobs (`getFailed()`, `getJobCounts()`) and retry them. */
  readonly queue: Queue<DeliveryJobData>;
  /** Closes the Redis connection once pending commands are answered. */
  close(): Promise<void>;
}

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF = 1_000;
export const DEFAULT_KEEP_COMPLETED = 1_000;
export const DEFAULT_ENQUEUE_TIMEOUT = 5_000;

const CALLER = "createDeliveryQueue";

/**
 * The receiving side of durable mode: a BullMQ queue on Redis that stores each verified
 * delivery as a job whose id is the delivery id, with the body as received. `enqueue`
 * resolves once Redis has the job; a copy of an id already queued within `window`, from any
 * receiver, is a no-op. When Redis cannot be reached (or does not answer within
 * `enqueueTimeout`), `enqueue` rejects with a `WebhookUnavailableError` (status 503). The
 * connection does not buffer commands while Redis is away, so that answer comes at once.
 *
 * @example
 * const queue = createDeliveryQueue({ connection: { host: "127.0.0.1", port: 6379 } });
 * const middleware = createNodeMiddleware(webhooks, { accept: toQueue(queue) });
 */
export function createDeliveryQueue(options: DeliveryQueueOptions): RedisDeliveryQueue {
  const name = checkConnection(CALLER, options);
  const attempts = wholeNumber(CALLER, "attempts", options.attempts ?? DEFAULT_ATTEMPTS, 1);
  const backoff = wholeNumber(CALLER, "backoff", options.backoff ?? DEFAULT_BACKOFF, 0);
  const window = wholeNumber(CALLER, "window", options.window ?? DEFAULT_DEDUPE_WINDOW, 1);
  const keepCompleted = wholeNumber(
    CALLER,
    "keepCompleted",
    options.keepCompleted ?? DEFAULT_KEEP_COMPLETED,
    0,
  );
  const keepFailed =
    options.keepFailed === undefined
      ? undefined
      : wholeNumber(CALLER, "keepFailed", options.keepFailed, 0);
  const enqueueTimeout = options.enqueueTimeout ?? DEFAULT_ENQUEUE_TIMEOUT;
  if (
    typeof enqueueTimeout !== "number" ||
    !(enqueueTimeout > 0) ||
    !Number.isFinite(enqueueTimeout)
  ) {
    throw new TypeError(
      `[typewire] ${CALLER}: options.enqueueTimeout must be a number of milliseconds > 0, got ${String(enqueueTimeout)}`,
    );
  }
  const log = createLogger(options.log);
  // Every enqueue waits the same time: one timer for all of them.
  const deadlines = createDeadlineList(enqueueTimeout);
  const queue = new Queue<DeliveryJobData>(name, {
    // Without the offline queue, a command sent while Redis is away fails at once (503)
    // instead of waiting for a reconnection the platform's 10 seconds may not see.
    connection: withDefaults(options.connection, { enableOfflineQueue: false }),
    ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
    defaultJobOptions: {
      attempts,
      backoff: { type: "exponential", delay: backoff },
      removeOnComplete: { count: keepCompleted },
      removeOnFail: keepFailed === undefined ? false : { count: keepFailed },
    },
  });
  // Reported once per outage: the connection repeats the same error on every reconnection.
  let lastError: string | undefined;
  queue.on("error", (error: Error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    log.error(`[typewire] delivery queue ${JSON.stringify(name)}: Redis error: ${error.message}`);
  });

  return {
    queue,
    enqueue(delivery: VerifiedDelivery) {
      const { id, name: event, text } = delivery;
      const jobId = jobIdOf(id);
      const added = queue.add(
        event,
        { id, name: event, text },
        { jobId, deduplication: { id: jobId, ttl: window } },
      );
      return new Promise<void>((resolve, reject) => {
        const fail = (reason: string, cause: unknown) =>
          reject(
            new WebhookUnavailableError(
              `the delivery could not be queued (Redis: ${reason})`,
              { id, name: event, payload: text },
              { cause },
            ),
          );
        const deadline = deadlines.add(() =>
          fail(`no answer within ${enqueueTimeout} ms, the enqueueTimeout`, undefined),
        );
        added.then(
          () => {
            deadlines.remove(deadline);
            lastError = undefined;
            resolve();
          },
          (cause: unknown) => {
            deadlines.remove(deadline);
            fail(cause instanceof Error ? cause.message : String(cause), cause);
          },
        );
      });
    },
    close() {
      return queue.close();
    },
  };
}
