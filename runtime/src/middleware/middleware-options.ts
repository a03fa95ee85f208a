import type { DeliveryStep } from "../delivery-queue.js";
import { type Logger, createLogger } from "../logger.js";
import { type VerifyAndReceiveOptions, checkStep } from "../verify-and-receive.js";
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
   * What happens to a verified delivery instead of running its handlers right away (see
   * `verifyAndReceive`): `withDedupe(store)` answers a delivery id accepted within the store's
   * window with 208 and runs no handler; `toQueue(queue)` (durable mode) stores each delivery
   * for workers and answers 202 once it is stored, 503 when it cannot be, and `timeout` does not
   * apply then; `withDedupe(store, toQueue(queue))` does both. Default: none.
   */
  accept?: DeliveryStep | undefined;
}

/**
 * Starts and stops the timer of one request's deadline. The node middleware keeps one timer for
 * all its requests (`createDeadlineList`); the web middleware one `setTimeout` per request.
 */
export interface Deadlines<T> {
  /** Starts counting `timeout` milliseconds for a request. */
  add(expire: () => void): T;
  /** The handlers finished in time: forget the deadline. */
  remove(deadline: T): void;
}

/** Options after defaults and validation; built once per middleware, never per request. */
export interface ResolvedOptions {
  path: string;
  log: Logger;
  timeout: number;
  maxBodySize: number;
  deadlines: Deadlines<unknown>;
  /** Passed to every `verifyAndReceive`; `undefined` when no step is given. */
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
 * resolveOptions(webhooks, { path: "/hooks" }, createDeadlineList).path; // "/hooks"
 */
export function resolveOptions<T>(
  webhooks: MiddlewareWebhooks,
  options: MiddlewareOptions = {},
  deadlines: (timeout: number) => Deadlines<T>,
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
  const step = checkStep("middleware", options);
  return {
    path: trimPath(path),
    log: createLogger(options.log),
    timeout,
    maxBodySize,
    deadlines: deadlines(timeout),
    receiveOptions: step ? { accept: step } : undefined,
    queued: step?.durable === true,
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
