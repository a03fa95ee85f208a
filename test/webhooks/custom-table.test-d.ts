import { createNodeMiddleware, createWebMiddleware } from "@typewire/runtime/middleware";
import type { createDeliveryWorker } from "@typewire/runtime/queue";
import type { createRelayClient } from "@typewire/runtime/relay";
import { Webhooks as PlatformWebhooks } from "@typewire/runtime/webhooks";
import { describe, expectTypeOf, it } from "vitest";
import {
  createEventHandler,
  type EmitterWebhookEvent,
  type EmitterWebhookEventName,
  type Payloads,
  type WebhookEventHandlerError,
  Webhooks,
} from "./custom-table/generated/index.js";
import { examplePayload } from "./custom-table/generated/testing.js";

// A user's own table (test/webhooks/custom-table/events.json): `deploy_hook`, which the platform's
// bundled table lacks, `issues` with one action, and `ping`.
const webhooks = new Webhooks({ secret: "s" });

describe("a generated module binds the runtime to its own table", () => {
  it("types on() for the table's new event and its actions, from its payload schema", () => {
    webhooks.on("deploy_hook.fired", (event) => {
      expectTypeOf(event).toEqualTypeOf<EmitterWebhookEvent<"deploy_hook.fired">>();
      expectTypeOf(event.name).toEqualTypeOf<"deploy_hook">();
      expectTypeOf(event.payload).toEqualTypeOf<Payloads.DeployHookFiredEvent>();
      expectTypeOf(event.payload.action).toEqualTypeOf<"fired">();
      expectTypeOf(event.payload.sha).toEqualTypeOf<string>();
      expectTypeOf(event.payload.hook.last_status).toEqualTypeOf<"success" | "failure" | null>();
      // @ts-expect-error the fired payload's schema declares no status_code (the failed one does)
      event.payload.status_code;
    });
    webhooks.on("deploy_hook", (event) => {
      expectTypeOf(event.payload.action).toEqualTypeOf<"failed" | "fired">();
      if (event.payload.action === "failed")
        expectTypeOf(event.payload.status_code).toEqualTypeOf<number>();
    });
    webhooks.on("ping", ({ payload }) => {
      expectTypeOf(payload.zen).toEqualTypeOf<string>();
    });
  });

  it("refuses an action or an event the table lacks, even one the platform's table has", () => {
    // @ts-expect-error "exploded" is not an action of deploy_hook in this table
    webhooks.on("deploy_hook.exploded", () => undefined);
    // @ts-expect-error the platform's table has issues.closed; this one lists only opened
    webhooks.on("issues.closed", () => undefined);
    // @ts-expect-error push is an event of the platform's table, not of this one
    webhooks.on("push", () => undefined);
    expectTypeOf<EmitterWebhookEventName>().toEqualTypeOf<
      | "deploy_hook"
      | "deploy_hook.failed"
      | "deploy_hook.fired"
      | "issues"
      | "issues.opened"
      | "ping"
    >();
  });

  it("the runtime's own Webhooks stays bound to the platform's table", () => {
    const platform = new PlatformWebhooks({ secret: "s" });
    // @ts-expect-error the platform's bundled table has no deploy_hook event
    platform.on("deploy_hook.fired", () => undefined);
    platform.on("issues.closed", ({ payload }) => {
      expectTypeOf(payload.action).toEqualTypeOf<"closed">();
    });
  });

  it("carries a transform's result, onAny's union, errors and removeListener over the table", () => {
    const transformed = new Webhooks({
      secret: "s",
      transform: (event) => {
        expectTypeOf(event).toEqualTypeOf<EmitterWebhookEvent>();
        return { delivery: event.id };
      },
    });
    transformed.on("deploy_hook.failed", (event) => {
      expectTypeOf(event).toEqualTypeOf<{ delivery: string }>();
    });
    webhooks.onAny((event) => {
      expectTypeOf(event.name).toEqualTypeOf<"deploy_hook" | "issues" | "ping">();
    });
    webhooks.onError((error) => {
      expectTypeOf(error).toEqualTypeOf<WebhookEventHandlerError>();
    });
    webhooks.removeListener(["deploy_hook.fired", "*", "error"], () => undefined);
    // @ts-expect-error not a name of this table
    webhooks.removeListener("push", () => undefined);
  });

  it("createEventHandler is bound the same way", () => {
    const handler = createEventHandler();
    handler.on("deploy_hook.fired", ({ payload }) => {
      expectTypeOf(payload.hook.url).toEqualTypeOf<string>();
    });
    // @ts-expect-error not an event of this table
    handler.on("pull_request", () => undefined);
  });

  it("the middleware, the relay client and the queue worker take the bound instance", () => {
    expectTypeOf(createNodeMiddleware(webhooks)).toBeFunction();
    expectTypeOf(createWebMiddleware(webhooks)).toBeFunction();
    expectTypeOf(webhooks).toExtend<Parameters<typeof createDeliveryWorker>[0]>();
    expectTypeOf({ url: "http://127.0.0.1:1/", webhooks }).toExtend<
      Parameters<typeof createRelayClient>[0]
    >();
    expectTypeOf(createEventHandler()).toExtend<Parameters<typeof createDeliveryWorker>[0]>();
  });

  it("examplePayload gives the table's payload type", () => {
    expectTypeOf(
      examplePayload("deploy_hook.fired"),
    ).toEqualTypeOf<Payloads.DeployHookFiredEvent>();
    // @ts-expect-error not an event of this table
    examplePayload("push");
  });
});
