import type { WebhookDelivery } from "../verify-and-receive.js";

/** The keys a signature may come under, preferred first: the platform's SHA-256 header, then the spec's key. */
const SIGNATURE_KEYS = ["x-hub-signature-256", "x-hub-signature"] as const;
/** The keys a delivery id may come under, preferred first: the platform's header, then the relay's own. */
const ID_KEYS = ["x-platform-delivery", "x-request-id"] as const;

/** A relay message read: the delivery, and the message keys its signature and id came from. */
export interface RelayMessage {
  delivery: WebhookDelivery;
  /** The key the signature was read from: `x-hub-signature-256` or `x-hub-signature`. */
  signatureKey: (typeof SIGNATURE_KEYS)[number];
}

/**
 * Turns one relay message into the delivery `verifyAndReceive` takes: `x-request-id`,
 * `x-platform-event`, `x-hub-signature` and `body` become `id`, `name`, `signature` and
 * `payload` (the body serialised with `JSON.stringify`). A message that also carries the
 * platform's `x-hub-signature-256` (as a relay forwarding every header does, next to the legacy
 * SHA-1 `x-hub-signature`) is verified with that one, and its `x-platform-delivery` is the id.
 * Keys are matched in any letter case. Throws an `Error` saying what is wrong with a message that
 * cannot be one.
 *
 * @example
 * toDelivery('{"x-request-id":"1","x-platform-event":"push","x-hub-signature":"sha256=..","body":{}}');
 * // { id: "1", name: "push", signature: "sha256=..", payload: "{}" }
 */
export function toDelivery(data: unknown): WebhookDelivery {
  return readRelayMessage(data).delivery;
}

/** {@link toDelivery}, also saying which key the signature came from (for the log). */
export function readRelayMessage(data: unknown): RelayMessage {
  if (typeof data !== "string") throw new Error("relay message data is not text");
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch (error) {
    throw new Error(`relay message is not JSON: ${(error as Error).message}`);
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) {
    throw new Error("relay message is not a JSON object");
  }
  // Header names are case-insensitive; a relay may keep the case a proxy gave them.
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(message)) {
    const lower = key.toLowerCase();
    if (!fields.has(lower)) fields.set(lower, value);
  }
  const text = (key: string) => {
    const value = fields.get(key);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const name = text("x-platform-event");
  const signatureKey = SIGNATURE_KEYS.find((key) => text(key) !== undefined) ?? "x-hub-signature";
  const signature = text(signatureKey);
  const idKey = ID_KEYS.find((key) => text(key) !== undefined);
  const missing = [
    name ? undefined : "x-platform-event",
    signature ? undefined : SIGNATURE_KEYS.join(" or "),
    fields.get("body") === undefined ? "body" : undefined,
  ].filter((key) => key !== undefined);
  if (missing.length) throw new Error(`relay message lacks ${missing.join(", ")}`);
  if (signature!.startsWith("sha1=")) {
    throw new Error(
      `relay message's ${signatureKey} is a SHA-1 signature (sha1=...), and there is no x-hub-signature-256: only SHA-256 signatures are verified; have the relay forward the x-hub-signature-256 header`,
    );
  }
  return {
    delivery: {
      id: idKey ? text(idKey) : undefined,
      name: name!,
      signature: signature!,
      payload: JSON.stringify(fields.get("body")),
    },
    signatureKey,
  };
}
