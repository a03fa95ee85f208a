import type { EmitterWebhookEvent, EmitterWebhookEventName } from "@typewire/runtime/webhooks";
import type { IssuesOpenedEvent, PushEvent, WebhookPayloadMap } from "@typewire/runtime/payloads";
import { describe, expectTypeOf, it } from "vitest";

describe("EmitterWebhookEvent", () => {
  it('narrows "issues.opened" to the opened payload', () => {
    expectTypeOf<EmitterWebhookEvent<"issues.opened">["name"]>().toEqualTypeOf<"issues">();
    expectTypeOf<
      EmitterWebhookEvent<"issues.opened">["payload"]["action"]
    >().toEqualTypeOf<"opened">();
    expectTypeOf<
      EmitterWebhookEvent<"issues.opened">["payload"]
    >().toEqualTypeOf<IssuesOpenedEvent>();
    expectTypeOf<EmitterWebhookEvent<"issues.opened">["id"]>().toEqualTypeOf<string>();
  });

  it("types the fields of the payload", () => {
    const read = (event: EmitterWebhookEvent<"issues.opened">) => {
      expectTypeOf(event.payload.issue.number).toEqualTypeOf<number>();
      expectTypeOf(event.payload.issue.title).toEqualTypeOf<string>();
      expectTypeOf(event.payload.repository.full_name).toEqualTypeOf<string>();
      expectTypeOf(event.payload.sender.login).toEqualTypeOf<string>();
      // @ts-expect-error: the issue has no such field
      event.payload.issue.numbr;
      // @ts-expect-error: the payload has no such field
      event.payload.pull_request;
    };
    expectTypeOf(read).toBeFunction();
  });

  it('gives "push" no action', () => {
    expectTypeOf<EmitterWebhookEvent<"push">["payload"]>().toEqualTypeOf<PushEvent>();
    expectTypeOf<EmitterWebhookEvent<"push">["payload"]>().not.toHaveProperty("action");
    expectTypeOf<EmitterWebhookEvent<"push">["payload"]["ref"]>().toEqualTypeOf<string>();
    expectTypeOf<
      EmitterWebhookEvent<"push">["payload"]["commits"][number]["message"]
    >().toEqualTypeOf<string>();
  });

  it("gives an event name without action the union of its actions", () => {
    expectTypeOf<EmitterWebhookEvent<"issues">["payload"]["action"]>().toEqualTypeOf<
      WebhookPayloadMap["issues"]["action"]
    >();
    expectTypeOf<"opened">().toExtend<EmitterWebhookEvent<"issues">["payload"]["action"]>();
    expectTypeOf<"closed">().toExtend<EmitterWebhookEvent<"issues">["payload"]["action"]>();
  });

  it("gives a union of names the union of their events, discriminable by name and action", () => {
    type Either = EmitterWebhookEvent<"issues.opened" | "pull_request.closed">;
    expectTypeOf<Either>().toEqualTypeOf<
      EmitterWebhookEvent<"issues.opened"> | EmitterWebhookEvent<"pull_request.closed">
    >();
    const handle = (event: Either) => {
      if (event.name === "issues") {
        expectTypeOf(event.payload.action).toEqualTypeOf<"opened">();
        expectTypeOf(event.payload.issue.number).toEqualTypeOf<number>();
      } else {
        expectTypeOf(event.payload.action).toEqualTypeOf<"closed">();
        expectTypeOf(event.payload.pull_request.merged).toEqualTypeOf<boolean>();
      }
    };
    expectTypeOf(handle).toBeFunction();
  });

  it("accepts every event name and rejects unknown ones", () => {
    expectTypeOf<"push">().toExtend<EmitterWebhookEvent["name"]>();
    expectTypeOf<"issues">().toExtend<EmitterWebhookEvent["name"]>();
    expectTypeOf<"issues.opened">().not.toExtend<EmitterWebhookEvent["name"]>();
    // @ts-expect-error: not an event name
    expectTypeOf<EmitterWebhookEvent<"issues.nope">>().toBeObject();
  });

  it("maps every event name to a payload type", () => {
    expectTypeOf<keyof WebhookPayloadMap>().toEqualTypeOf<EmitterWebhookEventName>();
    expectTypeOf<
      WebhookPayloadMap["platform_app_authorization.revoked"]["action"]
    >().toEqualTypeOf<"revoked">();
  });
});
