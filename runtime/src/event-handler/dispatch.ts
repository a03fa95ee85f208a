import { describeCause } from "./describe-thrown.js";
import { emitError } from "./emit-error.js";
import type { WebhookEvent } from "./event-table.js";
import { isThenable } from "./is-thenable.js";
import type { EventHandlerState, StoredHandler } from "./types.js";
import { withEvent } from "./with-event.js";

type Handlers = readonly StoredHandler[] | undefined;

/**
 * What `receive` returns when every handler finished synchronously and none failed: one shared,
 * already resolved promise. The middleware compares against it to answer without a microtask.
 */
export const SETTLED: Promise<void> = Promise.resolve();

/**
 * Runs one event's handlers and settles as `receive` documents: `forAction` and `forName` get
 * the event (or what `transform` makes of it, once it resolves), `any` gets the event. Failures
 * are tagged with the event, sent to `onError` and collected; the error and pending lists are
 * only allocated when a handler fails or returns a promise.
 *
 * @example
 * await dispatch(state, event, forAction, forName);
 */
export function dispatch(
  state: EventHandlerState,
  event: WebhookEvent,
  forAction: Handlers,
  forName: Handlers,
): Promise<void> {
  let errors: Error[] | undefined;
  let pending: PromiseLike<unknown>[] | undefined;
  const fail = (error: unknown): void => {
    const tagged = withEvent(error, event);
    if (errors === undefined) errors = [tagged];
    else errors.push(tagged);
    emitError(state, tagged);
  };
  const wait = (promise: PromiseLike<unknown>): void => {
    if (pending === undefined) pending = [promise];
    else pending.push(promise);
  };
  const runAll = (handlers: Handlers, value: unknown): void => {
    if (handlers === undefined) return;
    for (const handler of handlers) {
      try {
        const result = handler(value as WebhookEvent);
        if (isThenable(result)) wait(Promise.resolve(result).then(undefined, fail));
      } catch (error) {
        fail(error);
      }
    }
  };
  const named = (value: unknown): void => {
    runAll(forAction, value);
    runAll(forName, value);
  };
  const { transform } = state;
  if (transform === undefined) named(event);
  else if (forAction !== undefined || (forName !== undefined && forName.length > 0)) {
    try {
      const transformed = transform(event);
      if (isThenable(transformed)) {
        // Handlers started after an async transform must still be awaited: the transform's
        // own pending entry waits for the promises they add.
        wait(
          Promise.resolve(transformed).then((value) => {
            const before = pending!.length;
            named(value);
            return Promise.all(pending!.slice(before));
          }, fail),
        );
      } else named(transformed);
    } catch (error) {
      fail(error);
    }
  }
  runAll(state.any, event);
  const aggregate = (): AggregateError => {
    const all = errors ?? [];
    return Object.assign(
      new AggregateError(
        all,
        `[typewire] ${all.length} handler(s) failed for "${event.name}": ${all.map(describeCause).join("; ")}`,
      ),
      { event },
    );
  };
  if (pending === undefined) return errors === undefined ? SETTLED : Promise.reject(aggregate());
  return Promise.all(pending).then(() => {
    if (errors !== undefined) throw aggregate();
  });
}
