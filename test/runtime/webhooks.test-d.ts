import { createEventHandler } from "@typewire/runtime/event-handler";
import {
  type EmitterWebhookEvent,
  type EmitterWebhookEventName,
  validateEventName,
  Webhooks,
  type WebhookEventHandlerError,
} from "@typewire/runtime/webhooks";
import { describe, expectTypeOf, it } from "vitest";

const webhooks = new Webhooks({ secret: "s" });

describe("on", () => {
  it("narrows the event to the registered name and action", () => {
    webhooks.on("issues.opened", (event) => {
      expectTypeOf(event).toEqualTypeOf<EmitterWebhookEvent<"issues.opened">>();
      expectTypeOf(event.name).toEqualTypeOf<"issues">();
      expectTypeOf(event.payload.action).toEqualTypeOf<"opened">();
      expectTypeOf(event.id).toEqualTypeOf<string>();
    });
    webhooks.on("issues", (event) => {
      expectTypeOf<"opened" | "closed" | "reopened">().toExtend<typeof event.payload.action>();
      // @ts-expect-error "opened" is an action of issues, "nope" is not
      if (event.payload.action === "nope") return;
    });
  });

  it("gives a union for a list of names", () => {
    webhooks.on(["issues.opened", "pull_request.closed"], (event) => {
      expectTypeOf(event).toEqualTypeOf<
        EmitterWebhookEvent<"issues.opened" | "pull_request.closed">
      >();
      expectTypeOf(event.name).toEqualTypeOf<"issues" | "pull_request">();
      expectTypeOf(event.payload.action).toEqualTypeOf<"opened" | "closed">();
      if (event.name === "issues") expectTypeOf(event.payload.action).toEqualTypeOf<"opened">();
    });
  });

  it("refuses an unknown literal name, '*' and 'error'", () => {
    // @ts-expect-error not an event name
    webhooks.on("issues.nope", () => undefined);
    // @ts-expect-error not an event name
    webhooks.on(["push", "pushed"], () => undefined);
    // @ts-expect-error use onAny
    webhooks.on("*", () => undefined);
    // @ts-expect-error use onError
    webhooks.on("error", () => undefined);
  });

  it("passes the transform's return type to on handlers, not to onAny", () => {
    const transformed = new Webhooks({
      secret: "s",
      transform: (event) => ({ delivery: event.id, enriched: true as const }),
    });
    transformed.on("push", (event) => {
      expectTypeOf(event).toEqualTypeOf<{ delivery: string; enriched: true }>();
    });
    transformed.onAny((event) => {
      expectTypeOf(event).toEqualTypeOf<EmitterWebhookEvent>();
    });
  });

  it("unwraps an async transform", () => {
    const handler = createEventHandler({ transform: async (event) => ({ name: event.name }) });
    handler.on("push", (event) => {
      expectTypeOf(event).toEqualTypeOf<{ name: EmitterWebhookEvent["name"] }>();
    });
  });
});

describe("the other methods", () => {
  it("types onError, removeListener, receive, verifyAndReceive, sign and verify", () => {
    webhooks.onError((error) => {
      expectTypeOf(error).toEqualTypeOf<WebhookEventHandlerError>();
      expectTypeOf(error.event.name).toBeString();
    });
    webhooks.removeListener(["push", "*", "error"], () => undefined);
    // @ts-expect-error not an event name
    webhooks.removeListener("pushed", () => undefined);
    expectTypeOf(webhooks.receive({ name: "push", payload: {} })).toEqualTypeOf<Promise<void>>();
    expectTypeOf(webhooks.sign("x")).toEqualTypeOf<Promise<string>>();
    expectTypeOf(webhooks.verify("x", "sha256=")).toEqualTypeOf<Promise<boolean>>();
    expectTypeOf(webhooks.verifyAndReceive)
      .parameter(0)
      .toHaveProperty("payload")
      .toEqualTypeOf<string | Uint8Array>();
  });
});

describe("validateEventName", () => {
  it("accepts any string at compile time, and narrows in throw mode", () => {
    const name: string = "issues.nope";
    validateEventName(name, { onUnknownEventName: "ignore" });
    expectTypeOf(name).toEqualTypeOf<string>();
    validateEventName(name);
    expectTypeOf(name).toEqualTypeOf<EmitterWebhookEventName>();
  });

  it("takes an unknown literal under ignore and warn, where on rejects it", () => {
    validateEventName("issues.nope", { onUnknownEventName: "ignore" });
    validateEventName("issues.nope", { onUnknownEventName: "warn" });
    expectTypeOf(validateEventName).toBeCallableWith("issues.nope", {
      onUnknownEventName: "ignore",
    });
    // @ts-expect-error: "nope" is not an action of issues
    webhooks.on("issues.nope", () => {});
    // @ts-expect-error: one unknown name in a list is enough
    webhooks.on(["issues.opened", "issues.nope"], () => {});
    expectTypeOf<"issues.nope">().not.toExtend<EmitterWebhookEventName>();
  });
});
