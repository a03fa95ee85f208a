import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  describedPayloadSchemas,
  tableActionName,
  tableEventName,
} from "../../generator/webhooks/description.js";
import type { EventActionTable } from "../../generator/webhooks/event-action-table.js";
import {
  applyPayloadOverrides,
  readPayloadOverrides,
} from "../../generator/webhooks/payload-overrides.js";
import {
  printSchema,
  writeDescribedSchemas,
} from "../../generator/webhooks/write-described-schemas.js";
import { GeneratorError, GeneratorErrors } from "../../input/errors.js";
import { parseJsonSource } from "../../input/json-source.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { tempDir } from "../helpers/temp-project.js";
import { thrown } from "../helpers/thrown.js";

const webhook = (operationId: string, component: string, description?: string) => ({
  post: {
    operationId,
    ...(description ? { description } : {}),
    requestBody: {
      content: { "application/json": { schema: { $ref: `#/components/schemas/${component}` } } },
    },
  },
});
const action = (name: string) => ({ type: "string", enum: [name] });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A small description in the platform's style: allOf, nullable allOf, oneOf, annotations. */
function sampleDescription(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    webhooks: {
      "issues-opened": webhook("issues/opened", "webhook-issues-opened", "An issue was opened."),
      "issues-closed": webhook("issues/closed", "webhook-issues-closed"),
      "github-app-authorization-revoked": webhook(
        "github-app-authorization/revoked",
        "webhook-github-app-authorization-revoked",
      ),
      "repository-dispatch-sample": webhook(
        "repository-dispatch/sample.collected",
        "webhook-repository-dispatch-sample",
      ),
      push: webhook("push", "webhook-push"),
    },
    components: {
      schemas: {
        "simple-user": {
          title: "Simple User",
          type: "object",
          properties: {
            login: { type: "string", examples: ["octocat"] },
            id: { type: "integer", format: "int64" },
          },
          required: ["login", "id"],
        },
        "webhook-issues-opened": {
          type: "object",
          properties: {
            action: action("opened"),
            issue: {
              allOf: [
                {
                  type: "object",
                  properties: { number: { type: "number" } },
                  required: ["number"],
                },
                {
                  type: "object",
                  properties: {
                    number: { type: "integer" },
                    state_reason: { type: ["string", "null"], description: "Why." },
                  },
                },
              ],
            },
            assignee: { description: "Who.", allOf: [ref("simple-user")], type: ["null"] },
            sender: { description: "The sender.", allOf: [ref("simple-user")] },
          },
          required: ["action", "issue", "sender"],
        },
        "webhook-issues-closed": {
          type: "object",
          properties: {
            action: action("closed"),
            owner: { oneOf: [ref("simple-user"), { type: "object" }], type: ["object", "null"] },
            sender: ref("simple-user"),
          },
          required: ["action", "sender"],
        },
        "webhook-github-app-authorization-revoked": {
          type: "object",
          properties: { action: action("revoked"), sender: ref("simple-user") },
          required: ["action", "sender"],
        },
        "webhook-repository-dispatch-sample": {
          type: "object",
          properties: { action: { type: "string" }, branch: { type: "string" } },
          required: ["action", "branch"],
        },
        "webhook-push": {
          type: "object",
          description: "A push.",
          properties: { ref: { type: "string", minLength: 1 } },
          required: ["ref"],
        },
      },
    },
  };
}

const table: EventActionTable = {
  file: "events.json",
  events: [
    { name: "issues", actions: ["closed", "opened"] },
    { name: "platform_app_authorization", actions: ["revoked"] },
    { name: "push", actions: [] },
    { name: "repository_dispatch", actions: ["sample"] },
  ],
};
const source = (value: unknown) =>
  parseJsonSource(JSON.stringify(value, null, 2), "api.github.com.json");
// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into schemas they just built.
type Schema = Record<string, any>;

describe("tableEventName and tableActionName", () => {
  it("use the table's words: _ for -, platform for the vendor, the part before a dot", () => {
    expect(tableEventName("github-app-authorization")).toBe("platform_app_authorization");
    expect(tableEventName("pull-request-review")).toBe("pull_request_review");
    expect(tableActionName("in-progress")).toBe("in_progress");
    expect(tableActionName("sample.collected")).toBe("sample");
  });
});

