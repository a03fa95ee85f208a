export {
  type EmitterWebhookEvent,
  type EmitterWebhookEventMap,
  type EmitterWebhookEventName,
  type UnknownEventNameMode,
  type ValidateEventNameOptions,
  emitterEventNames,
  validateEventName,
} from "../../../output/webhooks/index.js";
