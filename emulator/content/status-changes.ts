import type { ElementRecord } from "./element-record.js";

/**
 * The moments at which some entry's status changes with the clock alone: every post date
 * (`pending` becomes `live`) and expiry date (`live` becomes `expired`), as epoch milliseconds,
 * sorted and without repeats. Between two of them every time-dependent answer stays the same.
 *
 * @example
 * const changes = statusChanges(index.byKind.entry);
 */
export function statusChanges(entries: readonly ElementRecord[]): number[] {
  const times = new Set<number>();
  for (const entry of entries) {
    if (entry.postDate) times.add(entry.postDate.getTime());
    if (entry.expiryDate) times.add(entry.expiryDate.getTime());
  }
  return [...times].sort((a, b) => a - b);
}

/**
 * The first status change after `now`, or null when none is left: the end of the period in which
 * cached answers stay right.
 *
 * @example
 * nextStatusChange(index.statusChanges, new Date()); // 1893920400000, say
 */
export function nextStatusChange(changes: readonly number[], now: Date): number | null {
  const time = now.getTime();
  let low = 0;
  let high = changes.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (changes[mid]! <= time) low = mid + 1;
    else high = mid;
  }
  return changes[low] ?? null;
}
