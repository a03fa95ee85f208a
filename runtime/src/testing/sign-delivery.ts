import { hmacSha256 } from "../signature/web/hmac.js";
import { toSignature } from "../signature/to-signature.js";
import { type ExampleTable, findExample, platformExamples } from "./example-payload.js";

/** What a signed test delivery is made from. */
export interface DeliveryInit {
  /** Signing secret, as given to `new Webhooks({ secret })`. */
  secret: string;
  /** `event` or `event.action`; the action is put into an object payload that has none. */
  name: string;
  /**
   * An object (serialised with `JSON.stringify`) or the exact body text or bytes to sign. When
   * absent, the example payload of `name` (see `examplePayload`), which validates against the
   * event's payload schema.
   */
  payload?: unknown;
  /** Delivery id; a random UUID when absent. */
  id?: string;
}

/** Headers and body of a signed delivery, ready for any HTTP client. */
export interface SignedDelivery {
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();

/** `signDelivery` over one table's examples. */
export type SignDeliveryFunction = (init: DeliveryInit) => Promise<SignedDelivery>;

/**
 * `signDelivery` whose deliveries without a `payload` carry the table's example for their name.
 *
 * @example
 * const signDelivery = signDeliveryFor({ emitterEventNames, examplePayloads });
 */
export function signDeliveryFor(table: ExampleTable<unknown>): SignDeliveryFunction {
  return async (init) => {
    if (typeof init?.secret !== "string" || !init.secret)
      throw new TypeError("[typewire] signDelivery: secret is required");
    if (typeof init.name !== "string" || !init.name)
      throw new TypeError("[typewire] signDelivery: name is required");
    const dot = init.name.indexOf(".");
    const event = dot === -1 ? init.name : init.name.slice(0, dot);
    const payload = init.payload === undefined ? exampleFor(table, init.name) : init.payload;
    const body = toBody(payload, dot === -1 ? undefined : init.name.slice(dot + 1));
    const signature = toSignature(await hmacSha256(init.secret, body));
    return {
      headers: {
        "content-type": "application/json",
        "x-platform-event": event,
        "x-platform-delivery": init.id ?? crypto.randomUUID(),
        "x-hub-signature-256": signature,
      },
      body,
    };
  };
}

/**
 * Builds the headers and body the platform would send for one delivery, signed with
 * HMAC-SHA256 (`x-hub-signature-256: sha256=<hex>`) over the exact body bytes. Without a
 * `payload`, the body is the example payload of `name`.
 *
 * @example
 * const { headers, body } = await signDelivery({ secret: "<SIGNING_SECRET>", name: "issues.opened" });
 * await fetch("http://127.0.0.1:3000/api/platform/webhooks", { method: "POST", headers, body });
 */
export const signDelivery: SignDeliveryFunction = signDeliveryFor(platformExamples);

function exampleFor(table: ExampleTable<unknown>, name: string): unknown {
  const found = findExample(table, name);
  if (typeof found === "string")
    throw new TypeError(
      `[typewire] signDelivery: no example payload for ${JSON.stringify(name)}, which ${found}; pass a payload`,
    );
  return found();
}

function toBody(payload: unknown, action: string | undefined): Uint8Array<ArrayBuffer> {
  if (payload instanceof Uint8Array) return new Uint8Array(payload);
  if (typeof payload === "string") return encoder.encode(payload);
  const value =
    action !== undefined &&
    typeof payload === "object" &&
    payload !== null &&
    !Array.isArray(payload) &&
    !("action" in payload)
      ? { action, ...payload }
      : payload;
  return encoder.encode(JSON.stringify(value ?? {}));
}
