import type {
  EmitterWebhookEvent,
  EmitterWebhookEventName,
} from "../../../output/webhooks/index.js";
import type { Logger } from "../logger.js";

declare const untransformed: unique symbol;

/**
 * Marks "no `transform` option": `on` handlers then receive `EmitterWebhookEvent<TName>`,
 * narrowed by the name they were registered for.
 */
export type Untransformed = typeof untransformed;

/** What an `on` handler receives: the narrowed event, or the transform's result when one is set. */
export type HandlerEvent<TName extends EmitterWebhookEventName, TTransformed> = [
  TTransformed,
] extends [Untransformed]
  ? EmitterWebhookEvent<TName>
  : TTransformed;

/** A handler registered with `on`. May be async; a throw or rejection is reported, not fatal. */
export type EventHandlerFunction<TName extends EmitterWebhookEventName, TTransformed> = (
  event: HandlerEvent<TName, TTransformed>,
) => unknown;

/** A handler registered with `onAny`: every event, never transformed. */
export type AnyEventHandlerFunction = (event: EmitterWebhookEvent) => unknown;

/** A handler registered with `onError`. Its result is not awaited. */
export type ErrorHandlerFunction = (error: WebhookEventHandlerError) => unknown;

/** An event as delivered before it is received: `id` is optional, `name` not yet checked. */
export interface RawWebhookEvent<TPayload = unknown> {
  id?: string | undefined;
  name: string;
  payload: TPayload;
}

/** What `receive` accepts: a parsed payload object under an event name. */
export type ReceivedEvent = RawWebhookEvent<object>;

/**
 * An error given to `onError` handlers: the error a handler threw (or a wrapper when it threw
 * something that is not an object), with `.event` set to the event being handled. For a failed
 * signature check, `.event.payload` is the unparsed body and `.status` is `400`.
 */
export interface WebhookEventHandlerError extends Error {
  event: EmitterWebhookEvent | RawWebhookEvent;
  status?: number;
}

/** Options of `createEventHandler` (and of the `Webhooks` constructor). */
export interface EventHandlerOptions<TTransformed = Untransformed> {
  /**
   * Applied once per received event, before `on` handlers run (not `onAny` handlers); may be
   * async. Its result is what `on` handlers receive. If it throws, `on` handlers for that event
   * are skipped and the error is reported like a handler error.
   */
  transform?:
    ((event: EmitterWebhookEvent) => TTransformed | PromiseLike<TTransformed>) | undefined;
  /** Where warnings (unknown event names) and errors inside error handlers go. */
  log?: Partial<Logger> | undefined;
}

/**
 * The handlers registered under one event name: for the name itself, and per action. Keyed in
 * two levels so `receive` never builds the `name.action` string.
 */
export interface NameRegistrations {
  handlers: readonly AnyEventHandlerFunction[];
  actions: Map<string, readonly AnyEventHandlerFunction[]>;
}

/**
 * Registrations, as immutable arrays replaced on every change, so `receive` iterates them
 * without copying and a handler that removes a listener mid-dispatch cannot skip another.
 */
export interface EventHandlerState {
  named: Map<string, NameRegistrations>;
  any: readonly AnyEventHandlerFunction[];
  error: readonly ErrorHandlerFunction[];
  transform: ((event: EmitterWebhookEvent) => unknown) | undefined;
  log: Logger;
}
