import type { RawWebhookEvent } from "../event-handler/types.js";

/**
 * A verified delivery whose id was already accepted within the dedupe window: its handlers
 * did not run again. Not a failure, so `onError` handlers are not called. `status` is `208`
 * (Already Reported), what the middleware answers: a 2xx, so the platform records the copy as
 * delivered (which it was, the first time) and nobody redelivers it again.
 *
 * @example
 * try { await webhooks.verifyAndReceive(delivery, { accept: withDedupe(store) }); }
 * catch (error) { if (error instanceof WebhookDuplicateError) return respond(208); throw error; }
 */
export class WebhookDuplicateError extends Error {
  readonly status = 208;
  readonly event: RawWebhookEvent;

  constructor(event: RawWebhookEvent) {
    super(
      `[typewire] delivery ${JSON.stringify(event.id)} was already accepted within the dedupe window; its handlers did not run again`,
    );
    this.name = "WebhookDuplicateError";
    this.event = event;
  }
}
