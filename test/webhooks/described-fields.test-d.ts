import type { EmitterWebhookEvent } from "@typewire/runtime/webhooks";
import type { RepositoryRuleset, SimpleCheckSuite, SimpleUser } from "@typewire/runtime/payloads";
import { describe, expectTypeOf, it } from "vitest";

// Fields that handler code of public apps reads, taken from the platform's description: each is
// read here without a cast, on the events that carry it.
describe("payload types from the platform's description", () => {
  it("reads issue.state_reason and issue.type", () => {
    const read = (event: EmitterWebhookEvent<"issues.closed">) => {
      expectTypeOf(event.payload.issue.state_reason).toEqualTypeOf<string | null | undefined>();
      expectTypeOf(event.payload.issue.type).not.toBeAny();
      expectTypeOf(event.payload.issue.type?.name).toEqualTypeOf<string | undefined>();
    };
    expectTypeOf(read).toBeFunction();
  });

  it("reads comment.in_reply_to_id on review comments", () => {
    const read = (event: EmitterWebhookEvent<"pull_request_review_comment.created">) => {
      expectTypeOf(event.payload.comment.in_reply_to_id).toEqualTypeOf<number | undefined>();
    };
    expectTypeOf(read).toBeFunction();
  });

  it("reads discussion.state_reason and release.updated_at", () => {
    const discussion = (event: EmitterWebhookEvent<"discussion.closed">) => {
      expectTypeOf(event.payload.discussion.state_reason).toEqualTypeOf<
        "resolved" | "outdated" | "duplicate" | "reopened" | null | undefined
      >();
    };
    const release = (event: EmitterWebhookEvent<"release.published">) => {
      expectTypeOf(event.payload.release.updated_at).toEqualTypeOf<string | null | undefined>();
    };
    expectTypeOf(discussion).toBeFunction();
    expectTypeOf(release).toBeFunction();
  });

  it("reads repositories on installation.suspend and installation.unsuspend", () => {
    const read = (
      suspend: EmitterWebhookEvent<"installation.suspend">,
      unsuspend: EmitterWebhookEvent<"installation.unsuspend">,
    ) => {
      expectTypeOf(suspend.payload.repositories?.[0]?.full_name).toEqualTypeOf<
        string | undefined
      >();
      expectTypeOf(unsuspend.payload.repositories?.[0]?.full_name).toEqualTypeOf<
        string | undefined
      >();
    };
    expectTypeOf(read).toBeFunction();
  });

  it("keeps pull_request.base.repo non-nullable", () => {
    const read = (event: EmitterWebhookEvent<"pull_request.opened">) => {
      expectTypeOf(event.payload.pull_request.base.repo.full_name).toEqualTypeOf<string>();
      expectTypeOf(event.payload.pull_request.base.repo).not.toBeNullable();
    };
    expectTypeOf(read).toBeFunction();
  });

  it("requires check_run.check_suite on check_run events", () => {
    const read = (event: EmitterWebhookEvent<"check_run.completed">) => {
      expectTypeOf(event.payload.check_run.check_suite).toEqualTypeOf<SimpleCheckSuite>();
      expectTypeOf(event.payload.check_run.check_suite.id).toEqualTypeOf<number | undefined>();
    };
    expectTypeOf(read).toBeFunction();
  });

  it("types repository.organization as an object or null, not a string", () => {
    const read = (event: EmitterWebhookEvent<"issues.opened">) => {
      expectTypeOf(event.payload.repository.organization).toEqualTypeOf<
        SimpleUser | null | undefined
      >();
      // @ts-expect-error: not a string
      event.payload.repository.organization?.toUpperCase();
    };
    expectTypeOf(read).toBeFunction();
  });

  it('lets repository_ruleset.current_user_can_bypass be "exempt"', () => {
    expectTypeOf<"exempt">().toMatchTypeOf<
      NonNullable<RepositoryRuleset["current_user_can_bypass"]>
    >();
    const read = (event: EmitterWebhookEvent<"repository_ruleset.created">) => {
      expectTypeOf(event.payload.repository_ruleset).toEqualTypeOf<RepositoryRuleset>();
    };
    expectTypeOf(read).toBeFunction();
  });

  it("rejects a field the description does not have", () => {
    const read = (event: EmitterWebhookEvent<"issues.opened">) => {
      // @ts-expect-error: the description's issue has no `closed_reason`
      event.payload.issue.closed_reason;
      // @ts-expect-error: nor does its release
      (null as unknown as EmitterWebhookEvent<"release.published">).payload.release.edited_at;
      return event;
    };
    expectTypeOf(read).toBeFunction();
  });
});
