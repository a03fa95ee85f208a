import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { handWrittenPayloads } from "./hand-written-payloads.js";
import { createValidator, minimalPayload, schemas, table } from "./payload-schema-fixtures.js";

interface ExampleGroup {
  name: string;
  examples: Record<string, unknown>[];
}
const groups: ExampleGroup[] = createRequire(import.meta.url)("@octokit/webhooks-examples");
// The captured examples use the vendor's name for this event.
const ourName = (name: string) =>
  name === "github_app_authorization" ? "platform_app_authorization" : name;
const examples = new Map<string, Record<string, unknown>[]>();
for (const group of groups) {
  const name = ourName(group.name);
  if (name in table) examples.set(name, [...(examples.get(name) ?? []), ...group.examples]);
}
const validatorFor = createValidator();
const describeErrors = (event: string) =>
  JSON.stringify(
    validatorFor(event)
      .errors?.slice(0, 5)
      .map((e) => `${e.instancePath} ${e.message}`),
  );
// repository_dispatch's action is whatever event_type the dispatching client sent.
const FREE_FORM_ACTION = new Set(["repository_dispatch"]);
// Events whose `action` an override makes optional, as enterprise servers send none.
const overrides: { overrides: { at: string; optional?: string[] }[] } = JSON.parse(
  readFileSync(new URL("../../schemas/webhooks/payload-overrides.json", import.meta.url), "utf8"),
);
const ACTION_OPTIONAL = new Set(
  overrides.overrides
    .filter(({ optional }) => optional?.includes("action"))
    .map(({ at }) => at.split(".json")[0]),
);

// Every captured delivery of every example set is checked in payload-description.test.ts.
it("has captured examples for most events of the table", () => {
  expect(examples.size).toBeGreaterThan(50);
  for (const event of Object.keys(table)) expect(schemas).toHaveProperty([`${event}.json`]);
});

describe("payload schemas against hand-written deliveries, for events never captured", () => {
  it("has a realistic payload for every action of every event without a captured example", () => {
    const uncaptured = Object.keys(table).filter((event) => !examples.has(event));
    expect(Object.keys(handWrittenPayloads).sort()).toEqual(uncaptured.sort());
    for (const event of uncaptured) {
      const actions = new Set(handWrittenPayloads[event]?.map((payload) => payload.action));
      const expected = table[event]?.length ? table[event] : [undefined];
      expect([...actions].sort(), event).toEqual([...(expected ?? [])].sort());
    }
  });

  for (const [event, payloads] of Object.entries(handWrittenPayloads)) {
    it(`accepts every hand-written ${event} payload (${payloads.length})`, () => {
      const validate = validatorFor(event);
      for (const payload of payloads) {
        expect(validate(payload), `${String(payload.action ?? "")}: ${describeErrors(event)}`).toBe(
          true,
        );
      }
    });
  }
});

describe("payload schemas reject what the platform never sends", () => {
  for (const [event, actions] of Object.entries(table)) {
    const variants = actions.length ? actions : [undefined];
    it(`${event}: lists required fields; rejects a payload missing one, or with a wrong action`, () => {
      const validate = validatorFor(event);
      const file = schemas[`${event}.json`] as { required?: string[] };
      for (const action of variants) {
        if (action && !ACTION_OPTIONAL.has(event))
          expect(requiredOf(event, action)).toContain("action");
        if (action && ACTION_OPTIONAL.has(event))
          expect(requiredOf(event, action)).not.toContain("action");
      }
      const bases = [
        ...variants.map((action) => minimalPayload(event, action)),
        ...(examples.get(event) ?? []).map((payload) => structuredClone(payload)),
        ...(handWrittenPayloads[event] ?? []).map((payload) => structuredClone(payload)),
      ];
      for (const base of bases) {
        expect(validate(base), describeErrors(event)).toBe(true);
        const action = base.action as string | undefined;
        const required = new Set([
          ...(file.required ?? []),
          ...(action && !FREE_FORM_ACTION.has(event) ? requiredOf(event, action) : []),
        ]);
        for (const field of required) {
          const { [field]: _, ...missing } = base;
          expect(validate(missing), `accepted ${event}.${action ?? ""} without ${field}`).toBe(
            false,
          );
        }
        if (action !== undefined && !FREE_FORM_ACTION.has(event)) {
          expect(validate({ ...base, action: "not_an_action" })).toBe(false);
        }
      }
    });
  }

  it("repository_dispatch accepts any action, since it is the dispatcher's event_type", () => {
    const validate = validatorFor("repository_dispatch");
    expect(
      validate({ ...minimalPayload("repository_dispatch", "sample"), action: "deploy-now" }),
    ).toBe(true);
  });

  it("pull_request.review_requested names a requested user or team", () => {
    const validate = validatorFor("pull_request");
    const base = minimalPayload("pull_request", "review_requested");
    expect(validate(base), describeErrors("pull_request")).toBe(true);
    const { requested_reviewer: user, ...neither } = base;
    expect(validate(neither)).toBe(false);
    const team = minimalPayload("team", "created").team;
    expect(validate({ ...neither, requested_team: team }), describeErrors("pull_request")).toBe(
      true,
    );
    expect(user).toBeDefined();
  });

  it("push has no action", () => {
    expect((schemas["push.json"] as { properties: object }).properties).not.toHaveProperty(
      "action",
    );
  });
});

/** What a variant requires: its own list, and what every one of its `anyOf` alternatives does. */
function requiredOf(event: string, action: string): string[] {
  type Variant = { required?: string[]; anyOf?: Variant[] };
  const file = schemas[`${event}.json`] as { definitions: Record<string, Variant> };
  const variant = file.definitions[action];
  const alternatives = (variant?.anyOf ?? []).map((alternative) => alternative.required ?? []);
  const common = alternatives.length
    ? (alternatives[0] ?? []).filter((field) => alternatives.every((list) => list.includes(field)))
    : [];
  return [...new Set([...(variant?.required ?? []), ...common])];
}
