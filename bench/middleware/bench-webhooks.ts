import { Webhooks } from "@typewire/runtime/webhooks";

/** The webhooks instance the benchmark serves: the real class with one no-op handler, as the peer's. */
export function benchWebhooks(secret: string): Webhooks {
  const webhooks = new Webhooks({ secret });
  webhooks.on("issues", () => undefined);
  return webhooks;
}
