import type { RawWebhookEvent } from "./event-handler/types.js";

/**
 * A delivery the sender got wrong: a missing or non-matching signature, a missing event name,
 * or a body that is not a JSON object. `status` is always `400`, the HTTP status the middleware
 * answers with; `event` is the delivery as received, its payload unparsed.
 *
 * @example
 * try { await webhooks.verifyAndReceive(delivery); }
 * catch (error) { if (error instanceof WebhookRequestError) respond(error.status, error.message); }
 */
export class WebhookRequestError extends Error {
  readonly status = 400;
  readonly event: RawWebhookEvent;

  constructor(message: string, event: RawWebhookEvent, options?: ErrorOptions) {
    super(`[typewire] ${message}`, options);
    this.name = "WebhookRequestError";
    this.event = event;
  }
}
