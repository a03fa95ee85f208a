import type { ResolvedOptions } from "./middleware-options.js";
import type { MiddlewareEvent, MiddlewareWebhooks } from "./middleware-webhooks.js";
import { OK_REPLY, type Reply, errorReply, jsonReply } from "./reply.js";

/** A delivery whose headers passed `checkHeaders` and whose body was read in full. */
export interface Delivery {
  body: Uint8Array;
  /** Decodes `body` as UTF-8; node passes `Buffer#toString`, the web adapter a `TextDecoder`. */
  decode: (body: Uint8Array) => string;
  name: string;
  id: string;
  signature: string;
}

const MISMATCH_REPLY = errorReply(
  400,
  "Signature does not match the request body (header x-hub-signature-256)",
);
const ACCEPTED_REPLY = jsonReply(202, { ok: true, pending: "handlers are still running" });

/**
 * Verifies, parses and dispatches one delivery, then calls `done` once with the reply.
 * Callback-shaped so the node adapter pays for no promise beyond the handlers' own.
 *
 * @example
 * handleDelivery(webhooks, options, { body, decode, name: "push", id: "1", signature }, (reply) => send(reply));
 */
export function handleDelivery(
  webhooks: MiddlewareWebhooks,
  options: ResolvedOptions,
  delivery: Delivery,
  done: (reply: Reply) => void,
): void {
  let verified: boolean | Promise<boolean>;
  try {
    verified = webhooks.verifyBody(delivery.body, delivery.signature);
  } catch {
    verified = false;
  }
  if (verified === true) parseAndReceive(webhooks, options, delivery, done);
  else if (verified === false) done(mismatch(options, delivery));
  else {
    Promise.resolve(verified).then(
      (ok) =>
        ok ? parseAndReceive(webhooks, options, delivery, done) : done(mismatch(options, delivery)),
      () => done(mismatch(options, delivery)),
    );
  }
}

function mismatch(options: ResolvedOptions, delivery: Delivery): Reply {
  options.log.warn(
    `[typewire] webhook ${delivery.name} (${delivery.id}): signature does not match`,
  );
  return MISMATCH_REPLY;
}

function parseAndReceive(
  webhooks: MiddlewareWebhooks,
  options: ResolvedOptions,
  delivery: Delivery,
  done: (reply: Reply) => void,
): void {
  let text = delivery.decode(delivery.body);
  // A signed body may start with a byte-order mark; the signature covered it, JSON.parse must not see it.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    done(errorReply(400, `Request body is not valid JSON: ${(error as Error).message}`));
    return;
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    const kind =
      payload === null ? "null" : Array.isArray(payload) ? "an array" : `a ${typeof payload}`;
    done(errorReply(400, `Request body must be a JSON object, got ${kind}`));
    return;
  }
  receive(
    webhooks,
    options,
    { id: delivery.id, name: delivery.name, payload: payload as Record<string, unknown> },
    done,
  );
}

function receive(
  webhooks: MiddlewareWebhooks,
  options: ResolvedOptions,
  event: MiddlewareEvent,
  done: (reply: Reply) => void,
): void {
  let answered = false;
  const deadline = options.deadlines.add(() => {
    answered = true;
    options.log.warn(
      `[typewire] webhook ${event.name} (${event.id}): handlers still running after ${options.timeout} ms, answered 202`,
    );
    done(ACCEPTED_REPLY);
  });
  const fail = (error: unknown) => {
    const message = errorMessage(error);
    options.log.error(
      `[typewire] webhook ${event.name} (${event.id}) failed${answered ? " after the 202 answer" : ""}: ${message}`,
    );
    if (answered) return;
    answered = true;
    options.deadlines.remove(deadline);
    done(errorReply(errorStatus(error), message));
  };
  let running: Promise<void>;
  try {
    running = webhooks.receive(event);
  } catch (error) {
    fail(error);
    return;
  }
  Promise.resolve(running).then(() => {
    if (answered) return;
    answered = true;
    options.deadlines.remove(deadline);
    done(OK_REPLY);
  }, fail);
}

/** The error's own `status` when it is a valid 4xx/5xx (or that of the first inner error that has one), else 500. */
export function errorStatus(error: unknown): number {
  const own = statusOf(error);
  if (own !== undefined) return own;
  const inner = (error as { errors?: unknown } | null)?.errors;
  if (Array.isArray(inner)) {
    for (const each of inner) {
      const status = statusOf(each);
      if (status !== undefined) return status;
    }
  }
  return 500;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : undefined;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const inner = (error as { errors?: unknown } | null)?.errors;
  if (Array.isArray(inner) && inner.length) return inner.map(errorMessage).join("; ");
  return typeof error === "string" && error ? error : "A webhook handler failed";
}
