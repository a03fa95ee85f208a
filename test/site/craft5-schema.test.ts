import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { GraphQLField, GraphQLObjectType, GraphQLSchema, GraphQLUnionType } from "graphql";
import { describe, expect, it } from "vitest";
import { GeneratorError } from "../../input/errors.js";
import { parseJsonSource } from "../../input/json-source.js";
import { packageRoot } from "../../input/paths.js";
import { siteFromSource } from "../../site/read-site.js";
import type { Site } from "../../site/site-model.js";
import { buildContentSchema } from "../../site/site-schema.js";
import { thrown } from "../helpers/thrown.js";

const file = join(packageRoot, "schemas/content/craft5/site.json");
const text = readFileSync(file, "utf8");
const read = (value: unknown = JSON.parse(text)) =>
  siteFromSource(parseJsonSource(JSON.stringify(value, null, 2), "site.json"));
// biome-ignore lint/suspicious/noExplicitAny: each test breaks one key of the file's JSON.
const raw = () => JSON.parse(text) as Record<string, any>;

const field = (
  schema: GraphQLSchema,
  type: string,
  name: string,
): GraphQLField<unknown, unknown> => {
  const found = (schema.getType(type) as GraphQLObjectType).getFields()[name];
  if (!found) throw new Error(`${type}.${name} is missing`);
  return found;
};
const typeOf = (schema: GraphQLSchema, type: string, name: string) =>
  String(field(schema, type, name).type);
const members = (schema: GraphQLSchema, name: string) =>
  (schema.getType(name) as GraphQLUnionType).getTypes().map((type) => type.name);

// Each rule as the real API's source gives it (craftcms/cms 5.x; see docs/emulator.md, "Craft 5").
describe("the Craft 5 API shape (craftVersion: 5)", () => {
  const site = read();
  const schema = buildContentSchema(site);

  it("names an entry type's object type by the entry type alone, and has no matrix blocks", () => {
    expect(schema.getType("page_Entry")).toBeDefined();
    expect(schema.getType("pages_page_Entry")).toBeUndefined();
    expect(schema.getType("MatrixBlockInterface")).toBeUndefined();
    expect(Object.keys(schema.getTypeMap()).filter((name) => name.endsWith("_BlockType"))).toEqual(
      [],
    );
  });

  it("makes one type of an entry type two sections share, a member of both unions", () => {
    expect(members(schema, "pagesSectionEntryUnion")).toEqual(["landingPage_Entry", "page_Entry"]);
    expect(members(schema, "campaignsSectionEntryUnion")).toEqual(["landingPage_Entry"]);
  });

  it("gives each section <section>Entries, a single <section>Entry too, and keeps entries/entry", () => {
    expect(typeOf(schema, "Query", "pagesEntries")).toBe("[pagesSectionEntryUnion]");
    expect(typeOf(schema, "Query", "homepageEntries")).toBe("[homepageSectionEntryUnion]");
    expect(typeOf(schema, "Query", "homepageEntry")).toBe("homepageSectionEntryUnion");
    expect(schema.getQueryType()?.getFields().pagesEntry).toBeUndefined();
    expect(typeOf(schema, "Query", "entries")).toBe("[EntryInterface]");
    expect(typeOf(schema, "Query", "entry")).toBe("EntryInterface");
    const sectionArgs = field(schema, "Query", "newsEntries").args.map((arg) => arg.name);
    for (const gone of ["section", "sectionId", "field", "fieldId", "ownerId"])
      expect(sectionArgs).not.toContain(gone);
    expect(sectionArgs).toEqual(expect.arrayContaining(["type", "limit", "primaryOwnerId"]));
  });

  it("counts: entryCount and the other *Count queries are Int!, with no globalSetCount", () => {
    for (const count of ["entryCount", "assetCount", "categoryCount", "userCount"])
      expect(typeOf(schema, "Query", count)).toBe("Int!");
    expect(schema.getQueryType()?.getFields().globalSetCount).toBeUndefined();
    expect(typeOf(schema, "EntryInterface", "_count")).toBe("Int");
  });

  it("types a matrix field as a non-null list of its entry types' union, taking entry arguments", () => {
    expect(typeOf(schema, "page_Entry", "contentBlocks")).toBe("[contentBlocks_MatrixField]!");
    expect(members(schema, "contentBlocks_MatrixField")).toEqual([
      "accordion_Entry",
      "imageBlock_Entry",
      "quoteBlock_Entry",
      "textBlock_Entry",
    ]);
    expect(typeOf(schema, "accordion_Entry", "accordionItems")).toBe(
      "[accordionItems_MatrixField]!",
    );
    const args = field(schema, "page_Entry", "contentBlocks").args.map((arg) => arg.name);
    expect(args).toEqual(expect.arrayContaining(["type", "ownerId", "field", "limit", "orderBy"]));
  });

  it("gives each matrix field <field>FieldEntries over <field>FieldEntryUnion, keeping ownerId", () => {
    expect(typeOf(schema, "Query", "contentBlocksFieldEntries")).toBe(
      "[contentBlocksFieldEntryUnion]",
    );
    const args = field(schema, "Query", "contentBlocksFieldEntries").args.map((arg) => arg.name);
    expect(args).toEqual(expect.arrayContaining(["ownerId", "primaryOwnerId"]));
    for (const gone of ["section", "sectionId", "field", "fieldId"])
      expect(args).not.toContain(gone);
  });

  it("the entry fields and their nullability", () => {
    expect(typeOf(schema, "EntryInterface", "typeId")).toBe("Int!");
    expect(typeOf(schema, "EntryInterface", "typeHandle")).toBe("String!");
    expect(typeOf(schema, "EntryInterface", "children")).toBe("[EntryInterface!]!");
    expect(typeOf(schema, "EntryInterface", "sectionHandle")).toBe("String");
    for (const name of ["fieldId", "ownerId", "sortOrder"])
      expect(typeOf(schema, "EntryInterface", name)).toBe("Int");
    expect(typeOf(schema, "EntryInterface", "fieldHandle")).toBe("String");
    expect(typeOf(schema, "EntryInterface", "searchScore")).toBe("Int");
    expect(typeOf(schema, "article_Entry", "relatedEntries")).toBe("[EntryInterface]!");
    expect(typeOf(schema, "article_Entry", "topics")).toBe("[CategoryInterface]!");
  });

  it("a scope without nestedEntryFields has no <field>FieldEntries, and keeps its sections' unions only", () => {
    const scoped = buildContentSchema(site, site.schemas.newsFeed!.scope);
    const root = Object.keys(scoped.getQueryType()!.getFields());
    expect(root.filter((name) => /^entries$|Entries$/.test(name))).toEqual([
      "entries",
      "newsEntries",
    ]);
    expect(scoped.getType("pagesSectionEntryUnion")).toBeUndefined();
  });

  it("gqlTypePrefix goes before every type name the API creates, never before a field's", () => {
    const prefixed = buildContentSchema(read({ ...raw(), gqlTypePrefix: "hc_" }));
    for (const name of [
      "hc_page_Entry",
      "hc_EntryInterface",
      "hc_pagesSectionEntryUnion",
      "hc_contentBlocks_MatrixField",
      "hc_DateTime",
      "hc_Query",
    ])
      expect(prefixed.getType(name), name).toBeDefined();
    expect(prefixed.getQueryType()?.name).toBe("hc_Query");
    expect(typeOf(prefixed, "hc_Query", "pagesEntries")).toBe("[hc_pagesSectionEntryUnion]");
  });
});

