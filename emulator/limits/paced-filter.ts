import type { RequestBudget } from "./request-budget.js";

/**
 * Keeps what `keep` returns for each item (undefined drops it), in order, taking turns from the
 * request's budget as it goes: synchronously while the request's slice lasts (so a small list
 * costs no promise at all), then one slice per turn of the event loop. An element query tests
 * every candidate against arguments that may be a megabyte long, so one query over a large site
 * could otherwise hold the process for seconds; this way other requests are answered between
 * its slices, and a request past its time stops here.
 *
 * @example
 * const kept = pacedFilter(records, (r) => (test(r) ? r : undefined), context.budget);
 * const list = kept instanceof Promise ? await kept : kept;
 */
export function pacedFilter<T, R>(
  items: readonly T[],
  keep: (item: T) => R | undefined,
  budget: RequestBudget,
): R[] | Promise<R[]> {
  const kept: R[] = [];
  const run = (from: number): R[] | Promise<R[]> => {
    for (let i = from; i < items.length; i++) {
      const wait = budget.turn();
      if (wait) return wait.then(() => run(i));
      const result = keep(items[i]!);
      if (result !== undefined) kept.push(result);
    }
    return kept;
  };
  return run(0);
}