describe("describedPayloadSchemas", () => {
  const files = describedPayloadSchemas(source(sampleDescription()), table) as Record<
    string,
    Schema
  >;

  it("writes definitions.json and one file per event of the table", () => {
    expect(Object.keys(files).sort()).toEqual([
      "definitions.json",
      "issues.json",
      "platform_app_authorization.json",
      "push.json",
      "repository_dispatch.json",
    ]);
  });

  it("names shared objects after their component, and drops annotations", () => {
    expect(files["definitions.json"]?.definitions).toEqual({
      simple_user: {
        type: "object",
        properties: { login: { type: "string" }, id: { type: "integer" } },
        required: ["login", "id"],
      },
    });
  });

  it("gives each action its own variant, listed in the root oneOf", () => {
    const issues = files["issues.json"]!;
    expect(issues.oneOf).toEqual([
      { $ref: "#/definitions/closed" },
      { $ref: "#/definitions/opened" },
    ]);
    expect(issues.definitions.opened.description).toBe("An issue was opened.");
    expect(issues.definitions.opened.required).toEqual(["action", "issue", "sender"]);
    expect(issues.definitions.closed.required).toEqual(["action", "sender"]);
  });

  it("merges allOf, keeping a lone $ref a reference with its description", () => {
    const opened = files["issues.json"]!.definitions.opened.properties;
    expect(opened.issue).toEqual({
      type: "object",
      properties: {
        number: { type: "integer" },
        state_reason: { type: ["string", "null"], description: "Why." },
      },
      required: ["number"],
    });
    expect(opened.sender).toEqual({
      $ref: "definitions.json#/definitions/simple_user",
      description: "The sender.",
    });
  });

  it("turns `allOf: [X], type: null` and `oneOf` beside a nullable type into anyOf with null", () => {
    expect(files["issues.json"]!.definitions.opened.properties.assignee).toEqual({
      description: "Who.",
      anyOf: [{ $ref: "definitions.json#/definitions/simple_user" }, { type: "null" }],
    });
    expect(files["issues.json"]!.definitions.closed.properties.owner).toEqual({
      anyOf: [
        { $ref: "definitions.json#/definitions/simple_user" },
        { type: "object" },
        { type: "null" },
      ],
    });
  });

  it("keeps an event without actions at the root, and repository_dispatch's action open", () => {
    expect(files["push.json"]).toMatchObject({
      type: "object",
      required: ["ref"],
      properties: { ref: { type: "string" } },
    });
    expect(files["push.json"]).not.toHaveProperty("oneOf");
    expect(files["repository_dispatch.json"]!.definitions.sample.properties.action).toEqual({
      type: "string",
    });
    expect(files["platform_app_authorization.json"]!.definitions).toHaveProperty("revoked");
  });

  it("names every webhook the table lacks and every table entry the description lacks", () => {
    const description = sampleDescription();
    const webhooks = description.webhooks as Record<string, unknown>;
    webhooks["issues-reopened"] = webhook("issues/reopened", "webhook-issues-closed");
    delete webhooks.push;
    const error = thrown(() => describedPayloadSchemas(source(description), table));
    expect(error).toBeInstanceOf(GeneratorErrors);
    const messages = (error as GeneratorErrors).errors.map((e) => e.format());
    expect(messages).toEqual([
      expect.stringMatching(
        /^api\.github\.com\.json:\d+:\d+: webhook "issues\/reopened" is "issues\.reopened", which events\.json does not have/,
      ),
      expect.stringMatching(/^events\.json: "push" of the table has no webhook in the description/),
    ]);
  });

  it("rejects a keyword it cannot carry, at its line", () => {
    const description = sampleDescription();
    const schemas = (description.components as { schemas: Record<string, Schema> }).schemas;
    schemas["webhook-push"]!.properties.ref.not = { type: "null" };
    expect(() => describedPayloadSchemas(source(description), table)).toThrow(
      expect.objectContaining({
        message: 'the schema keyword "not" is not supported here',
        location: expect.objectContaining({
          file: "api.github.com.json",
          line: expect.any(Number),
          entry: "components.schemas.webhook-push.properties.ref.not",
        }),
      }),
    );
  });

  it("is not an OpenAPI description without webhooks and components", () => {
    expect(() => describedPayloadSchemas(source({ openapi: "3.1.0" }), table)).toThrow(
      /not an OpenAPI webhooks description/,
    );
  });
});