describe("Craft 5 site files: what belongs to which version is refused where it stands", () => {
  const failure = (value: unknown) => {
    const error = thrown(() => read(value));
    expect(error).toBeInstanceOf(GeneratorError);
    return error as GeneratorError;
  };

  it("an unknown entry type handle in a section and in a matrix field", () => {
    const site = raw();
    site.sections.news.entryTypes = ["article", "podcast"];
    const error = failure(site);
    expect(error.message).toMatch(/unknown entry type "podcast"/);
    expect(error.location?.entry).toBe("sections.news.entryTypes.1");
    expect(error.location?.line).toBeGreaterThan(1);
    const matrix = raw();
    matrix.fields.contentBlocks.entryTypes = ["textBlock", "video"];
    expect(failure(matrix).location?.entry).toBe("fields.contentBlocks.entryTypes.1");
  });

  it("Craft 5 constructs without craftVersion: 5, and blockTypes with it", () => {
    const v4 = raw();
    delete v4.craftVersion;
    expect(failure(v4).message).toMatch(/top-level entryTypes belong to a Craft 5 site/);
    const blocks = raw();
    blocks.fields.contentBlocks.blockTypes = {};
    delete blocks.fields.contentBlocks.entryTypes;
    expect(failure(blocks).message).toMatch(/list their entryTypes instead of blockTypes/);
    const nested = raw();
    nested.schemas.newsFeed.scope.nestedEntryFields = ["summary"];
    expect(failure(nested).message).toMatch(/"summary", which is not a matrix field/);
  });

  it("a nested entry of a type its field does not list", () => {
    const site: Site = raw() as Site;
    const home = site.content.entries.find((entry) => entry.id === 30)!;
    (home.fields!.contentBlocks as { type: string }[])[0]!.type = "accordionItem";
    expect(failure(site).message).toMatch(/has no block type "accordionItem"/);
  });
});
