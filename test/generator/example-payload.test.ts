import { describe, expect, it } from "vitest";
import type { ValueNode } from "../../generator/print/value-syntax.js";
import { buildExamplePayloads } from "../../generator/webhooks/example-payload.js";
import type { JsonSchema, PayloadSchemas } from "../../generator/webhooks/payload-schema-model.js";
import { GeneratorError } from "../../input/errors.js";

/** Payload schemas for one event, `thing`, with the given root, variants and shared definitions. */
function schemas(
  root: JsonSchema,
  variants: Record<string, JsonSchema> = {},
  definitions: Record<string, JsonSchema> = {},
): PayloadSchemas {
  return {
    definitionsFile: "payloads/definitions.json",
    definitions: Object.entries(definitions).map(([name, schema]) => ({ name, schema })),
    events: [
      {
        event: "thing",
        file: "payloads/thing.json",
        root,
        variants: Object.entries(variants).map(([action, schema]) => ({ action, schema })),
      },
    ],
  };
}

/** A ValueNode as the plain value it stands for, calls written `<exampleName()>`. */
function plain(value: ValueNode): unknown {
  if (value === null || typeof value !== "object") return value;
  if (value.kind === "call") return `<${value.callee}()>`;
  if (value.kind === "array") return value.elements.map(plain);
  return Object.fromEntries(value.members.map(([key, member]) => [key, plain(member)]));
}

const object = (properties: Record<string, JsonSchema>, required = Object.keys(properties)) => ({
  type: "object",
  properties,
  required,
});
const ref = (name: string) => ({ $ref: `definitions.json#/definitions/${name}` });

function payloadsOf(input: PayloadSchemas): Record<string, unknown> {
  const { payloads } = buildExamplePayloads(input);
  return Object.fromEntries(payloads.map(({ name, value }) => [name, plain(value)]));
}

