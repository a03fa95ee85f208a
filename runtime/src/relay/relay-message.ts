import type { WebhookDelivery } from "../verify-and-receive.js";

/**
 * Turns one relay message into the delivery `verifyAndReceive` takes: `x-request-id`,
 * `x-platform-event`, `x-hub-signature` and `body` become `id`, `name`, `signature` and
 * `payload` (the body serialised with `JSON.stringify`). Throws an `Error` saying what is
 * wrong with a message that cannot be one.
 *
 * @example
 * toDelivery('{"x-request-id":"1","x-platform-event":"push","x-hub-signature":"sha256=..","body":{}}');
 * // { id: "1", name: "push", signature: "sha256=..", payload: "{}" }
 */
export function toDelivery(data: unknown): WebhookDelivery {
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
  const fields = message as Record<string, unknown>;
  const name = fields["x-platform-event"];
  const signature = fields["x-hub-signature"];
  const id = fields["x-request-id"];
  const missing = [
    typeof name === "string" && name ? undefined : "x-platform-event",
    typeof signature === "string" && signature ? undefined : "x-hub-signature",
    fields.body === undefined ? "body" : undefined,
  ].filter((key) => key !== undefined);
  if (missing.length) throw new Error(`relay message lacks ${missing.join(", ")}`);
  return {
    id: typeof id === "string" ? id : undefined,
    name: name as string,
    signature: signature as string,
    payload: JSON.stringify(fields.body),
  };
}
