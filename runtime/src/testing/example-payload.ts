import { examplePayloads } from "../../../output/webhooks/example-payloads.js";
import { type EmitterWebhookEventName, emitterEventNames } from "../../../output/webhooks/index.js";
import type { WebhookPayloadMap } from "../../../output/webhooks/payloads/index.js";

/**
 * A new example payload for an event or `event.action`, built from the platform's payload
 * schemas when typewire was generated: it validates against the event's schema and every
 * required field holds a plausible value (numbers, logins, URLs, ISO 8601 timestamps, node ids).
 * An event that has actions, named without one, gets the example of its first action in
 * alphabetical order (`"issues"` gives `"issues.assigned"`'s). Each call returns a new object, so
 * a test may change it freely.
 *
 * @example
 * const payload = examplePayload("issues.opened");
 * payload.issue.number; // 1
 * payload.issue.title = "Crash on start"; // a copy of its own: change what the test is about
 * await signDelivery({ secret: "<SIGNING_SECRET>", name: "issues.opened", payload });
 */
export function examplePayload<TName extends EmitterWebhookEventName>(
  name: TName,
): WebhookPayloadMap[TName] {
  const key = Object.hasOwn(examplePayloads, name)
    ? name
    : emitterEventNames.find((candidate) => candidate.startsWith(`${String(name)}.`));
  const build = key === undefined ? undefined : examplePayloads[key];
  if (build === undefined) {
    throw new TypeError(
      `[typewire] examplePayload: ${JSON.stringify(name)} is not an event name (see emitterEventNames)`,
    );
  }
  return build() as WebhookPayloadMap[TName];
}
