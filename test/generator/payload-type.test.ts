import { describe, expect, it } from "vitest";
import {
  flattenVariant,
  pascalCase,
  payloadTypeName,
  toTypeSchema,
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

describe("toTypeSchema", () => {
  it("turns shared and local references into named types and records them", () => {
    const used = new Set<string>();
    const schema = {
      type: "object",
      properties: {
        sender: { $ref: "definitions.json#/definitions/user" },
        parent: { anyOf: [{ $ref: "#/definitions/team_parent" }, { type: "null" }] },
      },
    };
    expect(toTypeSchema(schema, used)).toEqual({
      type: "object",
      properties: {
        parent: { anyOf: [{ tsType: "TeamParent" }, { type: "null" }] },
        sender: { tsType: "User" },
      },
    });
    expect([...used].sort()).toEqual(["TeamParent", "User"]);
  });

  it("drops nested titles but keeps a field named title", () => {
    const schema = {
      properties: {
        title: { type: "string", title: "Title" },
        body: { title: "B", type: "string" },
      },
    };
    expect(toTypeSchema(schema, new Set())).toEqual({
      properties: { body: { type: "string" }, title: { type: "string" } },
    });
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
