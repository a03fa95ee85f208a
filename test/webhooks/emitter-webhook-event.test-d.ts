import type {
  EmitterWebhookEvent,
  EmitterWebhookEventMap,
  EmitterWebhookEventName,
  EmitterWebhookNameMap,
  EmitterWebhookPayloadMap,
} from "@typewire/runtime/webhooks";
import type {
  IssuesEvent,
  IssuesOpenedEvent,
  LabelCreatedEvent,
  LabelDeletedEvent,
  LabelEditedEvent,
  LabelEvent,
  PushEvent,
  WebhookPayloadMap,
  WebhooksLabel,
} from "@typewire/runtime/payloads";
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

  it("gives an event name without action its generated union payload type", () => {
    expectTypeOf<EmitterWebhookEvent<"issues">["payload"]>().toEqualTypeOf<IssuesEvent>();
    expectTypeOf<EmitterWebhookEvent<"label">["payload"]>().toEqualTypeOf<LabelEvent>();
    expectTypeOf<EmitterWebhookEvent<"label">["payload"]>().toEqualTypeOf<
      LabelCreatedEvent | LabelDeletedEvent | LabelEditedEvent
    >();
    expectTypeOf<EmitterWebhookEvent<"issues">["payload"]>().toEqualTypeOf<
      | EmitterWebhookEvent<"issues.assigned">["payload"]
      | EmitterWebhookEvent<"issues.closed">["payload"]
      | EmitterWebhookEvent<"issues.deleted">["payload"]
      | EmitterWebhookEvent<"issues.demilestoned">["payload"]
      | EmitterWebhookEvent<"issues.edited">["payload"]
      | EmitterWebhookEvent<"issues.labeled">["payload"]
      | EmitterWebhookEvent<"issues.locked">["payload"]
      | EmitterWebhookEvent<"issues.milestoned">["payload"]
      | EmitterWebhookEvent<"issues.opened">["payload"]
      | EmitterWebhookEvent<"issues.pinned">["payload"]
      | EmitterWebhookEvent<"issues.reopened">["payload"]
      | EmitterWebhookEvent<"issues.transferred">["payload"]
      | EmitterWebhookEvent<"issues.typed">["payload"]
      | EmitterWebhookEvent<"issues.unassigned">["payload"]
      | EmitterWebhookEvent<"issues.unlabeled">["payload"]
      | EmitterWebhookEvent<"issues.unlocked">["payload"]
      | EmitterWebhookEvent<"issues.unpinned">["payload"]
      | EmitterWebhookEvent<"issues.untyped">["payload"]
    >();
  });

  it("carries the fields only one action sends", () => {
    expectTypeOf<EmitterWebhookEvent<"issues.edited">["payload"]["changes"]>().toEqualTypeOf<{
      body?: { from: string };
      title?: { from: string };
    }>();
    expectTypeOf<
      NonNullable<EmitterWebhookEvent<"label.edited">["payload"]["changes"]>
    >().toHaveProperty("description");
    // The description makes the label of labeled and unlabeled optional.
    expectTypeOf<EmitterWebhookEvent<"issues.labeled">["payload"]["label"]>().toEqualTypeOf<
      WebhooksLabel | undefined
    >();
    expectTypeOf<EmitterWebhookEvent<"issues.unlabeled">["payload"]["label"]>().toEqualTypeOf<
      WebhooksLabel | undefined
    >();
    expectTypeOf<
      EmitterWebhookEvent<"issues.transferred">["payload"]["changes"]["new_issue"]["number"]
    >().toEqualTypeOf<number>();
    // `opened` has `changes` only when the issue was transferred in: optional, and not the
    // `edited` shape.
    type OpenedChanges = EmitterWebhookEvent<"issues.opened">["payload"]["changes"];
    expectTypeOf<OpenedChanges>().toBeNullable();
    expectTypeOf<NonNullable<OpenedChanges>>().toHaveProperty("old_issue");
    expectTypeOf<NonNullable<OpenedChanges>>().toHaveProperty("old_repository");
    const absent = (
      opened: EmitterWebhookEvent<"issues.opened">["payload"],
      closed: EmitterWebhookEvent<"issues.closed">["payload"],
      any: EmitterWebhookEvent<"issues">["payload"],
    ) => {
      // @ts-expect-error: the opened payload's changes say where the issue came from, not edits
      opened.changes?.title;
      // @ts-expect-error: a closed issue carries no changes
      closed.changes;
      // @ts-expect-error: only labeled and unlabeled carry a label
      opened.label;
      // @ts-expect-error: not every issues action has changes, so the union must be narrowed first
      any.changes;
    };
    expectTypeOf(absent).toBeFunction();

    const read = (event: EmitterWebhookEvent<"issues">) => {
      if (event.payload.action === "edited") {
        expectTypeOf(event.payload.changes.title).toEqualTypeOf<{ from: string } | undefined>();
      }
      if (event.payload.action === "labeled") {
        expectTypeOf(event.payload.label?.name).toEqualTypeOf<string | undefined>();
      }
    };
    expectTypeOf(read).toBeFunction();
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

  it("reads as one object where the name is a type parameter, and each part has its map", () => {
    // Plain assignments: each compiles only if the part reads as that map's entry for E.
    const generic = <E extends EmitterWebhookEventName>(
      event: EmitterWebhookEvent<E>,
    ): EmitterWebhookPayloadMap[E] => {
      const name: EmitterWebhookNameMap[E] = event.name;
      const id: string = event.id;
      expectTypeOf([name, id]).toBeArray();
      return event.payload;
    };
    expectTypeOf(generic<"issues.opened">).returns.toEqualTypeOf<IssuesOpenedEvent>();
    expectTypeOf<EmitterWebhookNameMap["issues.opened"]>().toEqualTypeOf<"issues">();
    expectTypeOf<EmitterWebhookPayloadMap["label"]>().toEqualTypeOf<LabelEvent>();
    expectTypeOf<keyof EmitterWebhookEventMap>().toEqualTypeOf<EmitterWebhookEventName>();
    expectTypeOf<EmitterWebhookEventMap["push"]>().toEqualTypeOf<EmitterWebhookEvent<"push">>();
    // @ts-expect-error: the name map has only event names and event.action names
    expectTypeOf<EmitterWebhookNameMap["issues.nope"]>().toBeString();
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
