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

/**
 * Verifies, parses and dispatches one delivery, and picks the reply. Answers synchronously
 * where it can so the node adapter awaits nothing but the handlers.
 *
 * @example
 * const reply = await handleDelivery(webhooks, options, { body, decode, name: "push", id: "1", signature });
 */
export function handleDelivery(
  webhooks: MiddlewareWebhooks,
  options: ResolvedOptions,
  delivery: Delivery,
): Reply | Promise<Reply> {
  let verified: boolean | Promise<boolean>;
  try {
    verified = webhooks.verifyBody(delivery.body, delivery.signature);
  } catch {
    return mismatch(options, delivery);
  }
  if (verified === true) return parseAndReceive(webhooks, options, delivery);
  if (verified === false) return mismatch(options, delivery);
  return Promise.resolve(verified).then(
    (ok) => (ok ? parseAndReceive(webhooks, options, delivery) : mismatch(options, delivery)),
    () => mismatch(options, delivery),
  );
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
) {
  let text = delivery.decode(delivery.body);
  // A signed body may start with a byte-order mark; the signature covered it, JSON.parse must not see it.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    return errorReply(400, `Request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    const kind =
      payload === null ? "null" : Array.isArray(payload) ? "an array" : `a ${typeof payload}`;
    return errorReply(400, `Request body must be a JSON object, got ${kind}`);
  }
  const event = {
    id: delivery.id,
    name: delivery.name,
    payload: payload as Record<string, unknown>,
  };
  return receiveWithTimeout(webhooks, options, event);
}

function receiveWithTimeout(
  webhooks: MiddlewareWebhooks,
  options: ResolvedOptions,
  event: MiddlewareEvent,
) {
  return new Promise<Reply>((resolve) => {
    let answered = false;
    const timer = setTimeout(() => {
      answered = true;
      options.log.warn(
        `[typewire] webhook ${event.name} (${event.id}): handlers still running after ${options.timeout} ms, answered 202`,
      );
      resolve(ACCEPTED_REPLY);
    }, options.timeout);
    const fail = (error: unknown) => {
      const message = errorMessage(error);
      options.log.error(
        `[typewire] webhook ${event.name} (${event.id}) failed${answered ? " after the 202 answer" : ""}: ${message}`,
      );
      if (answered) return;
      clearTimeout(timer);
      resolve(errorReply(errorStatus(error), message));
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
      clearTimeout(timer);
      resolve(OK_REPLY);
    }, fail);
  });
}

const ACCEPTED_REPLY = jsonReply(202, { ok: true, pending: "handlers are still running" });

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
