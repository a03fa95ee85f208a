import type { RawWebhookEvent } from "./event-handler/types.js";

/**
 * A verified delivery that could not be taken in because a service it needs did not answer:
 * the dedupe store or the delivery queue. `status` is `503`, so the platform records the
 * delivery as failed (and it can be redelivered) instead of it vanishing; `cause` is the
 * underlying error.
 *
 * @example
 * if (error instanceof WebhookUnavailableError) respond(error.status, error.message); // 503
 */
export class WebhookUnavailableError extends Error {
  readonly status = 503;
  readonly event: RawWebhookEvent;

  constructor(message: string, event: RawWebhookEvent, options?: ErrorOptions) {
    super(`[typewire] ${message}`, options);
    this.name = "WebhookUnavailableError";
    this.event = event;
  }
}
