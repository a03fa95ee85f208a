import type { Logger } from "../logger.js";
import type {
  AnyEventOf,
  EventNameOf,
  PlatformEventMap,
  WebhookEvent,
  WebhookEventMap,
  WebhookEventTable,
} from "./event-table.js";

declare const untransformed: unique symbol;

/**
 * Marks "no `transform` option": `on` handlers then receive the event of the name they were
 * registered for, narrowed to its payload type.
 */
export type Untransformed = typeof untransformed;

/**
 * What an `on` handler receives: the event of `TName` in `TEvents` (the platform's table unless
 * another is bound), or the transform's result when one is set.
 */
export type HandlerEvent<
  TName extends keyof TEvents,
  TTransformed,
  TEvents extends object = PlatformEventMap,
> = [TTransformed] extends [Untransformed] ? TEvents[TName] : TTransformed;

/** A handler registered with `on`. May be async; a throw or rejection is reported, not fatal. */
export type EventHandlerFunction<
  TName extends keyof TEvents,
  TTransformed,
  TEvents extends object = PlatformEventMap,
> = (event: HandlerEvent<TName, TTransformed, TEvents>) => unknown;

/** A handler registered with `onAny`: every event, never transformed. */
export type AnyEventHandlerFunction<TEvents extends object = PlatformEventMap> = (
  event: AnyEventOf<TEvents>,
) => unknown;

/** A handler registered with `onError`. Its result is not awaited. */
export type ErrorHandlerFunction<TEvents extends object = PlatformEventMap> = (
  error: WebhookEventHandlerError<TEvents>,
) => unknown;

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
export interface WebhookEventHandlerError<TEvents extends object = PlatformEventMap> extends Error {
  event: AnyEventOf<TEvents> | RawWebhookEvent;
  status?: number;
}

/** Options of `createEventHandler` (and of the `Webhooks` constructor). */
export interface EventHandlerOptions<
  TTransformed = Untransformed,
  TEvents extends object = PlatformEventMap,
> {
  /**
   * Applied once per received event, before `on` handlers run (not `onAny` handlers); may be
   * async. Its result is what `on` handlers receive. If it throws, `on` handlers for that event
   * are skipped and the error is reported like a handler error.
   */
  transform?:
    ((event: AnyEventOf<TEvents>) => TTransformed | PromiseLike<TTransformed>) | undefined;
  /** Where warnings (unknown event names) and errors inside error handlers go. */
  log?: Partial<Logger> | undefined;
}

/** Options as the state reads them, whatever the table and the transform's result. */
export interface UntypedOptions {
  transform?: unknown;
  log?: Partial<Logger> | undefined;
}

/** Names `removeListener` takes: the table's, `"*"` for `onAny` and `"error"` for `onError`. */
export type ListenerName<TEvents extends object> = EventNameOf<TEvents> | "*" | "error";

/** A handler failure as the state reports it, whatever the table. */
export type HandlerError = WebhookEventHandlerError<WebhookEventMap>;

/** Any handler as the state stores it, whatever the table. */
export type StoredHandler = (event: WebhookEvent) => unknown;

/**
 * The handlers registered under one event name: for the name itself, and per action. Keyed in
 * two levels so `receive` never builds the `name.action` string.
 */
export interface NameRegistrations {
  handlers: readonly StoredHandler[];
  actions: Map<string, readonly StoredHandler[]>;
}

/**
 * Registrations, as immutable arrays replaced on every change, so `receive` iterates them
 * without copying and a handler that removes a listener mid-dispatch cannot skip another.
 * `table` is the event/action table names are checked against.
 */
export interface EventHandlerState {
  named: Map<string, NameRegistrations>;
  any: readonly StoredHandler[];
  error: readonly ((error: HandlerError) => unknown)[];
  transform: ((event: WebhookEvent) => unknown) | undefined;
  log: Logger;
  table: WebhookEventTable;
}
