export {
  type EmitterWebhookEvent,
  type EmitterWebhookEventMap,
  type EmitterWebhookEventName,
  type EmitterWebhookNameMap,
  type EmitterWebhookPayloadMap,
  type UnknownEventNameMode,
  type ValidateEventNameOptions,
  emitterEventNames,
  validateEventName,
} from "../generated/webhooks/index.js";
export * from "../event-handler/index.js";
export { createLogger } from "../logger.js";
export { type SecretOrSecrets, sign, verify } from "../signature/index.js";
export * from "../dedupe/index.js";
export {
  type DeliveryQueue,
  type DeliveryStep,
  type VerifiedDelivery,
  toQueue,
} from "../delivery-queue.js";
export type { VerifyAndReceiveOptions, WebhookDelivery } from "../verify-and-receive.js";
export { WebhookRequestError } from "../webhook-request-error.js";
export { WebhookUnavailableError } from "../webhook-unavailable-error.js";
export { Webhooks, type WebhooksOptions } from "../webhooks.js";
