import { assertHandler } from "./assert-handler.js";
import type { EventHandlerState, StoredHandler } from "./types.js";

/**
 * Registers `handler` for every received event (the `"*"` registration). It gets the event as
 * received, never the `transform` result.
 *
 * @example
 * onAny(state, ({ id, name }) => log.info(`delivery ${id}: ${name}`));
 */
export function onAny(state: EventHandlerState, handler: StoredHandler): void {
  assertHandler("onAny", handler);
  state.any = [...state.any, handler];
}
