import type { EmitterWebhookEvent } from "../../../output/webhooks/index.js";
import { emitError, isThenable } from "./emit-error.js";
import type { AnyEventHandlerFunction, EventHandlerState, ReceivedEvent } from "./types.js";
import { withEvent } from "./with-event.js";

const resolved: Promise<void> = Promise.resolve();

/**
 * Dispatches one event. Matching handlers start at once, in this order: those for
 * `name.action` (when the payload has a string `action`), those for `name` (both given the
 * `transform` result when a transform is set), then `onAny` handlers; then it waits for all.
 * Resolves with no value, or rejects with an `AggregateError` whose `.errors` holds every
 * caught error, each with `.event`; each failure is also sent to the `onError` handlers.
 * An event without an `id` is given `id: ""`.
 *
 * @example
 * await receive(state, { id: "123", name: "issues", payload: { action: "opened" } });
 */
export function receive(state: EventHandlerState, received: ReceivedEvent): Promise<void> {
  const problem = describeProblem(received);
  if (problem !== undefined) return Promise.reject(new TypeError(`[typewire] receive: ${problem}`));
  const event = (
    typeof received.id === "string"
      ? received
      : { id: "", name: received.name, payload: received.payload }
  ) as EmitterWebhookEvent;
  const dispatch = new Dispatch(state, event);
  const action = (event.payload as { action?: unknown }).action;
  const forAction =
    typeof action === "string" ? state.named.get(`${event.name}.${action}`) : undefined;
  const forName = state.named.get(event.name);
  if (forAction !== undefined || forName !== undefined) {
    if (state.transform === undefined) {
      dispatch.runAll(forAction, event);
      dispatch.runAll(forName, event);
    } else {
      dispatch.runTransformed(state.transform, forAction, forName);
    }
  }
  dispatch.runAll(state.any, event);
  return dispatch.finish();
}

function describeProblem(event: ReceivedEvent): string | undefined {
  if (event === null || typeof event !== "object") return "expected an event { id, name, payload }";
  if (typeof event.name !== "string" || event.name === "") {
    return 'event.name is required (a non-empty string such as "issues")';
  }
  const { payload } = event;
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    return "event.payload must be the parsed payload object";
  }
  return undefined;
}

// One small object per event instead of closures per handler: errors and pending promises are
// only allocated when a handler fails or is async.
class Dispatch {
  errors: Error[] | undefined;
  pending: PromiseLike<unknown>[] | undefined;
  readonly #state: EventHandlerState;
  readonly #event: EmitterWebhookEvent;
  readonly #fail = (error: unknown): void => this.fail(error);

  constructor(state: EventHandlerState, event: EmitterWebhookEvent) {
    this.#state = state;
    this.#event = event;
  }

  runAll(handlers: readonly AnyEventHandlerFunction[] | undefined, event: unknown): void {
    if (handlers === undefined) return;
    for (const handler of handlers) {
      try {
        const result = handler(event as EmitterWebhookEvent);
        if (isThenable(result)) this.wait(result.then(undefined, this.#fail));
      } catch (error) {
        this.fail(error);
      }
    }
  }

  runTransformed(
    transform: (event: EmitterWebhookEvent) => unknown,
    forAction: readonly AnyEventHandlerFunction[] | undefined,
    forName: readonly AnyEventHandlerFunction[] | undefined,
  ): void {
    let transformed: unknown;
    try {
      transformed = transform(this.#event);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (!isThenable(transformed)) {
      this.runAll(forAction, transformed);
      this.runAll(forName, transformed);
      return;
    }
    // Handlers started after an async transform must still be awaited by `finish`: collect
    // their promises and wait for them from the transform's own pending entry.
    const afterTransform = Promise.resolve(transformed).then((value) => {
      const before = this.pending?.length ?? 0;
      this.runAll(forAction, value);
      this.runAll(forName, value);
      return Promise.all(this.pending?.slice(before) ?? []);
    }, this.#fail);
    this.wait(afterTransform);
  }

  wait(promise: PromiseLike<unknown>): void {
    if (this.pending === undefined) this.pending = [promise];
    else this.pending.push(promise);
  }

  fail(error: unknown): void {
    const tagged = withEvent(error, this.#event);
    if (this.errors === undefined) this.errors = [tagged];
    else this.errors.push(tagged);
    emitError(this.#state, tagged);
  }

  finish(): Promise<void> {
    if (this.pending === undefined) {
      return this.errors === undefined ? resolved : Promise.reject(this.aggregate());
    }
    return Promise.all(this.pending).then(() => {
      if (this.errors !== undefined) throw this.aggregate();
    });
  }

  aggregate(): AggregateError {
    const errors = this.errors ?? [];
    const summary = errors.map((error) => error.message).join("; ");
    const error = new AggregateError(
      errors,
      `[typewire] ${errors.length} handler(s) failed for "${this.#event.name}": ${summary}`,
    );
    return Object.assign(error, { event: this.#event });
  }
}
