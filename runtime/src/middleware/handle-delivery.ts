import { withoutPrefix } from "../event-handler/describe-thrown.js";
import { SETTLED } from "../event-handler/dispatch.js";
import { isInstance } from "../event-handler/is-instance.js";
import { withoutPayload } from "../event-handler/without-payload.js";
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
const QUEUED_REPLY = jsonReply(202, { ok: true, queued: true });
const DUPLICATE_REPLY = jsonReply(208, {
  ok: true,
  duplicate: "this delivery id was already accepted; its handlers did not run again",
});

/**
 * Hands one delivery to `verifyAndReceive` and calls `done` once with the reply: 200 when the
 * handlers finish (within this call when they all finished synchronously), the error's status
 * (400 for a bad signature or body, 503 when the dedupe store or the queue did not answer) or
 * 500 when it rejects, 208 for a duplicate, 202 when the timeout passes first. In durable mode
 * (a `durable` step such as `toQueue`), 202 once the delivery is stored, with no deadline.
 * Failures after a 202 still reach the log (and, through `verifyAndReceive`, the `onError`
 * handlers). Callback-shaped so the node adapter adds no promise of its own.
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
    running = webhooks.verifyAndReceive(delivery, options.receiveOptions);
  } catch (error) {
    running = Promise.reject(error);
  }
  // Handlers that all finished synchronously: answer now, with no deadline and no microtask.
  if (running === SETTLED) {
    done(OK_REPLY);
    return;
  }
  const { queued, deadlines, log } = options;
  let answered = false;
  const answer = (reply: Reply) => {
    if (answered) return;
    answered = true;
    if (deadline !== undefined) deadlines.remove(deadline);
    done(reply);
  };
  // Durable mode has no deadline: a 202 before the delivery is stored could lose it, and the
  // queue bounds its own wait (answering 503 when it runs out).
  const deadline = queued
    ? undefined
    : deadlines.add(() => {
        answered = true;
        done(ACCEPTED_REPLY);
        log.warn(
          `[typewire] webhook ${delivery.name} (${delivery.id}): handlers still running after ${options.timeout} ms, answered 202`,
        );
      });
  const fulfilled = () => answer(queued ? QUEUED_REPLY : OK_REPLY);
  // Whatever the rejection value is (a Proxy, a symbol, an error whose getters throw), reading
  // it here must not throw: this runs in a promise callback, where a throw would be an
  // unhandled rejection and end the process with the delivery unanswered.
  const rejected = (error: unknown) => {
    const { reply, level, message, logged } = failure(delivery, error, answered);
    answer(reply);
    // After the answer, and through a logger that never throws (createLogger): a broken logger
    // can neither delay the answer nor change it.
    log[level](message, ...logged);
  };
  try {
    running.then(fulfilled, rejected);
  } catch (error) {
    // A verifyAndReceive of the caller's own that returned no promise, or a thenable whose
    // `then` throws.
    rejected(error);
  }
}

/**
 * Why `verifyAndReceive` rejected: the answer (208 for a duplicate), the log line, and what is
 * logged after it. A failure logs the error itself, so its stack and an `AggregateError`'s
 * `.errors` reach the log; a refusal (the sender's mistake) and a duplicate log the line alone.
 */
function failure(
  delivery: Delivery,
  error: unknown,
  answered: boolean,
): { reply: Reply; level: "info" | "warn" | "error"; message: string; logged: unknown[] } {
  const after = answered ? " after the 202 answer" : "";
  if (isDuplicate(error)) {
    return {
      reply: DUPLICATE_REPLY,
      level: "info",
      message: `[typewire] webhook ${delivery.name} (${delivery.id}) is a duplicate${after}: answered 208, handlers not run`,
      logged: [],
    };
  }
  const message = errorMessage(error);
  const refused = isInstance(error, WebhookRequestError);
  return {
    reply: errorReply(errorStatus(error), message),
    level: refused ? "warn" : "error",
    message: `[typewire] webhook ${delivery.name} (${delivery.id}) ${refused ? "refused" : "failed"}${after}: ${withoutPrefix(message)}`,
    // The error without the delivery it carries: a log never holds a payload.
    logged: refused ? [] : [withoutPayload(error)],
  };
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

/**
 * A duplicate (`WebhookDuplicateError` of `withDedupe`): a rejection whose own `status` is 208.
 * Read by status, so the middleware does not carry the dedupe code when no step is imported.
 */
function isDuplicate(error: unknown): boolean {
  try {
    return (error as { status?: unknown } | null | undefined)?.status === 208;
  } catch {
    return false;
  }
}
