import { join } from "node:path";
import { type GraphQLSchema, graphql, isObjectType, parse, validate } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { DateTimeScalar, QueryArgumentScalar } from "../../site/content-scalars.js";
import { readSite } from "../../site/read-site.js";
import { buildContentSchema } from "../../site/site-schema.js";
import type { Site } from "../../site/site-model.js";
import { packageRoot } from "../../input/paths.js";

let site: Site;
beforeAll(async () => {
  site = await readSite(join(packageRoot, "schemas/content/site.json"));
});

const concreteNames = (schema: GraphQLSchema) =>
  Object.values(schema.getTypeMap())
    .filter((type) => isObjectType(type) && type.getInterfaces().length > 0)
    .map((type) => type.name)
    .sort();
const queryNames = (schema: GraphQLSchema) =>
  Object.keys(schema.getQueryType()?.getFields() ?? {}).sort();

describe("buildContentSchema", () => {
  it("without a scope has a concrete type for everything the site defines, named as the spec says", () => {
    expect(concreteNames(buildContentSchema(site))).toEqual([
      "User",
      "announcement_GlobalSet",
      "articleBody_callout_BlockType",
      "articleBody_image_BlockType",
      "articleBody_quote_BlockType",
      "articleBody_text_BlockType",
      "documents_Asset",
      "homepage_homepage_Entry",
      "images_Asset",
      "keywords_Tag",
      "news_article_Entry",
      "news_video_Entry",
      "pages_page_Entry",
      "pages_redirect_Entry",
      "siteInfo_GlobalSet",
      "topics_Category",
    ]);
  });

  // [scope, concrete types present, query fields present]
  const scopes: [string, Parameters<typeof buildContentSchema>[1], string[], string[]][] = [
    [
      "one entry type and users",
      { sections: ["news.video"], users: true },
      ["User", "news_video_Entry"],
      ["entries", "entry", "ping", "user", "users"],
    ],
    [
      "a volume and a tag group",
      { volumes: ["documents"], tagGroups: ["keywords"] },
      ["documents_Asset", "keywords_Tag"],
      ["asset", "assets", "ping", "tag", "tags"],
    ],
    ["nothing", {}, [], ["ping"]],
  ];
  it.each(scopes)("with a scope of %s has only what it grants", (_what, scope, types, queries) => {
    const schema = buildContentSchema(site, scope);
    expect(concreteNames(schema)).toEqual(types);
    expect(queryNames(schema)).toEqual(queries);
    // The interfaces stay: relation fields of granted types still point at them.
    expect(schema.getType("CategoryInterface")).toBeDefined();
  });

  it("adds a matrix field's block types only when a granted type uses the field", () => {
    expect(concreteNames(buildContentSchema(site, { sections: ["news.video"] }))).not.toContain(
      "articleBody_text_BlockType",
    );
    expect(concreteNames(buildContentSchema(site, { sections: ["pages"] }))).toContain(
      "articleBody_text_BlockType",
    );
  });

  it("gives custom fields their kind's type and relation fields the query's arguments", () => {
    const schema = buildContentSchema(site);
    const video = schema.getType("news_video_Entry");
    const block = schema.getType("articleBody_callout_BlockType");
    if (!isObjectType(video) || !isObjectType(block)) throw new Error("types missing");
    expect(String(video.getFields().rating?.type)).toBe("Float");
    expect(String(video.getFields().eventDate?.type)).toBe("DateTime");
    expect(String(video.getFields().videoUrl?.type)).toBe("String");
    expect(String(block.getFields().highlighted?.type)).toBe("Boolean");
    expect(String(block.getFields().order?.type)).toBe("Int");
    expect(video.getFields().topics?.args.map((a) => a.name)).toContain("descendantOf");
    expect(video.getFields().heroImage?.args.map((a) => a.name)).toContain("volume");
  });

  it("accepts a string, an integer or a boolean as QueryArgument and nothing else", () => {
    const schema = buildContentSchema(site);
    expect(validate(schema, parse('{ entries(id: [1, "2", true], authorId: 3) { id } }'))).toEqual(
      [],
    );
    const [error] = validate(schema, parse("{ entries(id: [1.5]) { id } }"));
    expect(error?.message).toMatch(
      /QueryArgument must be a string, an integer or a boolean literal/,
    );
    expect(() => QueryArgumentScalar.parseValue({ id: 1 })).toThrow(
      /must be a string, an integer or a boolean/,
    );
    expect(QueryArgumentScalar.parseValue(7)).toBe(7);
  });

  it("serializes DateTime in the Atom form and rejects other strings", async () => {
    expect(DateTimeScalar.serialize(new Date("2024-03-04T08:30:00Z"))).toBe(
      "2024-03-04T08:30:00+00:00",
    );
    expect(DateTimeScalar.serialize("2024-03-04T08:30:00+01:00")).toBe("2024-03-04T08:30:00+01:00");
    expect(() => DateTimeScalar.parseValue("yesterday")).toThrow(/ISO 8601/);
  });

  it("executes ping and serves queries through the schema (for the emulator)", async () => {
    const schema = buildContentSchema(site);
    const result = await graphql({ schema, source: "{ ping }", rootValue: { ping: "pong" } });
    expect(result).toEqual({ data: { ping: "pong" } });
  });

  it("is stable: the same site gives the same schema", async () => {
    const { printSchema } = await import("graphql");
    expect(printSchema(buildContentSchema(site))).toBe(
      printSchema(buildContentSchema(structuredClone(site))),
    );
  });
});
