import {
  type EmitterWebhookEvent,
  type EmitterWebhookEventName,
  emitterEventNames,
  validateEventName,
} from "@typewire/runtime/webhooks";
import { describe, expectTypeOf, it } from "vitest";

describe("EmitterWebhookEventName", () => {
  it("is the union of the tuple's members", () => {
    expectTypeOf<(typeof emitterEventNames)[number]>().toEqualTypeOf<EmitterWebhookEventName>();
    expectTypeOf<"push">().toExtend<EmitterWebhookEventName>();
    expectTypeOf<"issues.opened">().toExtend<EmitterWebhookEventName>();
    expectTypeOf<"platform_app_authorization.revoked">().toExtend<EmitterWebhookEventName>();
  });

  it("rejects unknown literals", () => {
    // @ts-expect-error an unknown event
    const unknownEvent: EmitterWebhookEventName = "pushed";
    // @ts-expect-error an action the event does not have
    const unknownAction: EmitterWebhookEventName = "push.created";
    // @ts-expect-error a listener name, not an event name
    const any: EmitterWebhookEventName = "*";
    expectTypeOf(unknownEvent).toEqualTypeOf<EmitterWebhookEventName>();
    expectTypeOf(unknownAction).toEqualTypeOf<EmitterWebhookEventName>();
    expectTypeOf(any).toEqualTypeOf<EmitterWebhookEventName>();
    expectTypeOf<"pushed">().not.toExtend<EmitterWebhookEventName>();
  });

  it("the tuple is readonly", () => {
    // @ts-expect-error readonly tuple
    emitterEventNames.push("x");
  });
});

describe("validateEventName", () => {
  it("narrows a string to EmitterWebhookEventName in throw mode", () => {
    const name: string = "issues.opened";
    validateEventName(name);
    expectTypeOf(name).toEqualTypeOf<EmitterWebhookEventName>();
  });

  it("accepts any string at compile time, since unknown names are a run-time decision", () => {
    const name: string = "custom_event";
    validateEventName(name, { onUnknownEventName: "ignore" });
    expectTypeOf(name).toEqualTypeOf<string>();
  });
});

describe("EmitterWebhookEvent", () => {
  it("narrows name and action by event.action", () => {
    expectTypeOf<EmitterWebhookEvent<"issues.opened">["name"]>().toEqualTypeOf<"issues">();
    expectTypeOf<
      EmitterWebhookEvent<"issues.opened">["payload"]["action"]
    >().toEqualTypeOf<"opened">();
  });
});
