import { createHmac } from "node:crypto";
import type { Logger } from "@typewire/runtime/event-handler";
import { type EmitterWebhookEvent, Webhooks } from "@typewire/runtime/webhooks";

export const SECRET = "<SIGNING_SECRET>";

/** A real `Webhooks` instance plus what reached its handlers, its `onError` and a logger. */
export interface Recording {
  webhooks: Webhooks;
  received: EmitterWebhookEvent[];
  errors: Error[];
  logged: { level: string; message: string }[];
  log: Logger;
  /** Runs for every received event; replace it to make handlers slow or failing. */
  handler: (event: EmitterWebhookEvent) => unknown;
}

/**
 * Builds a `Webhooks` whose `onAny` handler records each event and then runs `handler`, and
 * whose `onError` handlers record each failure; `log` records what the middleware logs.
 */
export function recordingWebhooks(secret = SECRET): Recording {
  const logged: Recording["logged"] = [];
  const entry = (level: string) => (message: unknown) => {
    logged.push({ level, message: String(message) });
  };
  const recording: Recording = {
    webhooks: new Webhooks({ secret }),
    received: [],
    errors: [],
    logged,
    log: { debug: entry("debug"), info: entry("info"), warn: entry("warn"), error: entry("error") },
    handler: () => undefined,
  };
  recording.webhooks.onAny((event) => {
    recording.received.push(event);
    return recording.handler(event);
  });
  recording.webhooks.onError((error) => {
    recording.errors.push(error);
  });
  return recording;
}

/** `sha256=<hex>` over the given bytes, computed independently of the runtime under test. */
export function signBytes(body: string | Uint8Array, secret = SECRET): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}
