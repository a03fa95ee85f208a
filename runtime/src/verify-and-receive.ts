import { verifyDigest } from "#signature";
import type { DeliveryStep } from "./delivery-queue.js";
import { emitError } from "./event-handler/emit-error.js";
import { receive } from "./event-handler/receive.js";
import type { EventHandlerState, RawWebhookEvent } from "./event-handler/types.js";
import { parsePayload, parsePayloadText, payloadText } from "./parse-payload.js";
import { WebhookRequestError } from "./webhook-request-error.js";

/** A delivery as it arrives: the raw body and the signature header, not yet trusted. */
export interface WebhookDelivery {
  /** The delivery id (`x-platform-delivery`). Optional. */
  id?: string | undefined;
  /** The event name (`x-platform-event`), for example `issues`. */
  name: string;
  /**
   * The raw request body: the string as received, or its bytes. Pass bytes when you have them:
   * they are verified exactly as sent, whatever their encoding.
   */
  payload: string | Uint8Array;
  /** The `x-hub-signature-256` header: `sha256=` and 64 lowercase hex characters. */
  signature: string;
}

/** What `verifyAndReceive` does with a delivery once it is verified; nothing more by default. */
export interface VerifyAndReceiveOptions {
  /**
   * The step that takes the verified delivery instead of running its handlers directly:
   * `withDedupe(store)` refuses ids already accepted, `toQueue(queue)` stores the delivery for
   * workers, `withDedupe(store, toQueue(queue))` does both. Needs the delivery id.
   */
  accept?: DeliveryStep | undefined;
}

/**
 * Verifies a delivery against `secrets` (any may match, in order), parses it, then receives it.
 * A missing or non-matching signature or a missing name rejects with a `WebhookRequestError`
 * (`status: 400`) and, for the signature, is sent to the `onError` handlers; a body that is not
 * a JSON object rejects the same way; handler failures reject as `receive` does. `options.accept`
 * adds dedupe or hands deliveries to a queue (see {@link VerifyAndReceiveOptions}).
 *
 * @example
 * await verifyAndReceive(state, secrets, { id, name, payload: rawBody, signature });
 */
export function verifyAndReceive(
  state: EventHandlerState,
  secrets: readonly string[],
  delivery: WebhookDelivery,
  options?: VerifyAndReceiveOptions,
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
        `[typewire] verifyAndReceive: payload must be the raw request body (a string or a Uint8Array), got ${payload === null ? "null" : typeof payload}`,
      );
    }
    const raw: RawWebhookEvent<string | Uint8Array> = { id, name, payload };
    if (typeof name !== "string" || name === "") {
      throw new WebhookRequestError("the event name is missing (x-platform-event header)", raw);
    }
    if (options !== undefined) checkOptions(options, raw);
    // The arguments are checked above and the secrets by the constructor, so go straight to
    // the digest.
    if (typeof signature !== "string" || signature === "") return refuse(state, raw, false);
    // Synchronous with node:crypto, a promise with WebCrypto.
    const result = verifyDigest(secrets, payload, signature) as boolean | Promise<boolean>;
    if (typeof result !== "boolean") {
      return result.then((matches) =>
        matches ? accept(state, raw, options) : refuse(state, raw, true),
      );
    }
    return result ? accept(state, raw, options) : refuse(state, raw, true);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Parses a verified delivery and hands it to `receive`, or to the step; a bad body rejects. */
function accept(
  state: EventHandlerState,
  raw: RawWebhookEvent<string | Uint8Array>,
  options: VerifyAndReceiveOptions | undefined,
): Promise<void> {
  const step = options?.accept;
  if (step === undefined) {
    return receive(state, { id: raw.id, name: raw.name, payload: parsePayload(raw) });
  }
  const text = payloadText(raw);
  const payload = parsePayloadText(text, raw);
  // checkOptions made sure there is an id when a step is given.
  const id = raw.id as string;
  const { name } = raw;
  return Promise.resolve(
    step({ id, name, payload, text }, () => receive(state, { id, name, payload }), state.log),
  );
}

/** Checks the options' shape, and that the delivery has the id a step needs. */
function checkOptions(
  options: VerifyAndReceiveOptions,
  raw: RawWebhookEvent<string | Uint8Array>,
): void {
  const step = checkStep("verifyAndReceive", options);
  if (step !== undefined && (typeof raw.id !== "string" || raw.id === "")) {
    throw new WebhookRequestError(
      "the delivery id is missing (x-platform-delivery header); options.accept needs it",
      raw,
    );
  }
}

/**
 * Checks `options.accept` of `verifyAndReceive` or of a middleware; `dedupe` and `queue`, the
 * options it replaced, are refused with the way to migrate.
 */
export function checkStep(where: string, options: object): DeliveryStep | undefined {
  if (options === null || typeof options !== "object") {
    throw new TypeError(`[typewire] ${where}: options must be an object`);
  }
  const { accept, dedupe, queue } = options as VerifyAndReceiveOptions & Record<string, unknown>;
  if ((accept !== undefined && typeof accept !== "function") || dedupe || queue) {
    throw new TypeError(
      `[typewire] ${where}: options.accept must be a delivery step: withDedupe(store), toQueue(queue) (they replace options.dedupe and options.queue)`,
    );
  }
  return accept;
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
