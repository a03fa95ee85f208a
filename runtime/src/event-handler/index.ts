/** `@typewire/runtime/event-handler`: registration and dispatch of events, without a secret. */
export { createEventHandler, type EventHandler } from "./create-event-handler.js";
export {
  type AnyEventOf,
  type EventNameOf,
  type PlatformEventMap,
  platformEventTable,
  type WebhookEvent,
  type WebhookEventMap,
  type WebhookEventTable,
} from "./event-table.js";
export type {
  AnyEventHandlerFunction,
  ErrorHandlerFunction,
  EventHandlerFunction,
  EventHandlerOptions,
  HandlerEvent,
  ListenerName,
  RawWebhookEvent,
  ReceivedEvent,
  Untransformed,
  WebhookEventHandlerError,
} from "./types.js";
export type { Logger } from "../logger.js";
