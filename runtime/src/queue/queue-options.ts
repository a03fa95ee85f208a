/// <reference types="node" />
import type { ConnectionOptions } from "bullmq";

/** Where the deliveries are kept: the same for the receivers and the workers of one app. */
export interface DeliveryQueueConnection {
  /**
   * The Redis server: options such as `{ host, port, password, tls, db }` or `{ url }`, or a
   * client instance (`new Redis(...)` from `ioredis`), as BullMQ takes them.
   */
  connection: ConnectionOptions;
  /** The queue's name. Default `webhook-deliveries`. */
  name?: string | undefined;
  /** Prefix of every Redis key of the queue. Default `bull`, BullMQ's own. */
  prefix?: string | undefined;
}

export const DEFAULT_QUEUE_NAME = "webhook-deliveries";

/**
 * Checks the options shared by the queue and the worker. Throws a `TypeError` naming the bad
 * option; `caller` is the function named in the message.
 *
 * @example
 * checkConnection("createDeliveryQueue", { connection: { host: "127.0.0.1", port: 6379 } }); // "webhook-deliveries"
 */
export function checkConnection(caller: string, options: DeliveryQueueConnection): string {
  if (options === null || typeof options !== "object") {
    throw new TypeError(`[typewire] ${caller}: expected options { connection, ... }`);
  }
  if (options.connection === null || typeof options.connection !== "object") {
    throw new TypeError(
      `[typewire] ${caller}: options.connection is required: Redis options such as { host: "127.0.0.1", port: 6379 }, or a client instance`,
    );
  }
  const name = options.name ?? DEFAULT_QUEUE_NAME;
  if (typeof name !== "string" || name === "" || name.includes(":")) {
    throw new TypeError(
      `[typewire] ${caller}: options.name must be a non-empty string without ":", got ${JSON.stringify(name)}`,
    );
  }
  if (
    options.prefix !== undefined &&
    (typeof options.prefix !== "string" || options.prefix === "")
  ) {
    throw new TypeError(`[typewire] ${caller}: options.prefix must be a non-empty string`);
  }
  return name;
}

/**
 * Checks that an option is a whole number of at least `min` (or `undefined`), naming it when not.
 *
 * @example
 * wholeNumber("createDeliveryQueue", "attempts", 5, 1); // 5
 */
export function wholeNumber(caller: string, option: string, value: unknown, min: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) {
    throw new TypeError(
      `[typewire] ${caller}: options.${option} must be a whole number >= ${min}, got ${String(value)}`,
    );
  }
  return value;
}

/**
 * Options BullMQ gets for a connection: a plain options object is copied with `overrides`
 * under the user's own settings; a client instance is passed as it is.
 *
 * @example
 * withDefaults({ host: "127.0.0.1" }, { enableOfflineQueue: false }); // { enableOfflineQueue: false, host: "127.0.0.1" }
 */
export function withDefaults(
  connection: ConnectionOptions,
  overrides: Record<string, unknown>,
): ConnectionOptions {
  const prototype = Object.getPrototypeOf(connection);
  if (prototype !== Object.prototype && prototype !== null) return connection;
  return { ...overrides, ...connection };
}