describe("payload overrides", () => {
  const overridesSource = (value: unknown) =>
    parseJsonSource(JSON.stringify(value, null, 2), "payload-overrides.json");
  const evidence = ["ghes-31/issues/0"];
  const build = () =>
    describedPayloadSchemas(source(sampleDescription()), table) as Record<string, Schema>;

  it("makes fields optional, nullable, and widens enums and types where they match", () => {
    const files = build();
    const overrides = readPayloadOverrides(
      overridesSource({
        overrides: [
          {
            at: "issues.json#/definitions/*",
            optional: ["sender"],
            because: "deliveries leave the sender out",
            evidence,
          },
          {
            at: "definitions.json#/definitions/simple_user/properties/id",
            addTypes: ["string"],
            because: "enterprise servers send ids as strings",
            evidence,
          },
          {
            at: "issues.json#/definitions/opened/properties/action",
            addEnum: ["created"],
            because: "an old server says created",
            evidence,
          },
          {
            at: "push.json#/properties/ref",
            allowNull: true,
            because: "a tag push sends null",
            evidence,
          },
        ],
      }),
    );
    applyPayloadOverrides(files, overrides);
    expect(files["issues.json"]!.definitions.opened.required).toEqual(["action", "issue"]);
    expect(files["issues.json"]!.definitions.closed.required).toEqual(["action"]);
    expect(files["definitions.json"]!.definitions.simple_user.properties.id.type).toEqual([
      "integer",
      "string",
    ]);
    expect(files["issues.json"]!.definitions.opened.properties.action.enum).toEqual([
      "opened",
      "created",
    ]);
    expect(files["push.json"]!.properties.ref.type).toEqual(["string", "null"]);
  });

  it("refuses an override without evidence, a malformed delivery name, or two changes", () => {
    const read = () =>
      readPayloadOverrides(
        overridesSource({
          overrides: [
            { at: "push.json#/properties/ref", allowNull: true, because: "no proof", evidence: [] },
            {
              at: "push.json#/properties/ref",
              allowNull: true,
              because: "a bad name",
              evidence: ["push/0"],
            },
            {
              at: "push.json#/properties/ref",
              allowNull: true,
              addTypes: ["integer"],
              because: "two at once",
              evidence,
            },
          ],
        }),
      );
    const error = thrown(() => read());
    const messages = (error as GeneratorErrors).errors.map((e) => e.message);
    expect(messages).toEqual([
      "no override without evidence: name the deliveries that prove it",
      'evidence must name a delivery as "<example set>/<event>/<index>"',
      "an override makes exactly one change of allowNull, optional, addEnum, addTypes, addProperties",
    ]);
  });

  it("adds fields with addProperties, each schema its own copy, and refuses a malformed one", () => {
    const files = build();
    const overrides = readPayloadOverrides(
      overridesSource({
        overrides: [
          {
            at: "issues.json#/definitions/*",
            addProperties: {
              triage: { type: ["string", "null"] },
              reporter: { $ref: "definitions.json#/definitions/simple_user" },
            },
            because: "deliveries carry them",
            evidence,
          },
        ],
      }),
    );
    applyPayloadOverrides(files, overrides);
    const variants = files["issues.json"]!.definitions;
    for (const action of ["opened", "closed"]) {
      expect(variants[action].properties.triage, action).toEqual({ type: ["string", "null"] });
      expect(variants[action].properties.reporter, action).toEqual({
        $ref: "definitions.json#/definitions/simple_user",
      });
      // Added fields are optional: older deliveries lack them.
      expect(variants[action].required, action).not.toContain("triage");
    }
    expect(variants.opened.properties.triage).not.toBe(variants.closed.properties.triage);
    const malformed = thrown(() =>
      readPayloadOverrides(
        overridesSource({
          overrides: [
            { at: "push.json#", addProperties: {}, because: "empty", evidence },
            { at: "push.json#", addProperties: { zen: true }, because: "not a schema", evidence },
          ],
        }),
      ),
    );
    expect((malformed as GeneratorErrors).errors.map((e) => e.message)).toEqual([
      '"addProperties" must map field names to schemas',
      'the schema of "zen" must be an object',
    ]);
  });

  it("refuses addProperties for a field already declared, on a non-object, or with an unknown $ref", () => {
    const overrides = readPayloadOverrides(
      overridesSource({
        overrides: [
          {
            at: "push.json#",
            addProperties: { ref: { type: "string" } },
            because: "already there",
            evidence,
          },
          {
            at: "push.json#/properties/ref",
            addProperties: { name: { type: "string" } },
            because: "a string has no fields",
            evidence,
          },
          {
            at: "push.json#",
            addProperties: { pusher: { $ref: "definitions.json#/definitions/nobody" } },
            because: "no such definition",
            evidence,
          },
        ],
      }),
    );
    const error = thrown(() => applyPayloadOverrides(build(), overrides));
    expect((error as GeneratorErrors).errors.map((e) => e.message)).toEqual([
      "ref is already declared there (override for push.json#)",
      "addProperties needs an object schema (override for push.json#/properties/ref)",
      'the $ref "definitions.json#/definitions/nobody" must name a definition of definitions.json as "definitions.json#/definitions/<name>" (override for push.json#)',
    ]);
  });

  it("names an override that matches nothing or cannot apply, so none goes stale", () => {
    const files = build();
    const overrides = readPayloadOverrides(
      overridesSource({
        overrides: [
          {
            at: "issues.json#/definitions/reopened",
            optional: ["sender"],
            because: "no such action",
            evidence,
          },
          {
            at: "push.json#",
            optional: ["zen"],
            because: "zen is not required",
            evidence,
          },
        ],
      }),
    );
    const error = thrown(() => applyPayloadOverrides(files, overrides));
    expect(error).toBeInstanceOf(GeneratorErrors);
    expect((error as GeneratorErrors).errors.map((e) => e.message)).toEqual([
      "matches no schema (override for issues.json#/definitions/reopened)",
      "zen is not required there (override for push.json#)",
    ]);
  });
});

