import { DEFAULT_DEDUPE_WINDOW, type DedupeStore } from "./dedupe-store.js";

/** Options of {@link createMemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /** How long an accepted delivery id is remembered, in milliseconds. Default 24 hours. */
  window?: number;
  /**
   * The most ids remembered at once. Default 100,000. When full, the oldest id is forgotten
   * first, before its window ends: a copy of it would then run again.
   */
  maxSize?: number;
}

/** The in-process store: a {@link DedupeStore} that can also say how many ids it holds. */
export interface MemoryDedupeStore extends DedupeStore {
  claim(id: string): boolean;
  release(id: string): void;
  /** How many ids are remembered now (expired ones are dropped on the next claim). */
  readonly size: number;
}

export const DEFAULT_DEDUPE_MAX_SIZE = 100_000;

/**
 * A dedupe store in this process's memory, for one receiver (several receivers behind a load
 * balancer need a shared store such as `createRedisDedupeStore`). Every id gets the same
 * window, so ids expire in the order they were claimed: a `Map` in insertion order is already
 * sorted by expiry, and each claim drops the expired ids at its front. No timer, constant
 * time per claim, and never more than `maxSize` ids.
 *
 * @example
 * const dedupe = createMemoryDedupeStore({ window: 60 * 60 * 1000 });
 * dedupe.claim("72d3162e"); // true
 * dedupe.claim("72d3162e"); // false: a duplicate
 */
export function createMemoryDedupeStore(options: MemoryDedupeStoreOptions = {}): MemoryDedupeStore {
  const window = options.window ?? DEFAULT_DEDUPE_WINDOW;
  if (typeof window !== "number" || !(window > 0) || window === Number.POSITIVE_INFINITY) {
    throw new TypeError(
      `[typewire] createMemoryDedupeStore: options.window must be a number of milliseconds > 0, got ${String(window)}`,
    );
  }
  const maxSize = options.maxSize ?? DEFAULT_DEDUPE_MAX_SIZE;
  if (!Number.isSafeInteger(maxSize) || maxSize < 1) {
    throw new TypeError(
      `[typewire] createMemoryDedupeStore: options.maxSize must be a whole number >= 1, got ${String(maxSize)}`,
    );
  }
  // id -> time its window ends; insertion order is expiry order.
  const expiries = new Map<string, number>();
  return {
    claim(id) {
      const now = Date.now();
      for (const [oldest, end] of expiries) {
        if (end > now) break;
        expiries.delete(oldest);
      }
      if (expiries.has(id)) return false;
      if (expiries.size >= maxSize) expiries.delete(expiries.keys().next().value as string);
      expiries.set(id, now + window);
      return true;
    },
    release(id) {
      expiries.delete(id);
    },
    get size() {
      return expiries.size;
    },
  };
}
