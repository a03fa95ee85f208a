import { describe, expectTypeOf, it } from "vitest";
import type { IssuesEvent, IssuesOpenedEvent, PushEvent } from "@typewire/runtime/payloads";
import {
  type DeliveryInit,
  type SignedDelivery,
  examplePayload,
  signDelivery,
} from "@typewire/runtime/testing";

describe("@typewire/runtime/testing types", () => {
  it("examplePayload returns the payload type of the name it is given", () => {
    expectTypeOf(examplePayload("issues.opened")).toEqualTypeOf<IssuesOpenedEvent>();
    expectTypeOf(examplePayload("issues")).toEqualTypeOf<IssuesEvent>();
    expectTypeOf(examplePayload("push")).toEqualTypeOf<PushEvent>();
    expectTypeOf(examplePayload("issues.opened").issue.number).toEqualTypeOf<number>();
  });

  it("examplePayload accepts only event names", () => {
    // @ts-expect-error: not an event name
    examplePayload("issues.opend");
    // @ts-expect-error: a name is required
    examplePayload();
  });

  it("signDelivery needs a secret and a name; the payload is optional", () => {
    expectTypeOf(signDelivery({ secret: "s", name: "issues.opened" })).toEqualTypeOf<
      Promise<SignedDelivery>
    >();
    expectTypeOf<{ secret: string; name: string }>().toExtend<DeliveryInit>();
    // @ts-expect-error: the secret is required
    signDelivery({ name: "push" });
  });
});
