/**
 * Where delivery ids accepted within the dedupe window are remembered. `verifyAndReceive`
 * (and the middleware, through it) claims a delivery's id after the delivery is verified and
 * its body parsed, and releases the claim when its handlers fail, so a redelivery of a failed
 * delivery runs again.
 *
 * The in-process store is `createMemoryDedupeStore`; `createRedisDedupeStore` shares the
 * claims between every receiver that uses the same Redis. Any object with these two methods
 * works, for example over a database table with a unique key.
 */
export interface DedupeStore {
  /**
   * Claims `id`: `true` when nobody claimed it within the window (the delivery runs), `false`
   * when it was (the delivery is a duplicate). Must be atomic across everything sharing the
   * store: of two concurrent claims of one id, exactly one gets `true`. A rejection (store
   * unreachable) makes the delivery fail with status 503, its handlers not run.
   */
  claim(id: string): boolean | Promise<boolean>;
  /** Forgets a claim, so the id can be claimed again (its handlers failed). */
  release(id: string): void | Promise<void>;
}

/** 24 hours, in milliseconds: how long a delivery id is remembered by default. */
export const DEFAULT_DEDUPE_WINDOW = 24 * 60 * 60 * 1000;
