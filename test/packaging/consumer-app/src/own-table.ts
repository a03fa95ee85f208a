// The project's own event table (webhooks/events.json: the platform's table plus deploy_hook,
// which the platform's lacks), generated into src/generated/webhooks. A signed delivery of the
// new event goes through the node middleware to its typed handler; prints what it saw as JSON.
import { createNodeMiddleware } from "@typewire/runtime";
import { Webhooks as PlatformWebhooks } from "@typewire/runtime/webhooks";
import { emitterEventNames, type Payloads, Webhooks } from "./generated/webhooks/index.js";
import { examplePayload, signDelivery } from "./generated/webhooks/testing.js";
import { postDeliveries } from "./post-deliveries.js";

const secret = "own-table-secret";
const warnings: string[] = [];
const webhooks = new Webhooks({
  secret,
  log: { warn: (message: string) => warnings.push(message) },
});
const handled: string[] = [];
webhooks.on("deploy_hook.fired", ({ id, name, payload }) => {
  const sha: string = payload.sha;
  const environment: string = payload.hook.environment;
  handled.push(`${id}:${name}.${payload.action}:${sha}:${environment}`);
});
webhooks.on("deploy_hook", ({ payload }) => {
  if (payload.action === "failed") {
    const status: number = payload.status_code;
    handled.push(`failed:${status}`);
  }
});
// The platform's events are in the table too, typed as before.
webhooks.on("issues.opened", ({ payload }) => {
  const issueNumber: number = payload.issue.number;
  handled.push(`issues.opened:${issueNumber}`);
});

export function firedSha(payload: Payloads.DeployHookFiredEvent): string {
  return payload.sha;
}

export function firedStatus(payload: Payloads.DeployHookFiredEvent): unknown {
  // @ts-expect-error the fired payload's schema declares no status_code (the failed one does)
  return payload.status_code;
}

// @ts-expect-error "exploded" is not an action of deploy_hook in webhooks/events.json; at run
// time too, names are checked against the project's table, so this registration is logged.
webhooks.on("deploy_hook.exploded", () => undefined);
// @ts-expect-error the runtime's own Webhooks is bound to the platform's table, which lacks it
new PlatformWebhooks({ secret }).on("deploy_hook.fired", () => undefined);

const statuses = await postDeliveries(
  createNodeMiddleware(webhooks),
  // No payload: the example built from the project's own schema for that name.
  ["deploy_hook.fired", "deploy_hook.failed", "issues.opened"].map((name) =>
    signDelivery({ secret, name, id: `own-${name}` }),
  ),
);

console.log(
  JSON.stringify({
    statuses,
    handled,
    warnings,
    example: examplePayload("deploy_hook.fired"),
    hasNewEvent: emitterEventNames.includes("deploy_hook.fired"),
  }),
);
