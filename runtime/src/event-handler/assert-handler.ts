/**
 * Throws a `TypeError` naming the method when `handler` is not a function.
 *
 * @example
 * assertHandler("onAny", undefined); // throws: [typewire] onAny: handler must be a function ...
 */
export function assertHandler(method: string, handler: unknown): void {
  if (typeof handler !== "function") {
    throw new TypeError(
      `[typewire] ${method}: handler must be a function, got ${handler === null ? "null" : typeof handler}`,
    );
  }
}
