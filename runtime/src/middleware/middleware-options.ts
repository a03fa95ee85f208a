import type { DedupeStore } from "../dedupe/dedupe-store.js";
import type { DeliveryQueue } from "../delivery-queue.js";
import { type Logger, createLogger } from "../logger.js";
import type { VerifyAndReceiveOptions } from "../verify-and-receive.js";
import { type DeadlineList, createDeadlineList } from "./deadline-list.js";
import type { MiddlewareWebhooks } from "./middleware-webhooks.js";

/** Options shared by `createNodeMiddleware` and `createWebMiddleware`. */
export interface MiddlewareOptions {
  /** Path the platform posts to. Default `/api/platform/webhooks`. */
  path?: string;
  /** Logger for refused deliveries and failures; `debug`/`info` default to no-ops, `warn`/`error` to the console. */
  log?: Partial<Logger>;
  /** Milliseconds to wait for handlers before answering 202. Default 9000. */
  timeout?: number;
  /** Largest accepted body in bytes. Default 25 MB, the platform's own cap. */
  maxBodySize?: number;
  /**
   * Node middleware: the most bytes of request bodies it holds at once while they arrive, over
   * all connections. A chunk that would pass it refuses its delivery with 503 (the connection
   * closes, the bytes held for it are dropped), so slow or endless bodies on many connections
   * cannot make the receiver hold more than this. Default 100 MB: four bodies of the
   * platform's maximum size at once.
   */
  maxBodyBytesInFlight?: number;
  /**
   * Refuses a delivery id accepted within the store's window with 208 and runs no handler
   * (see `verifyAndReceive`). `createMemoryDedupeStore()` for one receiver,
   * `createRedisDedupeStore()` for several. Default: off.
   */
  dedupe?: DedupeStore | undefined;
  /**
   * Durable mode: stores each verified delivery in this queue (`createDeliveryQueue()` from
   * `@typewire/runtime/queue`) and answers 202 once it is stored, 503 when it cannot be;
   * workers run the handlers. `timeout` does not apply then. Default: off.
   */
  queue?: DeliveryQueue | undefined;
}

/** Options after defaults and validation; built once per middleware, never per request. */
export interface ResolvedOptions {
  path: string;
  log: Logger;
  timeout: number;
  maxBodySize: number;
  maxBodyBytesInFlight: number;
  deadlines: DeadlineList;
  /** Passed to every `verifyAndReceive`; `undefined` when neither option is set. */
  receiveOptions: VerifyAndReceiveOptions | undefined;
  /** Durable mode: answer 202 once queued, with no deadline. */
  queued: boolean;
}

export const DEFAULT_PATH = "/api/platform/webhooks";
export const DEFAULT_TIMEOUT = 9_000;
export const DEFAULT_MAX_BODY_SIZE = 25 * 1024 * 1024;
export const DEFAULT_MAX_BODY_BYTES_IN_FLIGHT = 4 * DEFAULT_MAX_BODY_SIZE;

/**
 * Validates and fills in middleware options. Throws a `TypeError` naming the bad option.
 *
 * @example
 * resolveOptions(webhooks, { path: "/hooks" }).path; // "/hooks"
 */
export function resolveOptions(
  webhooks: MiddlewareWebhooks,
  options: MiddlewareOptions = {},
): ResolvedOptions {
  if (!webhooks || typeof webhooks.verifyAndReceive !== "function") {
    throw new TypeError("[typewire] middleware: the first argument must be a Webhooks instance");
  }
  const path = options.path ?? DEFAULT_PATH;
  if (typeof path !== "string" || !path.startsWith("/")) {
    throw new TypeError(
      `[typewire] middleware: options.path must start with "/", got ${JSON.stringify(path)}`,
    );
  }
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  if (!Number.isFinite(timeout) || timeout < 0) {
    throw new TypeError(
      `[typewire] middleware: options.timeout must be a number of milliseconds >= 0, got ${timeout}`,
    );
  }
  const maxBodySize = options.maxBodySize ?? DEFAULT_MAX_BODY_SIZE;
  if (!Number.isSafeInteger(maxBodySize) || maxBodySize < 0) {
    throw new TypeError(
      `[typewire] middleware: options.maxBodySize must be a whole number of bytes, got ${maxBodySize}`,
    );
  }
  const maxBodyBytesInFlight = options.maxBodyBytesInFlight ?? DEFAULT_MAX_BODY_BYTES_IN_FLIGHT;
  if (!Number.isSafeInteger(maxBodyBytesInFlight) || maxBodyBytesInFlight < 0) {
    throw new TypeError(
      `[typewire] middleware: options.maxBodyBytesInFlight must be a whole number of bytes, got ${maxBodyBytesInFlight}`,
    );
  }
  const { dedupe, queue } = options;
  if (
    dedupe !== undefined &&
    (dedupe === null || typeof dedupe.claim !== "function" || typeof dedupe.release !== "function")
  ) {
    throw new TypeError(
      "[typewire] middleware: options.dedupe must be a dedupe store with claim() and release(), such as createMemoryDedupeStore()",
    );
  }
  if (queue !== undefined && (queue === null || typeof queue.enqueue !== "function")) {
    throw new TypeError(
      "[typewire] middleware: options.queue must be a delivery queue with enqueue(), such as createDeliveryQueue() from @typewire/runtime/queue",
    );
  }
  return {
    path: trimPath(path),
    log: createLogger(options.log),
    timeout,
    maxBodySize,
    maxBodyBytesInFlight,
    deadlines: createDeadlineList(timeout),
    receiveOptions: dedupe || queue ? { dedupe, queue } : undefined,
    queued: queue !== undefined,
  };
}

/**
 * Drops trailing slashes, keeping the root path `/`.
 *
 * @example
 * trimPath("/hooks//"); // "/hooks"
 */
export function trimPath(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47) end--;
  return end === path.length ? path : path.slice(0, end);
}
