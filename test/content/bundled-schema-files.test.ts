import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { printSchema, validateSchema } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSchemaFile, schemaFromSdl } from "../../generator/content/load-schema.js";
import { readSite } from "../../site/read-site.js";
import { schemaToIntrospectionJson, schemaToSdl } from "../../generator/content/schema-text.js";
import { buildContentSchema } from "../../site/site-schema.js";
import type { Site } from "../../site/site-model.js";
import { packageRoot } from "../../input/paths.js";

const dir = join(packageRoot, "schemas/content");
const read = (file: string) => readFile(join(dir, file), "utf8");

// These files are produced from site.json by `npm run content:schema`; this fails when someone
// edits the site (or the builder) without regenerating them, or edits them by hand.
describe("the schema files derived from schemas/content/site.json", () => {
  let site: Site;
  beforeAll(async () => {
    site = await readSite(join(dir, "site.json"));
  });

  it("schema.graphql and introspection.json hold the whole schema", async () => {
    const schema = buildContentSchema(site);
    expect(await read("schema.graphql")).toBe(await schemaToSdl(schema));
    expect(await read("introspection.json")).toBe(await schemaToIntrospectionJson(schema));
  });

  it("public.graphql holds the public schema", async () => {
    expect(await read("public.graphql")).toBe(
      await schemaToSdl(buildContentSchema(site, site.schemas.public?.scope)),
    );
  });
});

describe("the schema files derived from schemas/content/craft5/site.json", () => {
  let site: Site;
  beforeAll(async () => {
    site = await readSite(join(dir, "craft5/site.json"));
  });

  it("schema.graphql holds the whole schema, public.graphql the public one", async () => {
    expect(await read("craft5/schema.graphql")).toBe(await schemaToSdl(buildContentSchema(site)));
    expect(await read("craft5/public.graphql")).toBe(
      await schemaToSdl(buildContentSchema(site, site.schemas.public?.scope)),
    );
  });
});

// `generate` builds these files without validating them again (they are typewire's own, checked
// above to be what it prints from a built schema); here they go through the full check too, and
// both reads give the same schema.
describe("the bundled SDL files read without validation", () => {
  const files = [
    "schema.graphql",
    "public.graphql",
    "craft5/schema.graphql",
    "craft5/public.graphql",
  ];

  it.each(files)("%s passes the full check and reads as the same schema", async (file) => {
    const text = await read(file);
    const checked = schemaFromSdl(text, file);
    expect(validateSchema(checked)).toEqual([]);
    const loaded = await loadSchemaFile(join(dir, file), file);
    expect(loaded.getQueryType()).toBeDefined();
    expect(printSchema(loaded)).toBe(printSchema(checked));
  });
});
