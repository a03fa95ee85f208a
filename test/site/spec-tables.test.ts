import { join } from "node:path";
import {
  type GraphQLField,
  type GraphQLSchema,
  isInterfaceType,
  isListType,
  isObjectType,
} from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSchemaFile } from "../../generator/content/load-schema.js";
import { packageRoot } from "../../input/paths.js";

// The spec's tables (spec/content-graphql-api.md), copied by hand as "name: Type" so that the
// test does not share a single line with the generator's own tables: a missing or mistyped
// field or argument in the generator fails here.
const table = (text: string) =>
  text
    .trim()
    .split(/\s*,\s*/)
    .map((pair) => pair.split(/:\s*/) as [string, string]);

const common =
  table(`id: ID, uid: String, _count: Int, title: String, slug: String, uri: String, enabled: Boolean,
  archived: Boolean, siteId: Int, searchScore: String, trashed: Boolean, status: String, dateCreated: DateTime,
  dateUpdated: DateTime`);

// Beyond the spec's tables, from the CMS's own schema (see docs/emulator.md, "Drafts and
// preview"): the draft arguments of the entry queries, which the whole schema has since it grants
// drafts, and the draft fields every entry has.
const draftArgs = table(`drafts: Boolean, draftOf: QueryArgument, draftId: Int, draftCreator: Int,
  provisionalDrafts: Boolean, withProvisionalDrafts: Boolean`);
const entryDraftFields =
  table(`isDraft: Boolean, isRevision: Boolean, revisionId: Int, revisionNotes: String, draftId: Int,
  isUnpublishedDraft: Boolean, draftName: String, draftNotes: String, canonicalId: Int,
  canonicalUid: String, sourceId: Int, sourceUid: String`);

const perInterface: Record<string, [string, string][]> = {
  AssetInterface:
    table(`volumeId: Int, folderId: Int, filename: String, extension: String, hasFocalPoint: Boolean,
    focalPoint: [Float], kind: String, size: String, height: Int, width: Int, img: String, url: String,
    mimeType: String, path: String, dateModified: DateTime`),
  EntryInterface:
    table(`lft: Int, rgt: Int, level: Int, root: Int, structureId: Int, sectionId: Int,
    sectionHandle: String, typeId: Int, typeHandle: String, postDate: DateTime, expiryDate: DateTime,
    children: [EntryInterface], parent: EntryInterface, url: String`).concat(entryDraftFields),
  GlobalSetInterface: table("name: String, handle: String"),
  MatrixBlockInterface: table(
    "fieldId: Int, ownerId: Int, typeId: Int, typeHandle: String, sortOrder: Int",
  ),
  UserInterface: table(`photo: AssetInterface, friendlyName: String, fullName: String, name: String,
    preferences: String, preferredLanguage: String, username: String, firstName: String, lastName: String,
    email: String`),
  CategoryInterface:
    table(`lft: Int, rgt: Int, level: Int, root: Int, structureId: Int, groupId: Int,
    groupHandle: String, children: [CategoryInterface], parent: CategoryInterface, url: String`),
  TagInterface: table("groupId: Int, groupHandle: String"),
};

const commonArgs =
  table(`id: [QueryArgument], uid: [String], status: [String], archived: Boolean, trashed: Boolean,
  site: [String], siteId: String, unique: Boolean, enabledForSite: Boolean, title: [String], slug: [String],
  uri: [String], search: String, relatedTo: [Int], relatedToAll: [Int], ref: [String], fixedOrder: Boolean,
  inReverse: Boolean, dateCreated: [String], dateUpdated: [String], offset: Int, limit: Int, orderBy: String`);
const structureArgs =
  table(`withStructure: Boolean, structureId: Int, level: Int, hasDescendants: Boolean,
  ancestorOf: Int, ancestorDist: Int, descendantOf: Int, descendantDist: Int, leaves: Boolean, nextSiblingOf: Int,
  prevSiblingOf: Int, positionedAfter: Int, positionedBefore: Int`);
const assetArgs =
  table(`volumeId: [QueryArgument], volume: [String], folderId: [QueryArgument], filename: [String],
  kind: [String], height: [String], width: [String], size: [String], dateModified: String,
  includeSubfolders: Boolean, withTransforms: [String]`);
const entryArgs =
  table(`editable: Boolean, section: [String], sectionId: [QueryArgument], type: [String],
  typeId: [QueryArgument], authorId: [QueryArgument], authorGroup: [String], authorGroupId: [QueryArgument],
  postDate: [String], before: String, after: String, expiryDate: [String]`);
const globalSetArgs = table("handle: [String]");
const userArgs =
  table(`email: [String], username: [String], firstName: [String], lastName: [String],
  groupId: [QueryArgument], group: [QueryArgument]`);
const tagArgs = table("group: [String], groupId: [QueryArgument]");
const categoryArgs = table("editable: Boolean, group: [String], groupId: [QueryArgument]");
const transformArgs =
  table(`handle: String, transform: String, width: Int, height: Int, mode: String,
  position: String, interlace: String, quality: Int, format: String, immediately: Boolean`);

