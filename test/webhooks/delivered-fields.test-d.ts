import type { EmitterWebhookEvent } from "@typewire/runtime/webhooks";
import { describe, expectTypeOf, it } from "vitest";

// Fields real deliveries carry that the platform's description does not declare, added by the
// "addProperties" overrides of schemas/webhooks/payload-overrides.json: each is read here without
// a cast, typed as the deliveries show it (optional, since older deliveries lack it).
describe("fields added from deliveries", () => {
  it("reads custom_properties of both repositories of a pull request, as an open map", () => {
    const read = (event: EmitterWebhookEvent<"pull_request.labeled">) => {
      const base = event.payload.pull_request.base.repo.custom_properties;
      expectTypeOf(base).toEqualTypeOf<{ [k: string]: unknown } | undefined>();
      expectTypeOf(
        event.payload.pull_request.head.repo?.custom_properties?.team,
      ).toEqualTypeOf<unknown>();
    };
    expectTypeOf(read).toBeFunction();
  });

  it("reads security_advisory.cve_id, nullable as deliveries send it", () => {
    const read = (event: EmitterWebhookEvent<"security_advisory.published">) => {
      expectTypeOf(event.payload.security_advisory.cve_id).toEqualTypeOf<
        string | null | undefined
      >();
    };
    expectTypeOf(read).toBeFunction();
  });

  it("reads alert.instances on code_scanning_alert and web_commit_signoff_required on team", () => {
    const alert = (event: EmitterWebhookEvent<"code_scanning_alert.reopened">) => {
      expectTypeOf(event.payload.alert?.instances?.[0]?.analysis_key).toEqualTypeOf<
        string | undefined
      >();
    };
    const team = (event: EmitterWebhookEvent<"team.added_to_repository">) => {
      expectTypeOf(event.payload.repository?.web_commit_signoff_required).toEqualTypeOf<
        boolean | undefined
      >();
    };
    expectTypeOf(alert).toBeFunction();
    expectTypeOf(team).toBeFunction();
  });

  it("reads enterprise on milestone.closed and the pre-receive hook permissions of an app", () => {
    const milestone = (event: EmitterWebhookEvent<"milestone.closed">) => {
      expectTypeOf(event.payload.enterprise?.slug).toEqualTypeOf<string | undefined>();
    };
    const suite = (event: EmitterWebhookEvent<"check_suite.completed">) => {
      expectTypeOf(
        event.payload.check_suite.app.permissions?.repository_pre_receive_hooks,
      ).toEqualTypeOf<"read" | "write" | undefined>();
    };
    expectTypeOf(milestone).toBeFunction();
    expectTypeOf(suite).toBeFunction();
  });
});
