import type { RawWebhookEvent, WebhookEventHandlerError } from "./types.js";

/**
 * Attaches the event being handled to a caught error as `.event`. A thrown non-object, or a
 * frozen error, is wrapped in an `Error` whose `cause` is the original, so nothing is lost.
 *
 * @example
 * withEvent(new Error("boom"), event).event === event; // true
 */
export function withEvent(error: unknown, event: RawWebhookEvent): WebhookEventHandlerError {
  if (error instanceof Error && Object.isExtensible(error)) {
    (error as WebhookEventHandlerError).event = event as WebhookEventHandlerError["event"];
    return error as WebhookEventHandlerError;
  }
  const wrapper = new Error(
    `[typewire] a handler for "${event.name}" threw ${error instanceof Error ? error.message : String(error)}`,
    { cause: error },
  ) as WebhookEventHandlerError;
  wrapper.event = event as WebhookEventHandlerError["event"];
  return wrapper;
}