const queries: [query: string, returns: string, args: [string, string][]][] = [
  ["assets", "[AssetInterface]", [...commonArgs, ...assetArgs]],
  ["asset", "AssetInterface", [...commonArgs, ...assetArgs]],
  ["entries", "[EntryInterface]", [...commonArgs, ...entryArgs, ...structureArgs, ...draftArgs]],
  ["entry", "EntryInterface", [...commonArgs, ...entryArgs, ...structureArgs, ...draftArgs]],
  ["globalSets", "[GlobalSetInterface]", [...commonArgs, ...globalSetArgs]],
  ["globalSet", "GlobalSetInterface", [...commonArgs, ...globalSetArgs]],
  ["users", "[UserInterface]", [...commonArgs, ...userArgs]],
  ["user", "UserInterface", [...commonArgs, ...userArgs]],
  ["tags", "[TagInterface]", [...commonArgs, ...tagArgs]],
  ["tag", "TagInterface", [...commonArgs, ...tagArgs]],
  ["categories", "[CategoryInterface]", [...commonArgs, ...categoryArgs, ...structureArgs]],
  ["category", "CategoryInterface", [...commonArgs, ...categoryArgs, ...structureArgs]],
];

const directives: [string, [string, string][]][] = [
  ["formatDateTime", table("format: String, timezone: String")],
  ["transform", transformArgs],
  ["markdown", table("flavor: String")],
];

const argsOf = (field: GraphQLField<unknown, unknown> | undefined) =>
  Object.fromEntries((field?.args ?? []).map((arg) => [arg.name, String(arg.type)]));

// The same assertions hold for the SDL and for the introspection result of the bundled schema.
describe.each(["schema.graphql", "introspection.json"])(
  "the bundled content schema (%s)",
  (file) => {
    let schema: GraphQLSchema;
    beforeAll(async () => {
      schema = await loadSchemaFile(join(packageRoot, "schemas/content", file));
    });

    it("has the scalars DateTime and QueryArgument", () => {
      expect(schema.getType("DateTime")?.toString()).toBe("DateTime");
      expect(schema.getType("QueryArgument")?.toString()).toBe("QueryArgument");
    });

    describe.each(Object.entries(perInterface))("%s", (name, own) => {
      it.each([...common, ...own])("has %s: %s", (field, type) => {
        const iface = schema.getType(name);
        expect(isInterfaceType(iface)).toBe(true);
        if (!isInterfaceType(iface)) return;
        expect(String(iface.getFields()[field]?.type)).toBe(type);
      });
      it("takes _count(field: String!)", () => {
        const iface = schema.getType(name);
        if (!isInterfaceType(iface)) throw new Error(`${name} missing`);
        expect(argsOf(iface.getFields()._count)).toEqual({ field: "String!" });
      });
    });

    it("asset url takes the transform arguments", () => {
      const iface = schema.getType("AssetInterface");
      if (!isInterfaceType(iface)) throw new Error("AssetInterface missing");
      expect(argsOf(iface.getFields().url)).toEqual(Object.fromEntries(transformArgs));
    });

    it("entry children take the same arguments as the entries query", () => {
      const iface = schema.getType("EntryInterface");
      if (!isInterfaceType(iface)) throw new Error("EntryInterface missing");
      expect(argsOf(iface.getFields().children)).toEqual(
        Object.fromEntries([...commonArgs, ...entryArgs, ...structureArgs, ...draftArgs]),
      );
    });

    it("ping returns a String and takes no arguments", () => {
      const ping = schema.getQueryType()?.getFields().ping;
      expect(String(ping?.type)).toBe("String");
      expect(ping?.args).toEqual([]);
    });

    describe.each(queries)("query %s", (query, returns, args) => {
      it(`returns ${returns}`, () => {
        expect(String(schema.getQueryType()?.getFields()[query]?.type)).toBe(returns);
      });
      it.each(args)("takes %s: %s", (arg, type) => {
        expect(argsOf(schema.getQueryType()?.getFields()[query])[arg]).toBe(type);
      });
      it("takes nothing beyond the spec's arguments (and, for entries, the CMS's draft arguments)", () => {
        expect(Object.keys(argsOf(schema.getQueryType()?.getFields()[query])).sort()).toEqual(
          args.map(([a]) => a).sort(),
        );
      });
    });

    describe.each(directives)("directive @%s", (name, args) => {
      it.each(args)("takes %s: %s", (arg, type) => {
        const directive = schema.getDirective(name);
        expect(String(directive?.args.find((a) => a.name === arg)?.type)).toBe(type);
      });
    });

    it("every concrete type implements exactly one of the interfaces and all its fields", () => {
      const concrete = Object.values(schema.getTypeMap()).filter(
        (type) => isObjectType(type) && !type.name.startsWith("__") && type.name !== "Query",
      );
      expect(concrete.length).toBeGreaterThan(10);
      for (const type of concrete) {
        if (!isObjectType(type)) continue;
        const [iface, ...more] = type.getInterfaces();
        expect(more, type.name).toEqual([]);
        expect(iface && Object.keys(perInterface)).toContain(iface?.name);
        for (const field of Object.values(iface!.getFields())) {
          expect(String(type.getFields()[field.name]?.type), `${type.name}.${field.name}`).toBe(
            String(field.type),
          );
        }
        expect(schema.isSubType(iface!, type)).toBe(true);
      }
    });

    it("relation custom fields are lists of the related interface", () => {
      const article = schema.getType("news_article_Entry");
      if (!isObjectType(article)) throw new Error("news_article_Entry missing");
      const fields = article.getFields();
      expect(String(fields.heroImage?.type)).toBe("[AssetInterface]");
      expect(String(fields.relatedArticles?.type)).toBe("[EntryInterface]");
      expect(String(fields.topics?.type)).toBe("[CategoryInterface]");
      expect(String(fields.keywords?.type)).toBe("[TagInterface]");
      expect(String(fields.contributors?.type)).toBe("[UserInterface]");
      expect(String(fields.articleBody?.type)).toBe("[MatrixBlockInterface]");
      expect(isListType(fields.topics?.type)).toBe(true);
    });
  },
);
