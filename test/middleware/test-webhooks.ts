import { createHmac, timingSafeEqual } from "node:crypto";
import type { MiddlewareEvent, MiddlewareWebhooks } from "@typewire/runtime/middleware";

export const SECRET = "<SIGNING_SECRET>";

/** Records what reached `receive` and the logger, and runs the handler a test gives it. */
export interface RecordingWebhooks extends MiddlewareWebhooks {
  received: MiddlewareEvent[];
  logged: { level: string; message: string }[];
  handler: (event: MiddlewareEvent) => unknown;
}

/**
 * A webhooks instance for middleware tests: real HMAC-SHA256 over the raw bytes, and a
 * `receive` that runs one replaceable handler, rejecting with `.errors` as the runtime does.
 */
export function recordingWebhooks(secret = SECRET): RecordingWebhooks {
  const logged: RecordingWebhooks["logged"] = [];
  const entry = (level: string) => (message: unknown) => {
    logged.push({ level, message: String(message) });
  };
  const webhooks: RecordingWebhooks = {
    received: [],
    logged,
    handler: () => undefined,
    log: { debug: entry("debug"), info: entry("info"), warn: entry("warn"), error: entry("error") },
    verifyBody(body, signature) {
      if (!signature.startsWith("sha256=") || signature.length !== 71) return false;
      const expected = createHmac("sha256", secret).update(body).digest();
      return timingSafeEqual(expected, Buffer.from(signature.slice(7), "hex"));
    },
    async receive(event) {
      webhooks.received.push(event);
      try {
        await webhooks.handler(event);
      } catch (error) {
        throw Object.assign(new Error((error as Error).message), { errors: [error] });
      }
    },
  };
  return webhooks;
}

/** `sha256=<hex>` over the given bytes, signed the way the platform signs. */
export function signBytes(body: string | Uint8Array, secret = SECRET): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}
