/// <reference types="node" />
import { type Job, UnrecoverableError, WaitingError, Worker } from "bullmq";
import { describeCause } from "../event-handler/describe-thrown.js";
import type { ReceivedEvent } from "../event-handler/types.js";
import { withoutPayload } from "../event-handler/without-payload.js";
import { type Logger, createLogger } from "../logger.js";
import { parsePayloadText } from "../parse-payload.js";
import { type DeliveryJobData, readDeliveryJob } from "./delivery-job.js";
import { type DeliveryQueueConnection, checkConnection, wholeNumber } from "./queue-options.js";

/** What the worker needs from a `Webhooks` instance (or an event handler): `receive`. */
export interface ReceivingWebhooks {
  receive(event: ReceivedEvent): Promise<void>;
}

/** Options of {@link createDeliveryWorker}. */
export interface DeliveryWorkerOptions extends DeliveryQueueConnection {
  /** Deliveries this worker runs at the same time. Default 1. */
  concurrency?: number | undefined;
  /**
   * Milliseconds a job stays locked to this worker without a renewal (renewed every half of
   * it while the handlers run). A worker that dies leaves its jobs locked this long before
   * another worker may take them. Default 30000.
   */
  lockDuration?: number | undefined;
  /** Milliseconds between this worker's checks for jobs whose worker died. Default 30000. */
  stalledInterval?: number | undefined;
  /** Where retries, final failures and Redis errors go. Default: `warn` and `error` to the console. */
  log?: Partial<Logger> | undefined;
}

/** Options of {@link DeliveryWorker.close}. */
export interface CloseOptions {
  /**
   * Milliseconds to let running handlers finish. When they take longer, their jobs are handed
   * back to the queue at once (another worker runs them from the start) and the worker closes.
   * Default: wait for them however long they take.
   */
  timeout?: number | undefined;
}

/** The working side of durable mode. */
export interface DeliveryWorker {
  /** The BullMQ worker, for its events (`completed`, `failed`, ...). */
  readonly worker: Worker<DeliveryJobData>;
  /**
   * Graceful shutdown: takes no new job, lets running ones finish (or, after
   * `options.timeout`, hands them back), then closes the Redis connections.
   */
  close(options?: CloseOptions): Promise<void>;
}

export const DEFAULT_CONCURRENCY = 1;
const CALLER = "createDeliveryWorker";

/**
 * The working side of durable mode: takes jobs from the delivery queue and runs the same
 * handlers as the direct middleware would, through `webhooks.receive`, with the body parsed
 * from the stored text (verified once, by the receiver). When handlers fail, `receive` calls
 * the `onError` handlers and the job is retried after the queue's backoff; after its last
 * attempt it is kept in the failed set. Jobs of a worker that died run again on another one,
 * once their lock expires.
 *
 * @example
 * const worker = createDeliveryWorker(webhooks, { connection: { host: "127.0.0.1", port: 6379 }, concurrency: 10 });
 * process.once("SIGTERM", () => worker.close({ timeout: 8000 }));
 */
