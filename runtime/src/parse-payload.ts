import type { RawWebhookEvent } from "./event-handler/types.js";
import { WebhookRequestError } from "./webhook-request-error.js";

// `fatal` turns malformed UTF-8 into an error instead of silent U+FFFD replacements, and the
// decoder drops a leading byte-order mark, which JSON.parse would reject.
const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Parses a verified body into the payload object. Anything but a JSON object (`1`, `true`,
 * `"x"`, `null`, an array, invalid JSON or invalid UTF-8) is a `WebhookRequestError` with
 * `status: 400` saying what was received.
 *
 * @example
 * parsePayload({ name: "push", payload: '{"ref":"refs/heads/main"}' }); // { ref: "refs/heads/main" }
 */
export function parsePayload(delivery: RawWebhookEvent<string | Uint8Array>): object {
  let text: string;
  if (typeof delivery.payload === "string") {
    text = delivery.payload.charCodeAt(0) === 0xfeff ? delivery.payload.slice(1) : delivery.payload;
  } else {
    try {
      text = decoder.decode(delivery.payload);
    } catch (cause) {
      throw new WebhookRequestError("the payload is not valid UTF-8", delivery, { cause });
    }
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
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
