import { describeThrown } from "./describe-thrown.js";
import type { HandlerError, RawWebhookEvent } from "./types.js";

/**
 * Attaches the event being handled to a caught error as `.event`. Anything that cannot carry it
 * safely (a thrown non-error, a frozen error, an error whose `message` cannot be read or whose
 * `event` cannot be set, a Proxy) is wrapped in an `Error` whose `cause` is the original, so
 * nothing is lost and what `onError` handlers and the middleware read never throws.
 *
 * @example
 * withEvent(new Error("boom"), event).event === event; // true
 */
export function withEvent(error: unknown, event: RawWebhookEvent): HandlerError {
  try {
    if (error instanceof Error && Object.isExtensible(error) && typeof error.message === "string") {
      const tagged = error as HandlerError;
      tagged.event = event;
      if (tagged.event === event) return tagged;
    }
  } catch {
    // A getter, setter or Proxy trap that throws: wrap the value instead of tagging it.
  }
  const wrapper = new Error(
    `[typewire] a handler for "${event.name}" threw ${describeThrown(error)}`,
    { cause: error },
  ) as HandlerError;
  wrapper.event = event;
  return wrapper;
}