describe("buildExamplePayloads", () => {
  it("fills only required fields, each with a plausible value for its name", () => {
    const payloads = payloadsOf(
      schemas(
        object(
          {
            id: { type: "integer" },
            node_id: { type: "string" },
            html_url: { type: "string" },
            created_at: { type: "string" },
            pushed_at: { type: ["number", "string"] },
            head_sha: { type: "string" },
            private: { type: "boolean" },
            optional: { type: "string" },
          },
          ["id", "node_id", "html_url", "created_at", "pushed_at", "head_sha", "private"],
        ),
      ),
    );
    const thing = payloads.thing as Record<string, unknown>;
    expect(Object.keys(thing)).toEqual([
      "created_at",
      "head_sha",
      "html_url",
      "id",
      "node_id",
      "private",
      "pushed_at",
    ]);
    expect(thing.id).toBeGreaterThan(0);
    expect(Number.isInteger(thing.id)).toBe(true);
    expect(atob(thing.node_id as string)).toMatch(/^04:Thing\d+$/);
    expect(new URL(thing.html_url as string).protocol).toBe("https:");
    expect(thing.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(thing.pushed_at).toBe(Date.parse(thing.created_at as string) / 1000);
    expect(thing.head_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(thing.private).toBe(false);
  });

  it("gives each action its variant, with the action's const and an enum value named after it", () => {
    const payloads = payloadsOf(
      schemas(
        { ...object({ state: { enum: ["open", "closed"] } }), oneOf: [] },
        {
          closed: object({ action: { const: "closed" } }),
          opened: object({ action: { const: "opened" }, extra: { type: "integer" } }),
        },
      ),
    );
    expect(payloads).toEqual({
      "thing.closed": { action: "closed", state: "closed" },
      "thing.opened": { action: "opened", extra: 1, state: "open" },
    });
  });

  it("leaves a nullable timestamp null, unless the delivery is about that very event", () => {
    const root = object({
      closed_at: { type: ["string", "null"] },
      merged_by: { anyOf: [{ type: "string" }, { type: "null" }] },
      body: { type: ["string", "null"] },
    });
    const payloads = payloadsOf(
      schemas(root, {
        closed: object({ action: { const: "closed" } }),
        opened: object({ action: { const: "opened" } }),
      }),
    );
    expect(payloads["thing.opened"]).toMatchObject({ closed_at: null, merged_by: null });
    expect(payloads["thing.closed"]).toMatchObject({
      closed_at: expect.stringMatching(/^2\d{3}-/),
    });
    expect(payloads["thing.opened"]).toMatchObject({ body: expect.any(String) });
  });

  it("builds a shared object once and calls it; a shared scalar is written in place", () => {
    const { definitions, payloads } = buildExamplePayloads(
      schemas(
        object({ sender: ref("user"), owner: ref("user"), role: ref("role") }),
        {},
        {
          user: object({ login: { type: "string" }, type: { type: "string" } }),
          role: { enum: ["admin", "member"] },
          unused: object({ id: { type: "integer" } }),
        },
      ),
    );
    expect(definitions.map(({ name, value }) => [name, plain(value)])).toEqual([
      ["user", { login: "alice", type: "User" }],
    ]);
    expect(plain(payloads[0]!.value)).toEqual({
      owner: "<exampleUser()>",
      role: "admin",
      sender: "<exampleUser()>",
    });
  });

  it("puts one element in an array of objects and leaves an array of scalars empty", () => {
    const payloads = payloadsOf(
      schemas(
        object({
          labels: { type: "array", items: ref("label") },
          commits: { type: "array", items: object({ message: { type: "string" } }) },
          topics: { type: "array", items: { type: "string" } },
        }),
        {},
        { label: object({ name: { type: "string" } }) },
      ),
    );
    expect(payloads.thing).toEqual({
      commits: [{ message: "Update README.md" }],
      labels: ["<exampleLabel()>"],
      topics: [],
    });
  });

  it("takes the first alternative of a variant that requires one of several fields", () => {
    const payloads = payloadsOf(
      schemas(
        object({}),
        {
          review_requested: {
            ...object({ action: { const: "review_requested" } }),
            anyOf: [
              object({ requested_reviewer: ref("user") }),
              object({ requested_team: object({ slug: { type: "string" } }) }),
            ],
          },
        },
        { user: object({ login: { type: "string" } }) },
      ),
    );
    expect(payloads["thing.review_requested"]).toEqual({
      action: "review_requested",
      requested_reviewer: "<exampleUser()>",
    });
  });

  it("stops a definition that contains itself at a nullable field or an array", () => {
    const { definitions } = buildExamplePayloads(
      schemas(
        object({ node: ref("node") }),
        {},
        {
          node: object({
            parent: { anyOf: [ref("node"), { type: "null" }] },
            children: { type: "array", items: ref("node") },
          }),
        },
      ),
    );
    expect(definitions.map(({ name, value }) => [name, plain(value)])).toEqual([
      ["node", { children: [], parent: null }],
    ]);
  });

  it("refuses a definition that contains itself through required fields, naming it", () => {
    const input = schemas(
      object({ a: ref("a") }),
      {},
      {
        a: object({ b: ref("b") }),
        b: object({ a: ref("a") }),
      },
    );
    expect(() => buildExamplePayloads(input)).toThrow(GeneratorError);
    expect(() => buildExamplePayloads(input)).toThrow(
      /"a" contains itself through required fields \(a → b → a\)/,
    );
    try {
      buildExamplePayloads(input);
    } catch (error) {
      expect((error as GeneratorError).location).toEqual({
        file: "payloads/definitions.json",
        entry: "definitions.a",
      });
    }
  });

  it("gives fields named like Object's own members a string, and reads an untyped object", () => {
    const payloads = payloadsOf(
      schemas(
        object({
          constructor: { type: "string" },
          toString: { type: "string" },
          untyped: { properties: { name: { type: "string" } }, required: ["name"] },
        }),
      ),
    );
    expect(payloads.thing).toEqual({
      constructor: "example-constructor",
      toString: "example-toString",
      untyped: { name: "example-untyped" },
    });
  });

  it("is the same on every run and sorted by name", () => {
    const input = schemas(object({ id: { type: "integer" } }), {
      b: object({ action: { const: "b" } }),
      a: object({ action: { const: "a" } }),
    });
    const first = buildExamplePayloads(input);
    expect(first.payloads.map(({ name }) => name)).toEqual(["thing.a", "thing.b"]);
    expect(buildExamplePayloads(input)).toEqual(first);
  });
});
