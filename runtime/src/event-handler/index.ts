/** `@typewire/runtime/event-handler`: registration and dispatch of events, without a secret. */
export { createEventHandler, type EventHandler } from "./create-event-handler.js";
export type {
  AnyEventHandlerFunction,
  ErrorHandlerFunction,
  EventHandlerFunction,
  EventHandlerOptions,
  HandlerEvent,
  RawWebhookEvent,
  ReceivedEvent,
  Untransformed,
  WebhookEventHandlerError,
} from "./types.js";
export type { Logger } from "../logger.js";
