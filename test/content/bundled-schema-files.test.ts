import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSite } from "../../generator/content/read-site.js";
import { schemaToIntrospectionJson, schemaToSdl } from "../../generator/content/schema-text.js";
import { buildContentSchema } from "../../generator/content/site-schema.js";
import { packageRoot } from "../../generator/paths.js";

const dir = join(packageRoot, "schemas/content");

// The two files are produced from site.json by `npm run content:schema`; this fails when someone
// edits the site (or the builder) without regenerating them, or edits them by hand.
describe("schemas/content/schema.graphql and introspection.json", () => {
  it("are what the toolkit produces from site.json", async () => {
    const schema = buildContentSchema(await readSite(join(dir, "site.json")));
    expect(await readFile(join(dir, "schema.graphql"), "utf8")).toBe(await schemaToSdl(schema));
    expect(await readFile(join(dir, "introspection.json"), "utf8")).toBe(
      await schemaToIntrospectionJson(schema),
    );
  });
});
