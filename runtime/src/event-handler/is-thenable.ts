/**
 * True for promises and promise-like values (anything with a callable `then`).
 *
 * @example
 * isThenable(Promise.resolve()); // true
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
