import { describe, expect, it } from "vitest";
import { examplePayload } from "@typewire/runtime/testing";
import type { EmitterWebhookEventName } from "@typewire/runtime/webhooks";
import { createValidator, table } from "./payload-schema-fixtures.js";

const validatorFor = createValidator();

/** Every event without actions and every `event.action` of the bundled table. */
const leafNames = Object.entries(table).flatMap(([event, actions]) =>
  actions.length ? actions.map((action) => `${event}.${action}`) : [event],
) as EmitterWebhookEventName[];

/** Every `[path, value]` of a JSON value, depth first. */
function* leaves(value: unknown, path = ""): Generator<[string, unknown]> {
  if (Array.isArray(value)) {
    for (const [index, element] of value.entries()) yield* leaves(element, `${path}[${index}]`);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, member] of Object.entries(value)) yield* leaves(member, `${path}.${key}`);
  } else yield [path, value];
}

/** What a plausible value of a field looks like, by the field's name. */
const plausible: [RegExp, (value: unknown) => boolean][] = [
  [
    /(?:^|_)url$|\.href$/,
    (v) => v === null || (typeof v === "string" && /^(?:https|git):\/\/\S+$|^git@\S+$/.test(v)),
  ],
  [/(?:_at|_on)$/, (v) => v === null || typeof v === "number" || isIsoTimestamp(v)],
  [/\.node_id$/, (v) => typeof v === "string" && /^[A-Za-z0-9+/]+={0,2}$/.test(v)],
  [/\.id$/, (v) => (typeof v === "number" && Number.isInteger(v) && v > 0) || isHex(v)],
  [/\.login$/, (v) => typeof v === "string" && /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(v)],
  [/\.number$/, (v) => typeof v === "number" && Number.isInteger(v) && v > 0],
  [/(?:\.sha|_sha|\.before|\.after)$/, (v) => v === null || isHex(v)],
  [/\.email$/, (v) => v === null || (typeof v === "string" && /^[^@\s]+@[^@\s]+$/.test(v))],
];

function isIsoTimestamp(value: unknown): boolean {
  return (
    typeof value === "string" &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}

function isHex(value: unknown): boolean {
  return typeof value === "string" && /^[0-9a-f]{40}$/.test(value);
}

describe("examplePayload, for every event and action of the table", () => {
  it("covers the whole table", () => {
    expect(leafNames.length).toBeGreaterThan(240);
  });

  it.each(leafNames)("%s validates against its payload schema", (name) => {
    const payload = examplePayload(name);
    const validate = validatorFor(name.split(".")[0]!);
    expect(validate(payload), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });

  it("fills fields with plausible values for their names: URLs, timestamps, ids, logins, hashes", () => {
    const implausible: string[] = [];
    let checked = 0;
    for (const name of leafNames) {
      for (const [path, value] of leaves(examplePayload(name))) {
        const rule = plausible.find(([pattern]) => pattern.test(path));
        if (!rule) continue;
        checked++;
        if (!rule[1](value)) implausible.push(`${name}${path} = ${JSON.stringify(value)}`);
      }
    }
    expect(implausible).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
  });

  it("carries each action's name and the fields its handlers read", () => {
    const opened = examplePayload("issues.opened");
    expect(opened.action).toBe("opened");
    expect(opened.issue.number).toBeGreaterThan(0);
    expect(opened.issue.user?.login).toBe("alice");
    expect(opened.repository.full_name).toBe("alice/hello-world");
    const push = examplePayload("push");
    expect(push.ref).toBe("refs/heads/main");
    expect(push.commits).toHaveLength(1);
  });
});

describe("examplePayload", () => {
  it("returns a new object on every call, so a test may change it", () => {
    const first = examplePayload("issues.opened");
    first.issue.title = "changed";
    first.repository.name = "changed";
    const second = examplePayload("issues.opened");
    expect(second.issue.title).not.toBe("changed");
    expect(second.repository.name).toBe("hello-world");
  });

  it("gives an event that has actions, named without one, its first action's example", () => {
    expect(examplePayload("issues")).toEqual(examplePayload("issues.assigned"));
    expect(examplePayload("issues").action).toBe("assigned");
  });

  it("refuses a name that is not an event, with a TypeError naming it", () => {
    for (const name of ["issues.nope", "nope", "constructor", "issues."]) {
      expect(() => examplePayload(name as EmitterWebhookEventName)).toThrow(TypeError);
      expect(() => examplePayload(name as EmitterWebhookEventName)).toThrow(
        `${JSON.stringify(name)} is not an event name`,
      );
    }
  });
});
