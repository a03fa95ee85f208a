import { assertHandler } from "./assert-handler.js";
import { handlersFor, setHandlersFor } from "./registrations.js";
import type { EventHandlerState, StoredHandler } from "./types.js";

/**
 * Registers `handler` for one event name or `event.action` combination, or for each of a list.
 * Names are checked against the state's event table in `warn` mode: an unknown name is logged
 * and still registered; `"*"` and `"error"` throw, pointing to `onAny` and `onError`.
 *
 * @example
 * on(state, ["issues.opened", "issues.reopened"], async ({ payload }) => triage(payload));
 */
export function on(
  state: EventHandlerState,
  nameOrNames: string | readonly string[],
  handler: StoredHandler,
): void {
  assertHandler("on", handler);
  const names = typeof nameOrNames === "string" ? [nameOrNames] : nameOrNames;
  if (!Array.isArray(names)) {
    throw new TypeError(
      "[typewire] on: the first argument must be an event name or an array of event names",
    );
  }
  // Check every name before registering any, so a bad entry does not leave half the list set.
  const { validateEventName } = state.table;
  for (const name of names) validateEventName(name, { onUnknownEventName: "warn", log: state.log });
  for (const name of names) {
    setHandlersFor(state, name, [...handlersFor(state, name), handler]);
  }
}
