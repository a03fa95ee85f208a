import type { RawWebhookEvent } from "./event-handler/types.js";
import { WebhookRequestError } from "./webhook-request-error.js";

// `fatal` turns malformed UTF-8 into an error instead of silent U+FFFD replacements.
// `ignoreBOM` keeps a leading byte-order mark in the text, so the text is the whole body as
// received (what a queue stores); `parsePayloadText` drops it before JSON.parse, which would
// reject it.
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Parses a verified body into the payload object. Anything but a JSON object (`1`, `true`,
 * `"x"`, `null`, an array, invalid JSON or invalid UTF-8) is a `WebhookRequestError` with
 * `status: 400` saying what was received.
 *
 * @example
 * parsePayload({ name: "push", payload: '{"ref":"refs/heads/main"}' }); // { ref: "refs/heads/main" }
 */
export function parsePayload(delivery: RawWebhookEvent<string | Uint8Array>): object {
  return parsePayloadText(payloadText(delivery), delivery);
}

/**
 * The body as text, every character of it (a leading byte-order mark included): the string
 * itself, or the bytes decoded as UTF-8. Bytes that are not UTF-8 are a `WebhookRequestError`.
 *
 * @example
 * payloadText({ name: "push", payload: new TextEncoder().encode("{}") }); // "{}"
 */
export function payloadText(delivery: RawWebhookEvent<string | Uint8Array>): string {
  if (typeof delivery.payload === "string") return delivery.payload;
  try {
    return decoder.decode(delivery.payload);
  } catch (cause) {
    throw new WebhookRequestError("the payload is not valid UTF-8", delivery, { cause });
  }
}

/**
 * Parses body text (from {@link payloadText}) into the payload object, as {@link parsePayload}
 * does. `delivery` only names the delivery in errors.
 *
 * @example
 * parsePayloadText('\uFEFF{"ref":"main"}', { name: "push", payload: "" }); // { ref: "main" }
 */
export function parsePayloadText(
  text: string,
  delivery: RawWebhookEvent<string | Uint8Array>,
): object {
  let payload: unknown;
  try {
    payload = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new WebhookRequestError(`the payload is not valid JSON (${reason})`, delivery, { cause });
  }
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    const kind = payload === null ? "null" : Array.isArray(payload) ? "an array" : typeof payload;
    throw new WebhookRequestError(`the payload must be a JSON object, got ${kind}`, delivery);
  }
  return payload;
}
