import { WebhookDuplicateError } from "../dedupe/webhook-duplicate-error.js";
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
 * (`queue`), 202 once the delivery is stored, with no deadline. Failures after a 202 still
 * reach the log (and, through `verifyAndReceive`, the `onError` handlers). Callback-shaped so
 * the node adapter adds no promise of its own.
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
  let running: Promise<void>;
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
  if (options.queued) {
    // No deadline: a 202 before the delivery is stored could lose it, and the queue bounds its
    // own wait (answering 503 when it runs out).
    running.then(
      () => done(QUEUED_REPLY),
      (error: unknown) => done(failureReply(options, delivery, error, false)),
    );
    return;
  }
  let answered = false;
  const deadline = options.deadlines.add(() => {
    answered = true;
    options.log.warn(
      `[typewire] webhook ${delivery.name} (${delivery.id}): handlers still running after ${options.timeout} ms, answered 202`,
    );
    done(ACCEPTED_REPLY);
  });
  running.then(
    () => {
      if (answered) return;
      answered = true;
      options.deadlines.remove(deadline);
      done(OK_REPLY);
    },
    (error: unknown) => {
      const reply = failureReply(options, delivery, error, answered);
      if (answered) return;
      answered = true;
      options.deadlines.remove(deadline);
      done(reply);
    },
  );
}

/** Logs why `verifyAndReceive` rejected and builds the answer: 208 for a duplicate. */
function failureReply(
  options: ResolvedOptions,
  delivery: Delivery,
  error: unknown,
  answered: boolean,
): Reply {
  const after = answered ? " after the 202 answer" : "";
  if (error instanceof WebhookDuplicateError) {
    options.log.info(
      `[typewire] webhook ${delivery.name} (${delivery.id}) is a duplicate${after}: answered 208, handlers not run`,
    );
    return DUPLICATE_REPLY;
  }
  const message = errorMessage(error);
  const refused = error instanceof WebhookRequestError;
  (refused ? options.log.warn : options.log.error)(
    `[typewire] webhook ${delivery.name} (${delivery.id}) ${refused ? "refused" : "failed"}${after}: ${message}`,
  );
  return errorReply(errorStatus(error), message);
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === "string" && error ? error : "A webhook handler failed";
}
