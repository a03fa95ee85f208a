import { describe, expect, it } from "vitest";
import {
  definitionRef,
  flattenVariant,
  pascalCase,
  payloadTypeName,
} from "../../generator/webhooks/payload-type.js";

describe("payloadTypeName", () => {
  const cases: [string, string | undefined, string][] = [
    ["push", undefined, "PushEvent"],
    ["pull_request", "opened", "PullRequestOpenedEvent"],
    ["pull_request_review_comment", "created", "PullRequestReviewCommentCreatedEvent"],
    ["platform_app_authorization", "revoked", "PlatformAppAuthorizationRevokedEvent"],
    ["code_scanning_alert", "reopened_by_user", "CodeScanningAlertReopenedByUserEvent"],
  ];
  for (const [event, action, want] of cases) {
    it(`${event}${action ? `.${action}` : ""} → ${want}`, () =>
      expect(payloadTypeName(event, action)).toBe(want));
  }
  it("PascalCases definition names", () =>
    expect(pascalCase("installation_lite")).toBe("InstallationLite"));
});

describe("definitionRef", () => {
  it("names shared and local definitions and records each one used", () => {
    const used = new Set<string>();
    const name = definitionRef(used);
    expect(name("definitions.json#/definitions/user")).toBe("User");
    expect(name("#/definitions/team_parent")).toBe("TeamParent");
    expect(name("definitions.json#/definitions/user")).toBe("User");
    expect([...used].sort()).toEqual(["TeamParent", "User"]);
  });
});

describe("flattenVariant", () => {
  const root = {
    description: "Activity on an issue.",
    required: ["issue", "sender"],
    properties: { sender: { type: "string" }, issue: { type: "string" } },
  };
  it("puts action first, merges required fields, and lets the variant refine a field", () => {
    const variant = {
      required: ["action", "label"],
      properties: {
        label: { type: "string" },
        action: { const: "labeled" },
        issue: { type: "integer" },
      },
    };
    const flat = flattenVariant(root, variant);
    expect(Object.keys(flat.properties as object)).toEqual(["action", "issue", "label", "sender"]);
    expect(flat.required).toEqual(["action", "issue", "label", "sender"]);
    expect((flat.properties as Record<string, unknown>).issue).toEqual({ type: "integer" });
    expect(flat.description).toBe("Activity on an issue. Action `labeled`.");
  });

  it("is the root alone for an event without actions", () => {
    expect(flattenVariant(root, undefined).required).toEqual(["issue", "sender"]);
  });
});
