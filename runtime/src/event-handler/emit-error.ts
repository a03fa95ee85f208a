import { describeThrown } from "./describe-thrown.js";
import { isThenable } from "./is-thenable.js";
import type { EventHandlerState, HandlerError } from "./types.js";

/**
 * Calls every `onError` handler with `error`, without awaiting them. A throw or rejection
 * inside an error handler goes to `log.error`: never swallowed, never an unhandled rejection.
 *
 * @example
 * emitError(state, withEvent(caught, event));
 */
export function emitError(state: EventHandlerState, error: HandlerError): void {
  for (const handler of state.error) {
    try {
      const result = handler(error);
      if (isThenable(result)) {
        result.then(undefined, (failure: unknown) => reportFailure(state, failure, error));
      }
    } catch (failure) {
      reportFailure(state, failure, error);
    }
  }
}

function reportFailure(state: EventHandlerState, failure: unknown, original: Error): void {
  // describeThrown: an error without a message still gets words, never a dangling ": ".
  try {
    state.log.error(
      `[typewire] an "error" event handler failed while handling: ${describeThrown(original)}`,
      failure,
    );
  } catch {
    // createLogger's loggers never throw; a state built around another logger may.
  }
}
