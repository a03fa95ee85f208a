import { DEFAULT_DEDUPE_WINDOW, type DedupeStore } from "./dedupe-store.js";

/**
 * The two commands the Redis store sends, in the shape of an `ioredis` client (`new Redis()`),
 * so any client with these methods works and the runtime depends on none.
 */
export interface RedisDedupeClient {
  set(
    key: string,
    value: string,
    mode: "PX",
    milliseconds: number,
    condition: "NX",
  ): Promise<unknown>;
  eval(script: string, numberOfKeys: number, key: string, token: string): Promise<unknown>;
}

/** Options of {@link createRedisDedupeStore}. */
export interface RedisDedupeStoreOptions {
  /** A connected client, such as `new Redis(process.env.REDIS_URL)` from `ioredis`. */
  redis: RedisDedupeClient;
  /** How long an accepted delivery id is remembered, in milliseconds. Default 24 hours. */
  window?: number;
  /** Key prefix; the key of a delivery is the prefix and its id. Default `typewire:delivery:`. */
  prefix?: string;
  /** Longest wait for Redis to answer a claim, in milliseconds. Default 2000. */
  timeout?: number;
}

export const DEFAULT_REDIS_DEDUPE_PREFIX = "typewire:delivery:";
export const DEFAULT_REDIS_DEDUPE_TIMEOUT = 2_000;

// Deletes a claim only if this store made it: never another receiver's claim of the same id.
const RELEASE_SCRIPT =
  'if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0';

/**
 * A dedupe store in Redis, shared by every receiver that uses the same Redis and prefix: one
 * `SET key token PX window NX` per delivery, which Redis runs atomically, so of two receivers
 * given copies of one delivery exactly one runs it. A claim that Redis does not answer within
 * `timeout` rejects (the middleware answers 503) and is taken back, in case Redis runs it late.
 *
 * @example
 * import { Redis } from "ioredis";
 * const dedupe = createRedisDedupeStore({ redis: new Redis(process.env.REDIS_URL!) });
 * createNodeMiddleware(webhooks, { accept: withDedupe(dedupe) });
 */
export function createRedisDedupeStore(options: RedisDedupeStoreOptions): DedupeStore {
  const redis = options?.redis;
  if (!redis || typeof redis.set !== "function" || typeof redis.eval !== "function") {
    throw new TypeError(
      "[typewire] createRedisDedupeStore: options.redis must be a Redis client with set() and eval(), such as new Redis() from ioredis",
    );
  }
  const window = options.window ?? DEFAULT_DEDUPE_WINDOW;
  if (!Number.isSafeInteger(window) || window < 1) {
    throw new TypeError(
      `[typewire] createRedisDedupeStore: options.window must be a whole number of milliseconds >= 1, got ${String(window)}`,
    );
  }
  const timeout = options.timeout ?? DEFAULT_REDIS_DEDUPE_TIMEOUT;
  if (!Number.isFinite(timeout) || timeout <= 0) {
    throw new TypeError(
      `[typewire] createRedisDedupeStore: options.timeout must be a number of milliseconds > 0, got ${String(timeout)}`,
    );
  }
  const prefix = options.prefix ?? DEFAULT_REDIS_DEDUPE_PREFIX;
  // Marks this store's claims, so release() deletes only those.
  const token = crypto.randomUUID();
  const release = (id: string) =>
    bounded(redis.eval(RELEASE_SCRIPT, 1, prefix + id, token), timeout, "release").then(
      () => undefined,
    );

  return {
    claim(id) {
      return bounded(redis.set(prefix + id, token, "PX", window, "NX"), timeout, "claim").then(
        (reply) => reply !== null,
        (error: unknown) => {
          // Commands on one connection run in order: a SET that Redis runs late (after the
          // timeout) is followed by this release, so the id is not left claimed by a delivery
          // that was answered 503.
          release(id).catch(() => undefined);
          throw error;
        },
      );
    },
    release,
  };
}

/** `promise`, or a rejection naming the command once `ms` pass without an answer. */
function bounded<T>(promise: Promise<T>, ms: number, command: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Redis did not answer the dedupe ${command} within ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
