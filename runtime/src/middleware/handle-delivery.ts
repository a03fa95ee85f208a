import { SETTLED } from "../event-handler/dispatch.js";
import { WebhookRequestError } from "../webhook-request-error.js";
import { errorStatus } from "./error-status.js";
import type { ResolvedOptions } from "./middleware-options.js";
import type { MiddlewareWebhooks } from "./middleware-webhooks.js";
import { OK_REPLY, type Reply, errorReply, jsonReply } from "./reply.js";

/** A delivery whose headers passed `checkHeaders` and whose body was read in full. */
export interface Delivery {
  id: string;
  name: string;
  /** The raw body: its bytes, or the string a body parser left in `req.body`. */
  payload: Uint8Array | string;
  signature: string;
}

const ACCEPTED_REPLY = jsonReply(202, { ok: true, pending: "handlers are still running" });

/**
 * Hands one delivery to `verifyAndReceive` and calls `done` once with the reply: 200 when the
 * handlers finish (within this call when they all finished synchronously), the error's status (400 for a bad signature or body) or 500 when it rejects,
 * 202 when the timeout passes first. Failures after a 202 still reach the log (and, through
 * `verifyAndReceive`, the `onError` handlers). Callback-shaped so the node adapter adds no
 * promise of its own.
 *
 * @example
 * handleDelivery(webhooks, options, { id: "1", name: "push", payload: body, signature }, (reply) => send(reply));
 */
export function handleDelivery(
  webhooks: MiddlewareWebhooks,
  options: ResolvedOptions,
  delivery: Delivery,
  done: (reply: Reply) => void,
): void {
  let running: PromiseLike<void>;
  try {
    // The delivery already has verifyAndReceive's shape: handed over as is, no copy per request.
    running = webhooks.verifyAndReceive(delivery);
  } catch (error) {
    running = Promise.reject(error);
  }
  // Handlers that all finished synchronously: answer now, with no deadline and no microtask.
  if (running === SETTLED) {
    done(OK_REPLY);
    return;
  }
  let answered = false;
  const deadline = options.deadlines.add(() => {
    answered = true;
    done(ACCEPTED_REPLY);
    log(
      options.log.warn,
      `[typewire] webhook ${delivery.name} (${delivery.id}): handlers still running after ${options.timeout} ms, answered 202`,
    );
  });
  const fulfilled = () => {
    if (answered) return;
    answered = true;
    options.deadlines.remove(deadline);
    done(OK_REPLY);
  };
  // Whatever the rejection value is (a Proxy, a symbol, an error whose getters throw), reading
  // it here must not throw: this runs in a promise callback, where a throw would be an
  // unhandled rejection and end the process with the delivery unanswered.
  const rejected = (error: unknown) => {
    const message = errorMessage(error);
    const refused = isRequestError(error);
    const late = answered;
    if (!answered) {
      answered = true;
      options.deadlines.remove(deadline);
      done(errorReply(errorStatus(error), message));
    }
    log(
      refused ? options.log.warn : options.log.error,
      `[typewire] webhook ${delivery.name} (${delivery.id}) ${refused ? "refused" : "failed"}${late ? " after the 202 answer" : ""}: ${message}`,
    );
  };
  try {
    running.then(fulfilled, rejected);
  } catch (error) {
    // A verifyAndReceive of the caller's own that returned no promise, or a thenable whose
    // `then` throws.
    rejected(error);
  }
}

function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) {
      const message: unknown = error.message;
      if (typeof message === "string" && message !== "") return message;
    }
    if (typeof error === "string" && error !== "") return error;
  } catch {
    // Unreadable: the generic message below.
  }
  return "A webhook handler failed";
}

function isRequestError(error: unknown): boolean {
  try {
    return error instanceof WebhookRequestError;
  } catch {
    return false;
  }
}

/** Logs without letting a logger that throws take the process down (this runs in callbacks). */
function log(method: (message: string) => unknown, message: string): void {
  try {
    method(message);
  } catch {
    // The answer is already sent; a broken logger has nowhere else to report to.
  }
}
