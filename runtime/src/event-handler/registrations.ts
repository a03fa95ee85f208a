import type { EventHandlerState, StoredHandler } from "./types.js";

type Handlers = readonly StoredHandler[];

// "issues.opened" is stored under "issues", then "opened": event names never contain a dot, so
// everything after the first dot is the action (unknown names registered in warn mode included).
function split(name: string): [event: string, action: string | undefined] {
  const dot = name.indexOf(".");
  return dot < 0 ? [name, undefined] : [name.slice(0, dot), name.slice(dot + 1)];
}

/**
 * The handlers registered for a name or `event.action`, in registration order.
 *
 * @example
 * handlersFor(state, "issues.opened"); // [] when none
 */
export function handlersFor(state: EventHandlerState, name: string): Handlers {
  const [event, action] = split(name);
  const entry = state.named.get(event);
  if (entry === undefined) return [];
  return action === undefined ? entry.handlers : (entry.actions.get(action) ?? []);
}

/**
 * Replaces the handlers registered for a name or `event.action`, dropping empty entries so
 * `receive` finds nothing to iterate for names without handlers.
 *
 * @example
 * setHandlersFor(state, "push", [...handlersFor(state, "push"), handler]);
 */
export function setHandlersFor(state: EventHandlerState, name: string, handlers: Handlers): void {
  const [event, action] = split(name);
  let entry = state.named.get(event);
  if (entry === undefined) {
    entry = { handlers: [], actions: new Map() };
    state.named.set(event, entry);
  }
  if (action === undefined) entry.handlers = handlers;
  else if (handlers.length === 0) entry.actions.delete(action);
  else entry.actions.set(action, handlers);
  if (entry.handlers.length === 0 && entry.actions.size === 0) state.named.delete(event);
}
