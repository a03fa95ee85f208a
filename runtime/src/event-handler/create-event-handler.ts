import type { EmitterWebhookEventName } from "../../../output/webhooks/index.js";
import { createLogger } from "../logger.js";
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
  ReceivedEvent,
  Untransformed,
} from "./types.js";

/** The event-handler API: registration and dispatch, no secret involved. */
export interface EventHandler<TTransformed = Untransformed> {
  /** Registers a handler for a name or `event.action`, or for each name of a list. */
  on<TName extends EmitterWebhookEventName>(
    name: TName | readonly TName[],
    handler: EventHandlerFunction<TName, TTransformed>,
  ): void;
  /** Registers a handler for every event. */
  onAny(handler: AnyEventHandlerFunction): void;
  /** Registers a handler for handler failures (and failed signature checks). */
  onError(handler: ErrorHandlerFunction): void;
  /** Removes the most recent registration of `handler` for each name (`"*"`, `"error"` too). */
  removeListener(
    name:
      | EmitterWebhookEventName
      | "*"
      | "error"
      | readonly (EmitterWebhookEventName | "*" | "error")[],
    handler: (event: never) => unknown,
  ): void;
  /** Runs the matching handlers in parallel; rejects with an `AggregateError` if any failed. */
  receive(event: ReceivedEvent): Promise<void>;
}

/**
 * Creates a standalone event handler: `on`, `onAny`, `onError`, `removeListener` and `receive`,
 * for events that are already verified (or never signed, as in tests and queues).
 *
 * @example
 * const handler = createEventHandler();
 * handler.on("issues.opened", ({ payload }) => console.log(payload.action)); // "opened"
 * await handler.receive({ id: "1", name: "issues", payload: { action: "opened" } });
 */
export function createEventHandler<TTransformed = Untransformed>(
  options: EventHandlerOptions<TTransformed> = {},
): EventHandler<TTransformed> {
  return eventHandlerFor(createEventHandlerState(options));
}

/**
 * The mutable registrations behind an event handler, for code that shares them (the `Webhooks`
 * class emits signature failures into the same `onError` handlers).
 *
 * @example
 * const state = createEventHandlerState({ log: console });
 */
export function createEventHandlerState<TTransformed>(
  options: EventHandlerOptions<TTransformed> = {},
): EventHandlerState {
  if (options.transform !== undefined && typeof options.transform !== "function") {
    throw new TypeError("[typewire] options.transform must be a function when given");
  }
  return {
    named: new Map(),
    any: [],
    error: [],
    transform: options.transform,
    log: createLogger(options.log),
  };
}

/**
 * The public methods over a state, as standalone functions (safe to destructure).
 *
 * @example
 * const { on, receive } = eventHandlerFor(createEventHandlerState());
 */
export function eventHandlerFor<TTransformed>(
  state: EventHandlerState,
): EventHandler<TTransformed> {
  return {
    on: (name, handler) => on(state, name, handler as AnyEventHandlerFunction),
    onAny: (handler) => onAny(state, handler),
    onError: (handler) => onError(state, handler),
    removeListener: (name, handler) => removeListener(state, name, handler),
    receive: (event) => receive(state, event),
  };
}
