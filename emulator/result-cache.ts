/**
 * The query result cache: whole response bodies keyed by schema, query text, variables and
 * operation name. The spec's invalidation rule is all-or-nothing, so a content change calls
 * {@link ResultCache.clear}. Answers also depend on the clock (an entry is pending before its post
 * date, expired after its expiry date), so each request names the period it falls in through
 * {@link ResultCache.enter}, and the cache empties when the period changes. Entries are bounded so
 * a stream of distinct queries cannot grow memory without limit; the oldest entry goes first.
 *
 * @example
 * const cache = new ResultCache(1000);
 * cache.enter(nextStatusChange(index.statusChanges, now));
 * const key = ResultCache.key("public", "{ping}", undefined, undefined);
 * cache.get(key) ?? cache.set(key, body);
 */
export class ResultCache {
  readonly #entries = new Map<string, string>();
  readonly #maxEntries: number;
  /** The end of the period the cached answers belong to; undefined before the first request. */
  #period: number | null | undefined;

  constructor(maxEntries = 1000) {
    this.#maxEntries = maxEntries;
  }

  static key(
    schema: string,
    query: string,
    variables: unknown,
    operationName: string | undefined,
  ): string {
    return JSON.stringify([schema, query, variables ?? null, operationName ?? null]);
  }

  get(key: string): string | undefined {
    return this.#entries.get(key);
  }

  /** Keeps an answer; one computed for another period than the current one is dropped. */
  set(key: string, body: string, period?: number | null): void {
    if (period !== undefined && this.#period !== undefined && period !== this.#period) return;
    if (this.#entries.size >= this.#maxEntries && !this.#entries.has(key)) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, body);
  }

  /**
   * Says which period of the clock the next answers belong to, named by when it ends (the next
   * status change, or null when none is left). Entering another period than the cached answers'
   * clears them: a post or expiry date has passed since (or the clock was set back).
   */
  enter(period: number | null): void {
    if (period === this.#period) return;
    if (this.#period !== undefined) this.#entries.clear();
    this.#period = period;
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
