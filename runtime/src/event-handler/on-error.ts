import { assertHandler } from "./assert-handler.js";
import type { EventHandlerState, HandlerError } from "./types.js";

/**
 * Registers `handler` for every handler failure (the `"error"` registration), and for failed
 * signature checks in `verifyAndReceive`. It gets the error with `.event` set; its result is not
 * awaited, so a slow error handler never delays `receive`.
 *
 * @example
 * onError(state, (error) => report(error, { delivery: error.event.id }));
 */
export function onError(state: EventHandlerState, handler: (error: HandlerError) => unknown): void {
  assertHandler("onError", handler);
  state.error = [...state.error, handler];
}
