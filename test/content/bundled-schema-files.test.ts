import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
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
