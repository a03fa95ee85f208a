import { createHmac, timingSafeEqual } from "node:crypto";
import type { MiddlewareWebhooks } from "@typewire/runtime/middleware";

/** The webhooks instance the benchmark serves: HMAC over the raw bytes and one no-op handler. */
export function benchWebhooks(secret: string): MiddlewareWebhooks {
  return {
    verifyBody(body, signature) {
      if (signature.length !== 71) return false;
      const given = Buffer.from(signature.slice(7), "hex");
      return (
        given.length === 32 &&
        timingSafeEqual(createHmac("sha256", secret).update(body).digest(), given)
      );
    },
    async receive() {},
  };
}
