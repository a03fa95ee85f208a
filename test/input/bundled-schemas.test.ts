import { readFileSync, readdirSync } from "node:fs";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { parseJsonSource } from "../../input/json-source.js";
import { bundledFile } from "../../input/paths.js";

// The CLI compiles these with `validateSchema: false` to keep start-up short, so this suite is
// where a malformed bundled schema gets caught.
const SCHEMAS = [
  "schemas/config.schema.json",
  "schemas/webhooks/events.schema.json",
  "schemas/content/server-config.schema.json",
  "schemas/content/site.schema.json",
];

describe("bundled JSON Schemas", () => {
  it.each(SCHEMAS)("%s is valid against its meta-schema and compiles in strict mode", (path) => {
    const schema = JSON.parse(readFileSync(bundledFile(path), "utf8"));
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    expect(() => ajv.compile(schema)).not.toThrow();
  });

  // `generate` reads the payload schemas the package ships without checking them against the
  // draft-07 meta-schema (a user's own payload files are checked), so they are checked here.
  const payloads = readdirSync(bundledFile("schemas/webhooks/payloads"))
    .filter((name) => name.endsWith(".json"))
    .sort();

  it("ships payload schemas", () => {
    expect(payloads.length).toBeGreaterThan(50);
  });

  // Nor read with the strict JSON reader (duplicate keys, comments, trailing commas): here it is.
  it.each(payloads)("payload schema %s is strict JSON (no duplicate key)", (name) => {
    const text = readFileSync(bundledFile(`schemas/webhooks/payloads/${name}`), "utf8");
    expect(() => parseJsonSource(text, name)).not.toThrow();
  });

  it.each(payloads)("payload schema %s is valid draft-07 JSON Schema", (name) => {
    const { $schema: _, ...schema } = JSON.parse(
      readFileSync(bundledFile(`schemas/webhooks/payloads/${name}`), "utf8"),
    ) as Record<string, unknown>;
    const ajv = new Ajv({ strict: false });
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
  });

  // Nor is the bundled event table checked against its schema when `generate` reads it.
  it("the bundled event table matches schemas/webhooks/events.schema.json", () => {
    const schema = JSON.parse(
      readFileSync(bundledFile("schemas/webhooks/events.schema.json"), "utf8"),
    );
    const validate = new Ajv({ strict: true }).compile(schema);
    const table = JSON.parse(readFileSync(bundledFile("schemas/webhooks/events.json"), "utf8"));
    expect(validate(table), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ events: { push: [1] } })).toBe(false);
  });

  it("a schema that breaks the meta-schema is reported", () => {
    const ajv = new Ajv({ strict: true });
    expect(ajv.validateSchema({ type: "object", properties: { a: { type: "nope" } } })).toBe(false);
  });
});
