import type { VerifyAndReceiveOptions, WebhookDelivery } from "../verify-and-receive.js";

/**
 * What the middleware needs from a `Webhooks` instance: `verifyAndReceive`, which checks the
 * signature over the raw body bytes, parses the payload and runs the handlers. Any object with
 * that method works, which keeps the adapters free of the event handler's generics. The
 * middleware's `accept` option reaches it as its second argument, so an
 * implementation other than `Webhooks` must honour them for those options to work.
 */
export interface MiddlewareWebhooks {
  verifyAndReceive(delivery: WebhookDelivery, options?: VerifyAndReceiveOptions): Promise<void>;
}
