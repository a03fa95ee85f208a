import { createLogger } from "../logger.js";
import {
  type EventNameOf,
  type PlatformEventMap,
  platformEventTable,
  type WebhookEventTable,
} from "./event-table.js";
import { on } from "./on.js";
import { onAny } from "./on-any.js";
import { onError } from "./on-error.js";
import { receive } from "./receive.js";
import { removeListener } from "./remove-listener.js";
import type {
  AnyEventHandlerFunction,
  ErrorHandlerFunction,
  EventHandlerFunction,
  EventHandlerOptions,
  EventHandlerState,
  UntypedOptions,
  ListenerName,
  ReceivedEvent,
  StoredHandler,
  Untransformed,
} from "./types.js";

/**
 * The event-handler API: registration and dispatch, no secret involved. `TEvents` is the event
 * map of the table it is bound to: the platform's, unless a generated module binds its own.
 */
export interface EventHandler<
  TTransformed = Untransformed,
  TEvents extends object = PlatformEventMap,
> {
  /** Registers a handler for a name or `event.action`, or for each name of a list. */
  on<TName extends EventNameOf<TEvents>>(
    name: TName | readonly TName[],
    handler: EventHandlerFunction<TName, TTransformed, TEvents>,
  ): void;
  /** Registers a handler for every event. */
  onAny(handler: AnyEventHandlerFunction<TEvents>): void;
  /** Registers a handler for handler failures (and failed signature checks). */
  onError(handler: ErrorHandlerFunction<TEvents>): void;
  /** Removes the most recent registration of `handler` for each name (`"*"`, `"error"` too). */
  removeListener(
    name: ListenerName<TEvents> | readonly ListenerName<TEvents>[],
    handler: (event: never) => unknown,
  ): void;
  /** Runs the matching handlers in parallel; rejects with an `AggregateError` if any failed. */
  receive(event: ReceivedEvent): Promise<void>;
}

/**
 * Creates a standalone event handler: `on`, `onAny`, `onError`, `removeListener` and `receive`,
 * for events that are already verified (or never signed, as in tests and queues). Names are
 * checked against `table`, the platform's bundled table unless given; a generated module's
 * `createEventHandler` passes its own.
 *
 * @example
 * const handler = createEventHandler();
 * handler.on("issues.opened", ({ payload }) => console.log(payload.action)); // "opened"
 * await handler.receive({ id: "1", name: "issues", payload: { action: "opened" } });
 */
export function createEventHandler<
  TTransformed = Untransformed,
  TEvents extends object = PlatformEventMap,
>(
  options: EventHandlerOptions<TTransformed, TEvents> = {},
  table: WebhookEventTable = platformEventTable,
): EventHandler<TTransformed, TEvents> {
  return eventHandlerFor(createEventHandlerState(options, table));
}

/**
 * The mutable registrations behind an event handler, for code that shares them (the `Webhooks`
 * class emits signature failures into the same `onError` handlers).
 *
 * @example
 * const state = createEventHandlerState({ log: console });
 */
export function createEventHandlerState(
  options: UntypedOptions = {},
  table: WebhookEventTable = platformEventTable,
): EventHandlerState {
  if (options.transform !== undefined && typeof options.transform !== "function") {
    throw new TypeError("[typewire] options.transform must be a function when given");
  }
  if (
    table === null ||
    typeof table !== "object" ||
    typeof table.validateEventName !== "function"
  ) {
    throw new TypeError(
      "[typewire] the event table must be a generated webhooks module's { validateEventName }",
    );
  }
  return {
    named: new Map(),
    any: [],
    error: [],
    transform: options.transform as EventHandlerState["transform"],
    log: createLogger(options.log),
    table,
  };
}

/**
 * The public methods over a state, as standalone functions (safe to destructure).
 *
 * @example
 * const { on, receive } = eventHandlerFor(createEventHandlerState());
 */
export function eventHandlerFor<TTransformed, TEvents extends object>(
  state: EventHandlerState,
): EventHandler<TTransformed, TEvents> {
  return {
    on: (name, handler) => on(state, name, handler as StoredHandler),
    onAny: (handler) => onAny(state, handler as StoredHandler),
    onError: (handler) => onError(state, handler as unknown as EventHandlerState["error"][number]),
    removeListener: (name, handler) => removeListener(state, name, handler),
    receive: (event) => receive(state, event),
  };
}
