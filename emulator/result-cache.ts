/** Defaults: how many answers the cache keeps, and how many bytes of keys and answers. */
export const CACHE_DEFAULTS = { maxEntries: 1000, maxBytes: 64 * 1024 * 1024 } as const;

/**
 * The query result cache: whole response bodies keyed by schema, query text, variables and
 * operation name. The spec's invalidation rule is all-or-nothing, so a content change calls
 * {@link ResultCache.clear}. Answers also depend on the clock (an entry is pending before its post
 * date, expired after its expiry date), so each request names the period it falls in through
 * {@link ResultCache.enter}, and the cache empties when the period changes. It is bounded both in
 * entries and in bytes (keys and answers, as UTF-8), so a stream of distinct queries, however
 * large their answers, cannot grow memory without limit: the oldest entries go first, and an
 * answer larger than the whole cache is not kept.
 *
 * @example
 * const cache = new ResultCache({ maxEntries: 1000, maxBytes: 64 << 20 });
 * cache.enter(nextStatusChange(index.statusChanges, now));
 * const key = ResultCache.key("public", "{ping}", undefined, undefined);
 * cache.get(key) ?? cache.set(key, body);
 */
export class ResultCache {
  readonly #entries = new Map<string, { body: string; bytes: number }>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;
  /** The end of the period the cached answers belong to; undefined before the first request. */
  #period: number | null | undefined;

  constructor(limits: { maxEntries?: number; maxBytes?: number } = {}) {
    this.#maxEntries = limits.maxEntries ?? CACHE_DEFAULTS.maxEntries;
    this.#maxBytes = limits.maxBytes ?? CACHE_DEFAULTS.maxBytes;
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
    return this.#entries.get(key)?.body;
  }

  /** Keeps an answer; one computed for another period than the current one is dropped. */
  set(key: string, body: string, period?: number | null): void {
    if (period !== undefined && this.#period !== undefined && period !== this.#period) return;
    const bytes = Buffer.byteLength(key) + Buffer.byteLength(body);
    if (bytes > this.#maxBytes) {
      this.#delete(key);
      return;
    }
    const old = this.#entries.get(key);
    // A new answer for a key already kept replaces it where it stands, oldest or not.
    if (old !== undefined) this.#bytes -= old.bytes;
    else while (this.#entries.size >= this.#maxEntries) this.#deleteOldest();
    this.#entries.set(key, { body, bytes });
    this.#bytes += bytes;
    while (this.#bytes > this.#maxBytes) this.#deleteOldest();
  }

  /**
   * Says which period of the clock the next answers belong to, named by when it ends (the next
   * status change, or null when none is left). Entering another period than the cached answers'
   * clears them: a post or expiry date has passed since (or the clock was set back).
   */
  enter(period: number | null): void {
    if (period === this.#period) return;
    if (this.#period !== undefined) this.clear();
    this.#period = period;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes the cached keys and answers take, counted as UTF-8. */
  get bytes(): number {
    return this.#bytes;
  }

  #deleteOldest(): void {
    const oldest = this.#entries.keys().next();
    if (!oldest.done) this.#delete(oldest.value);
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
