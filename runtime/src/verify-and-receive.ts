import { verifyDigest } from "#signature";
import { emitError } from "./event-handler/emit-error.js";
import { receive } from "./event-handler/receive.js";
import type { EventHandlerState, RawWebhookEvent } from "./event-handler/types.js";
import { parsePayload } from "./parse-payload.js";
import { WebhookRequestError } from "./webhook-request-error.js";

/** A delivery as it arrives: the raw body and the signature header, not yet trusted. */
export interface WebhookDelivery {
  /** The delivery id (`X-Platform-Delivery`). Optional. */
  id?: string | undefined;
  /** The event name (`X-Platform-Event`), for example `issues`. */
  name: string;
  /**
   * The raw request body: the string as received, or its bytes. Pass bytes when you have them:
   * they are verified exactly as sent, whatever their encoding.
   */
  payload: string | Uint8Array;
  /** The `x-hub-signature-256` header: `sha256=` and 64 lowercase hex characters. */
  signature: string;
}

/**
 * Verifies a delivery against `secrets` (any may match, in order), parses it, then receives it.
 * A missing or non-matching signature or a missing name rejects with a `WebhookRequestError`
 * (`status: 400`) and, for the signature, is sent to the `onError` handlers; a body that is not
 * a JSON object rejects the same way; handler failures reject as `receive` does.
 *
 * @example
 * await verifyAndReceive(state, secrets, { id, name, payload: rawBody, signature });
 */
export function verifyAndReceive(
  state: EventHandlerState,
  secrets: readonly string[],
  delivery: WebhookDelivery,
): Promise<void> {
  // Not an `async` function: on Node the digest answers synchronously and `receive` already
  // returns a promise, so a delivery goes through without an extra promise and its ticks.
  // Every failure still arrives as a rejection, never as a synchronous throw.
  try {
    if (delivery === null || typeof delivery !== "object") {
      throw new TypeError("[typewire] verifyAndReceive: expected { id, name, payload, signature }");
    }
    const { id, name, payload, signature } = delivery;
    if (typeof payload !== "string" && !(payload instanceof Uint8Array)) {
      throw new TypeError(
        `[typewire] verifyAndReceive: payload must be the raw request body (a string or a Uint8Array), got ${payload === null ? "null" : typeof payload}; re-serialised JSON will not match the signature`,
      );
    }
    const raw: RawWebhookEvent<string | Uint8Array> = { id, name, payload };
    if (typeof name !== "string" || name === "") {
      throw new WebhookRequestError("the event name is missing (X-Platform-Event header)", raw);
    }
    // The arguments are checked above and the secrets by the constructor, so go straight to
    // the digest.
    if (typeof signature !== "string" || signature === "") return refuse(state, raw, false);
    // Synchronous with node:crypto, a promise with WebCrypto.
    const result = verifyDigest(secrets, payload, signature) as boolean | Promise<boolean>;
    if (typeof result !== "boolean") {
      return result.then((matches) => (matches ? accept(state, raw) : refuse(state, raw, true)));
    }
    return result ? accept(state, raw) : refuse(state, raw, true);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Parses a verified delivery and hands it to `receive`; a bad body rejects. */
function accept(
  state: EventHandlerState,
  raw: RawWebhookEvent<string | Uint8Array>,
): Promise<void> {
  return receive(state, { id: raw.id, name: raw.name, payload: parsePayload(raw) });
}

/** Rejects a delivery whose signature is missing or does not match, telling `onError`. */
function refuse(
  state: EventHandlerState,
  raw: RawWebhookEvent<string | Uint8Array>,
  given: boolean,
): Promise<never> {
  const error = new WebhookRequestError(
    given
      ? "the signature does not match the payload and secret (x-hub-signature-256 header)"
      : "the signature is missing (x-hub-signature-256 header)",
    raw,
  );
  emitError(state, error);
  return Promise.reject(error);
}
