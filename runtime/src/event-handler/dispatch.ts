import { describeCause } from "./describe-thrown.js";
import { emitError } from "./emit-error.js";
import { isThenable } from "./is-thenable.js";
import type { WebhookEvent } from "./event-table.js";
import type { EventHandlerState, StoredHandler } from "./types.js";
import { withEvent } from "./with-event.js";

type Handlers = readonly StoredHandler[] | undefined;

/**
 * What `receive` returns when every handler finished synchronously and none failed: one shared,
 * already resolved promise. The middleware compares against it to answer without a microtask.
 */
export const SETTLED: Promise<void> = Promise.resolve();

/**
 * The run of one event's handlers: collects failures and pending promises, then settles as
 * `receive` documents. One small object per event; the error list, the pending list and the
 * rejection callback are only allocated when a handler fails or returns a promise.
 *
 * @example
 * const dispatch = new Dispatch(state, event);
 * dispatch.runAll(handlers, event);
 * await dispatch.finish();
 */
export class Dispatch {
  errors: Error[] | undefined;
  pending: PromiseLike<unknown>[] | undefined;
  onRejected: ((error: unknown) => void) | undefined;
  readonly state: EventHandlerState;
  readonly event: WebhookEvent;

  constructor(state: EventHandlerState, event: WebhookEvent) {
    this.state = state;
    this.event = event;
  }

  runAll(handlers: Handlers, event: unknown): void {
    if (handlers === undefined) return;
    for (const handler of handlers) {
      try {
        const result = handler(event as WebhookEvent);
        // Through Promise.resolve, a thenable whose `then` throws or returns something odd
        // becomes a rejection like any other; a native promise passes through unchanged.
        if (isThenable(result))
          this.wait(Promise.resolve(result).then(undefined, this.rejection()));
      } catch (error) {
        this.fail(error);
      }
    }
  }

  runTransformed(
    transform: (event: WebhookEvent) => unknown,
    forAction: Handlers,
    forName: Handlers,
  ): void {
    let transformed: unknown;
    try {
      transformed = transform(this.event);
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
    }, this.rejection());
    this.wait(afterTransform);
  }

  rejection(): (error: unknown) => void {
    if (this.onRejected === undefined) this.onRejected = (error) => this.fail(error);
    return this.onRejected;
  }

  wait(promise: PromiseLike<unknown>): void {
    if (this.pending === undefined) this.pending = [promise];
    else this.pending.push(promise);
  }

  fail(error: unknown): void {
    const tagged = withEvent(error, this.event);
    if (this.errors === undefined) this.errors = [tagged];
    else this.errors.push(tagged);
    emitError(this.state, tagged);
  }

  finish(): Promise<void> {
    if (this.pending === undefined) {
      return this.errors === undefined ? SETTLED : Promise.reject(this.aggregate());
    }
    return Promise.all(this.pending).then(() => {
      if (this.errors !== undefined) throw this.aggregate();
    });
  }

  aggregate(): AggregateError {
    const errors = this.errors ?? [];
    const summary = errors.map(describeCause).join("; ");
    const error = new AggregateError(
      errors,
      `[typewire] ${errors.length} handler(s) failed for "${this.event.name}": ${summary}`,
    );
    return Object.assign(error, { event: this.event });
  }
}