export function createDeliveryWorker(
  webhooks: ReceivingWebhooks,
  options: DeliveryWorkerOptions,
): DeliveryWorker {
  if (!webhooks || typeof webhooks.receive !== "function") {
    throw new TypeError(`[typewire] ${CALLER}: the first argument must be a Webhooks instance`);
  }
  const name = checkConnection(CALLER, options);
  const concurrency = wholeNumber(
    CALLER,
    "concurrency",
    options.concurrency ?? DEFAULT_CONCURRENCY,
    1,
  );
  const timing: { lockDuration?: number; stalledInterval?: number } = {};
  if (options.lockDuration !== undefined) {
    timing.lockDuration = wholeNumber(CALLER, "lockDuration", options.lockDuration, 1);
  }
  if (options.stalledInterval !== undefined) {
    timing.stalledInterval = wholeNumber(CALLER, "stalledInterval", options.stalledInterval, 1);
  }
  const log = createLogger(options.log);
  // Jobs running now, each with the way to give it back at shutdown.
  const running = new Map<Job<DeliveryJobData>, () => Promise<void>>();

  const processor = (job: Job<DeliveryJobData>, token?: string): Promise<void> => {
    let event: ReceivedEvent;
    try {
      event = deliveryEvent(job);
    } catch (error) {
      return Promise.reject(error);
    }
    let handled: Promise<void>;
    try {
      handled = webhooks.receive(event);
    } catch (error) {
      handled = Promise.reject(error);
    }
    return new Promise<void>((resolve, reject) => {
      running.set(job, async () => {
        running.delete(job);
        await job.moveToWait(token);
        // Tells BullMQ the job left this worker: it neither completes nor fails it.
        reject(new WaitingError());
      });
      handled.then(
        () => {
          running.delete(job);
          resolve();
        },
        (error: unknown) => {
          running.delete(job);
          reject(error);
        },
      );
    });
  };

  const worker = new Worker<DeliveryJobData>(name, processor, {
    connection: options.connection,
    ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
    concurrency,
    ...timing,
  });
  reportEvents(worker, name, log);

  /** Closes the worker; past `timeout`, hands the jobs still running back to the queue first. */
  const shutDown = async (timeout: number | undefined): Promise<void> => {
    const closed = worker.close();
    if (timeout === undefined) return closed;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<true>((resolve) => {
      timer = setTimeout(() => resolve(true), timeout);
    });
    const timedOut = await Promise.race([closed.then(() => false), expired]);
    clearTimeout(timer);
    if (!timedOut) return;
    await Promise.all(
      [...running.values()].map((giveBack) =>
        giveBack().catch((error: unknown) =>
          log.error(
            `[typewire] delivery worker ${JSON.stringify(name)}: a running job could not be handed back at shutdown; it runs again once its lock expires`,
            error,
          ),
        ),
      ),
    );
    await closed;
  };
  let closing: Promise<void> | undefined;
  return {
    worker,
    close(closeOptions = {}) {
      const { timeout } = closeOptions;
      if (timeout !== undefined && !(typeof timeout === "number" && timeout >= 0)) {
        return Promise.reject(
          new TypeError(
            `[typewire] DeliveryWorker.close: options.timeout must be a number of milliseconds >= 0, got ${String(timeout)}`,
          ),
        );
      }
      if (closing === undefined) closing = shutDown(timeout);
      return closing;
    },
  };
}

/**
 * The event a job carries, its body parsed. A job that holds no delivery fails at once
 * (`UnrecoverableError`): no retry can mend it.
 */
function deliveryEvent(job: Job<DeliveryJobData>): ReceivedEvent {
  const event = readDeliveryJob(job.data);
  if (typeof event === "string") {
    throw new UnrecoverableError(`[typewire] job ${job.id} is not a webhook delivery: ${event}`);
  }
  try {
    return { id: event.id, name: event.name, payload: parsePayloadText(event.payload, event) };
  } catch (error) {
    throw new UnrecoverableError(
      `[typewire] job ${job.id} is not a webhook delivery: ${(error as Error).message}`,
    );
  }
}

/** Sends the worker's retries, final failures, stalls and Redis errors to the log. */
function reportEvents(worker: Worker<DeliveryJobData>, name: string, log: Logger): void {
  const prefix = `[typewire] delivery worker ${JSON.stringify(name)}`;
  worker.on("failed", (job, error) => {
    if (!job) return;
    const { id, name: event } = job.data;
    const attempts = job.opts.attempts ?? 1;
    const last = job.attemptsMade >= attempts || error instanceof UnrecoverableError;
    if (last) {
      log.error(
        `${prefix}: webhook ${event} (${id}) failed on attempt ${job.attemptsMade} of ${attempts}, kept in the failed jobs: ${describeCause(error)}`,
        withoutPayload(error),
      );
    } else {
      log.warn(
        `${prefix}: webhook ${event} (${id}) failed on attempt ${job.attemptsMade} of ${attempts}, will retry: ${describeCause(error)}`,
      );
    }
  });
  worker.on("stalled", (jobId) => {
    log.warn(`${prefix}: job ${jobId} lost its worker and goes back to the queue`);
  });
  // Reported once per outage: the connection repeats the same error on every reconnection.
  let lastError: string | undefined;
  worker.on("error", (error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    log.error(`${prefix}: ${error.message}`);
  });
  worker.on("completed", () => {
    lastError = undefined;
  });
}
