/**
 * The query result cache: whole response bodies keyed by schema, query text, variables and
 * operation name. The spec's invalidation rule is all-or-nothing, so a content change calls
 * {@link ResultCache.clear}. Entries are bounded so a stream of distinct queries cannot grow memory
 * without limit; the oldest entry goes first.
 *
 * @example
 * const cache = new ResultCache(1000);
 * const key = ResultCache.key("public", "{ping}", undefined, undefined);
 * cache.get(key) ?? cache.set(key, body);
 */
export class ResultCache {
  readonly #entries = new Map<string, string>();
  readonly #maxEntries: number;

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

  set(key: string, body: string): void {
    if (this.#entries.size >= this.#maxEntries && !this.#entries.has(key)) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, body);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
