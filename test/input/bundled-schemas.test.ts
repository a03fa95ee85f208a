import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
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

  it("a schema that breaks the meta-schema is reported", () => {
    const ajv = new Ajv({ strict: true });
    expect(ajv.validateSchema({ type: "object", properties: { a: { type: "nope" } } })).toBe(false);
  });
});
