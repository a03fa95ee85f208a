import { assertHandler } from "./assert-handler.js";
import { handlersFor, setHandlersFor } from "./registrations.js";
import type { EventHandlerState } from "./types.js";

/**
 * Removes the most recent registration of `handler` for each given name (`"*"` for `onAny`,
 * `"error"` for `onError`). Earlier registrations of the same function stay; a name the handler
 * is not registered for is left alone.
 *
 * @example
 * removeListener(state, ["issues.opened", "*"], handler);
 */
export function removeListener(
  state: EventHandlerState,
  nameOrNames: string | readonly string[],
  handler: (event: never) => unknown,
): void {
  assertHandler("removeListener", handler);
  const names = typeof nameOrNames === "string" ? [nameOrNames] : nameOrNames;
  for (const name of names) {
    if (name === "*") state.any = without(state.any, handler);
    else if (name === "error") state.error = without(state.error, handler);
    else setHandlersFor(state, name, without(handlersFor(state, name), handler));
  }
}

function without<T>(list: readonly T[], item: unknown): readonly T[] {
  const index = list.lastIndexOf(item as T);
  return index < 0 ? list : [...list.slice(0, index), ...list.slice(index + 1)];
}
