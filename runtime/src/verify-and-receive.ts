import { verifyDigest } from "#signature";
import type { DedupeStore } from "./dedupe/dedupe-store.js";
import { WebhookDuplicateError } from "./dedupe/webhook-duplicate-error.js";
import type { DeliveryQueue } from "./delivery-queue.js";
import { SETTLED } from "./event-handler/dispatch.js";
import { emitError } from "./event-handler/emit-error.js";
import { receive } from "./event-handler/receive.js";
import type { EventHandlerState, RawWebhookEvent } from "./event-handler/types.js";
import { parsePayload, parsePayloadText, payloadText } from "./parse-payload.js";
import { WebhookRequestError } from "./webhook-request-error.js";
import { WebhookUnavailableError } from "./webhook-unavailable-error.js";

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

/** What `verifyAndReceive` does with a delivery once it is verified; both off by default. */
export interface VerifyAndReceiveOptions {
  /**
   * Refuses a delivery whose id was accepted within the store's window: rejects with a
   * `WebhookDuplicateError` (`status: 208`) and runs no handler. The id is claimed once the
   * signature and body are checked, and released if the handlers (or the enqueue) fail, so a
   * redelivery of a failed delivery runs again. Needs the delivery id.
   */
  dedupe?: DedupeStore | undefined;
  /**
   * Hands the verified delivery (its body text included) to this queue instead of running
   * the handlers, and resolves once it is stored. Needs the delivery id.
   */
  queue?: DeliveryQueue | undefined;
}

/**
 * Verifies a delivery against `secrets` (any may match, in order), parses it, then receives it.
 * A missing or non-matching signature or a missing name rejects with a `WebhookRequestError`
 * (`status: 400`) and, for the signature, is sent to the `onError` handlers; a body that is not
 * a JSON object rejects the same way; handler failures reject as `receive` does. `options`
 * adds dedupe and hands deliveries to a queue (see {@link VerifyAndReceiveOptions}).
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
        `[typewire] verifyAndReceive: payload must be the raw request body (a string or a Uint8Array), got ${payload === null ? "null" : typeof payload}; re-serialised JSON will not match the signature`,
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

/** Parses a verified delivery and hands it to `receive`; a bad body rejects. */
function accept(
  state: EventHandlerState,
  raw: RawWebhookEvent<string | Uint8Array>,
  options: VerifyAndReceiveOptions | undefined,
): Promise<void> {
  if (options === undefined) {
    return receive(state, { id: raw.id, name: raw.name, payload: parsePayload(raw) });
  }
  const text = payloadText(raw);
  const payload = parsePayloadText(text, raw);
  // checkOptions made sure there is an id when either option is set.
  const id = raw.id as string;
  const { dedupe, queue } = options;
  const run = (): Promise<void> => {
    try {
      return queue
        ? queue.enqueue({ id, name: raw.name, payload, text })
        : receive(state, { id, name: raw.name, payload });
    } catch (error) {
      return Promise.reject(error);
    }
  };
  if (dedupe === undefined) return run();
  const unavailable = (cause: unknown) =>
    new WebhookUnavailableError(
      `the dedupe store did not answer: ${cause instanceof Error ? cause.message : String(cause)}`,
      raw,
      { cause },
    );
  const afterClaim = (claimed: boolean): Promise<void> => {
    if (!claimed) return Promise.reject(new WebhookDuplicateError(raw));
    const running = run();
    if (running === SETTLED) return running;
    // Released before the rejection is answered, so a quick redelivery finds the id free.
    return running.then(undefined, (error: unknown) => releaseThenThrow(state, dedupe, id, error));
  };
  let claimed: boolean | Promise<boolean>;
  try {
    claimed = dedupe.claim(id);
  } catch (cause) {
    return Promise.reject(unavailable(cause));
  }
  if (typeof claimed === "boolean") return afterClaim(claimed);
  return Promise.resolve(claimed).then(
    (value) => afterClaim(value === true),
    (cause: unknown) => {
      throw unavailable(cause);
    },
  );
}

/** Forgets the claim of a delivery that failed, then rejects with its failure. */
function releaseThenThrow(
  state: EventHandlerState,
  dedupe: DedupeStore,
  id: string,
  error: unknown,
): Promise<never> {
  const reportRelease = (failure: unknown) => {
    state.log.error(
      `[typewire] delivery ${JSON.stringify(id)} failed and its dedupe claim could not be released: a redelivery within the window will be refused`,
      failure,
    );
    throw error;
  };
  try {
    return Promise.resolve(dedupe.release(id)).then(() => {
      throw error;
    }, reportRelease);
  } catch (failure) {
    return Promise.reject(failure).then(undefined, reportRelease);
  }
}

/** Checks the option objects' shapes, and that the delivery has the id they need. */
function checkOptions(
  options: VerifyAndReceiveOptions,
  raw: RawWebhookEvent<string | Uint8Array>,
): void {
  if (options === null || typeof options !== "object") {
    throw new TypeError(
      "[typewire] verifyAndReceive: options must be an object { dedupe?, queue? }",
    );
  }
  const { dedupe, queue } = options;
  if (
    dedupe !== undefined &&
    (dedupe === null || typeof dedupe.claim !== "function" || typeof dedupe.release !== "function")
  ) {
    throw new TypeError(
      "[typewire] verifyAndReceive: options.dedupe must be a dedupe store with claim() and release(), such as createMemoryDedupeStore()",
    );
  }
  if (queue !== undefined && (queue === null || typeof queue.enqueue !== "function")) {
    throw new TypeError(
      "[typewire] verifyAndReceive: options.queue must be a delivery queue with enqueue(), such as createDeliveryQueue()",
    );
  }
  if (
    (dedupe !== undefined || queue !== undefined) &&
    (typeof raw.id !== "string" || raw.id === "")
  ) {
    throw new WebhookRequestError(
      `the delivery id is missing (x-platform-delivery header); ${dedupe !== undefined ? "dedupe" : "the delivery queue"} needs it`,
      raw,
    );
  }
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