describe("printSchema", () => {
  it("puts arrays of plain values on one line and reads back the same JSON", () => {
    const schema = {
      type: ["string", "null"],
      enum: ["a,  1", 'say "hi"', null, 1.5, "back\\slash"],
      items: [{ const: 1 }],
      empty: [],
    };
    const text = printSchema(schema);
    expect(text).toContain('"type": ["string", "null"]');
    expect(text).toContain('"enum": ["a,  1", "say \\"hi\\"", null, 1.5, "back\\\\slash"]');
    expect(text).toContain('"items": [\n    {\n      "const": 1\n    }\n  ]');
    expect(JSON.parse(text)).toEqual(schema);
  });
});

describe("writeDescribedSchemas and `typewire payload-schemas`", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir("typewire-described-");
    await writeFile(join(dir, "description.json"), JSON.stringify(sampleDescription()));
    await writeFile(
      join(dir, "events.json"),
      JSON.stringify({
        events: Object.fromEntries(table.events.map(({ name, actions }) => [name, actions])),
      }),
    );
  });

  it("writes every schema file, then leaves them unchanged on a second run", async () => {
    const options = { description: "description.json", events: "events.json", out: "payloads" };
    const first = await writeDescribedSchemas(options, dir);
    expect(first.written).toHaveLength(5);
    const second = await writeDescribedSchemas(options, dir);
    expect(second.unchanged).toHaveLength(5);
    const push = JSON.parse(await readFile(join(dir, "payloads/push.json"), "utf8"));
    expect(push.$schema).toBe("http://json-schema.org/draft-07/schema#");
  });

  it("writes nothing when the overrides file is wrong", async () => {
    await writeFile(
      join(dir, "overrides.json"),
      JSON.stringify({ overrides: [{ at: "push.json#", optional: ["ref"], because: "x" }] }),
    );
    await expect(
      writeDescribedSchemas(
        {
          description: "description.json",
          events: "events.json",
          out: "payloads",
          overrides: "overrides.json",
        },
        dir,
      ),
    ).rejects.toThrow(GeneratorError);
    expect(await readdir(dir)).not.toContain("payloads");
  });

  it("runs from the command line, and says which option is missing", async () => {
    const ok = await runCliProcess(
      [
        "payload-schemas",
        "--description",
        "description.json",
        "--events",
        "events.json",
        "--out",
        "payloads",
      ],
      { cwd: dir },
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("payloads/issues.json");
    const missing = await runCliProcess(["payload-schemas", "--events", "events.json"], {
      cwd: dir,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--description is required");
  });
});
