import { Dispatch } from "./dispatch.js";
import type { WebhookEvent } from "./event-table.js";
import type { EventHandlerState, ReceivedEvent } from "./types.js";

/**
 * Dispatches one event. Matching handlers start at once, in this order: those for
 * `name.action` (when the payload has a string `action`), those for `name` (both given the
 * `transform` result when a transform is set), then `onAny` handlers; then it waits for all.
 * Resolves with no value, or rejects with an `AggregateError` whose `.errors` holds every
 * caught error, each with `.event`; each failure is also sent to the `onError` handlers.
 * An event without an `id` is given `id: ""`.
 *
 * @example
 * await receive(state, { id: "123", name: "issues", payload: { action: "opened" } });
 */
export function receive(state: EventHandlerState, received: ReceivedEvent): Promise<void> {
  const problem = describeProblem(received);
  if (problem !== undefined) return Promise.reject(new TypeError(`[typewire] receive: ${problem}`));
  const event = (
    typeof received.id === "string"
      ? received
      : { id: "", name: received.name, payload: received.payload }
  ) as WebhookEvent;
  const dispatch = new Dispatch(state, event);
  const entry = state.named.get(event.name);
  if (entry !== undefined) {
    const action = (event.payload as { action?: unknown }).action;
    const forAction = typeof action === "string" ? entry.actions.get(action) : undefined;
    const forName = entry.handlers;
    if (state.transform === undefined) {
      dispatch.runAll(forAction, event);
      dispatch.runAll(forName, event);
    } else if (forAction !== undefined || forName.length > 0) {
      dispatch.runTransformed(state.transform, forAction, forName);
    }
  }
  dispatch.runAll(state.any, event);
  return dispatch.finish();
}

function describeProblem(event: ReceivedEvent): string | undefined {
  if (event === null || typeof event !== "object") return "expected an event { id, name, payload }";
  if (typeof event.name !== "string" || event.name === "") {
    return 'event.name is required (a non-empty string such as "issues")';
  }
  const { payload } = event;
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    return "event.payload must be the parsed payload object";
  }
  return undefined;
}
