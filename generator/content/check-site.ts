import { COMMON_FIELDS, type ElementKind, INTERFACE_FIELDS } from "./api-tables.js";
import type {
  FieldDefinition,
  FieldValues,
  MatrixBlockContent,
  RelationKind,
  Site,
} from "./site-model.js";

type Path = (string | number)[];
type Fail = (message: string, path: Path) => never;

const RELATION_ELEMENT: Readonly<Record<RelationKind, keyof Site["content"]>> = {
  assets: "assets",
  categories: "categories",
  entries: "entries",
  tags: "tags",
  users: "users",
};

/**
 * The checks a JSON Schema cannot make: every handle a site names is defined, custom fields do not
 * shadow built-in fields, element ids are unique, relations and parents point at the right kind
 * of element, values fit their fields, and the API schemas are one public plus private ones.
 */
export function checkSite(site: Site, fail: Fail): void {
  checkModel(site, fail);
  const kinds = checkIds(site, fail);
  const { content } = site;
  const ofKind = (kind: keyof Site["content"]) => (id: number) => kinds.get(id) === kind;

  const values = (layout: readonly string[], fields: FieldValues | undefined, path: Path) =>
    checkValues(
      site,
      layout.map((handle) => [handle, site.fields[handle]!] as const),
      fields,
      path,
      kinds,
      fail,
    );

  const seenEntries = new Map<number, string>();
  content.entries.forEach((entry, i) => {
    const section = site.sections[entry.section];
    if (!section) fail(`unknown section "${entry.section}"`, ["content", "entries", i, "section"]);
    const type = section.entryTypes[entry.type];
    if (!type)
      fail(`section "${entry.section}" has no entry type "${entry.type}"`, [
        "content",
        "entries",
        i,
        "type",
      ]);
    if (!ofKind("users")(entry.authorId))
      fail(`authorId ${entry.authorId} is not a user`, ["content", "entries", i, "authorId"]);
    if (entry.parentId != null) {
      if (section.type !== "structure")
        fail("only entries of a structure section have a parent", [
          "content",
          "entries",
          i,
          "parentId",
        ]);
      if (seenEntries.get(entry.parentId) !== entry.section) {
        fail(`parentId ${entry.parentId} is not an earlier entry of section "${entry.section}"`, [
          "content",
          "entries",
          i,
          "parentId",
        ]);
      }
    }
    seenEntries.set(entry.id, entry.section);
    values(type.fields, entry.fields, ["content", "entries", i, "fields"]);
  });
  content.assets.forEach((asset, i) => {
    const volume = site.volumes[asset.volume];
    if (!volume) fail(`unknown volume "${asset.volume}"`, ["content", "assets", i, "volume"]);
    values(volume.fields, asset.fields, ["content", "assets", i, "fields"]);
  });
  const seenCategories = new Map<number, string>();
  content.categories.forEach((category, i) => {
    const group = site.categoryGroups[category.group];
    if (!group)
      fail(`unknown category group "${category.group}"`, ["content", "categories", i, "group"]);
    if (category.parentId != null && seenCategories.get(category.parentId) !== category.group) {
      fail(
        `parentId ${category.parentId} is not an earlier category of group "${category.group}"`,
        ["content", "categories", i, "parentId"],
      );
    }
    seenCategories.set(category.id, category.group);
    values(group.fields, category.fields, ["content", "categories", i, "fields"]);
  });
  content.tags.forEach((tag, i) => {
    const group = site.tagGroups[tag.group];
    if (!group) fail(`unknown tag group "${tag.group}"`, ["content", "tags", i, "group"]);
    values(group.fields, tag.fields, ["content", "tags", i, "fields"]);
  });
  content.users.forEach((user, i) => {
    user.groups.forEach((group, g) => {
      if (!site.userGroups[group])
        fail(`unknown user group "${group}"`, ["content", "users", i, "groups", g]);
    });
    if (user.photoId != null && !ofKind("assets")(user.photoId))
      fail(`photoId ${user.photoId} is not an asset`, ["content", "users", i, "photoId"]);
    values(site.userFields, user.fields, ["content", "users", i, "fields"]);
  });
  const seenSets = new Set<string>();
  content.globalSets.forEach((set, i) => {
    const definition = site.globalSets[set.handle];
    if (!definition)
      fail(`unknown global set "${set.handle}"`, ["content", "globalSets", i, "handle"]);
    if (seenSets.has(set.handle))
      fail(`global set "${set.handle}" has content twice`, ["content", "globalSets", i, "handle"]);
    seenSets.add(set.handle);
    values(definition.fields, set.fields, ["content", "globalSets", i, "fields"]);
  });
}

function checkModel(site: Site, fail: Fail): void {
  const layout = (kind: ElementKind, handles: readonly string[], path: Path) => {
    const builtIn = new Set([...COMMON_FIELDS, ...INTERFACE_FIELDS[kind]].map(([name]) => name));
    handles.forEach((handle, i) => {
      if (!site.fields[handle]) fail(`unknown field "${handle}"`, [...path, i]);
      if (builtIn.has(handle))
        fail(`field "${handle}" would hide the built-in ${kind} field of that name`, [...path, i]);
    });
  };
  for (const [handle, section] of Object.entries(site.sections)) {
    if ((section.type === "structure") !== (section.structureId !== undefined)) {
      fail("structureId is required for structure sections and allowed only there", [
        "sections",
        handle,
      ]);
    }
    for (const [typeHandle, type] of Object.entries(section.entryTypes)) {
      layout("entry", type.fields, ["sections", handle, "entryTypes", typeHandle, "fields"]);
    }
  }
  for (const [handle, volume] of Object.entries(site.volumes))
    layout("asset", volume.fields, ["volumes", handle, "fields"]);
  for (const [handle, group] of Object.entries(site.categoryGroups))
    layout("category", group.fields, ["categoryGroups", handle, "fields"]);
  for (const [handle, group] of Object.entries(site.tagGroups))
    layout("tag", group.fields, ["tagGroups", handle, "fields"]);
  for (const [handle, set] of Object.entries(site.globalSets))
    layout("globalSet", set.fields, ["globalSets", handle, "fields"]);
  layout("user", site.userFields, ["userFields"]);

  const checkField = (field: FieldDefinition, path: Path) => {
    if (field.kind === "matrix" && !field.blockTypes) fail("a matrix field needs blockTypes", path);
    if (field.kind !== "matrix" && field.blockTypes)
      fail("only matrix fields have blockTypes", [...path, "blockTypes"]);
    const targets = relationTargets(site, field.kind);
    if (field.sources && !targets) fail("only relation fields have sources", [...path, "sources"]);
    field.sources?.forEach((source, i) => {
      if (!targets?.includes(source))
        fail(`"${source}" is not a ${field.kind} source of this site`, [...path, "sources", i]);
    });
    const blockBuiltIn = new Set(
      [...COMMON_FIELDS, ...INTERFACE_FIELDS.matrixBlock].map(([name]) => name),
    );
    for (const [typeHandle, type] of Object.entries(field.blockTypes ?? {})) {
      for (const [handle, inner] of Object.entries(type.fields)) {
        const innerPath = [...path, "blockTypes", typeHandle, "fields", handle];
        if (blockBuiltIn.has(handle))
          fail(`field "${handle}" would hide the built-in block field of that name`, innerPath);
        checkField(inner, innerPath);
      }
    }
  };
  for (const [handle, field] of Object.entries(site.fields)) checkField(field, ["fields", handle]);

  const schemas = Object.entries(site.schemas);
  const publics = schemas.filter(([, s]) => s.public);
  if (publics.length !== 1)
    fail(`there must be exactly one public schema, found ${publics.length}`, ["schemas"]);
  const tokens = new Set<string>();
  for (const [handle, schema] of schemas) {
    if (schema.public && schema.accessToken)
      fail("the public schema has no accessToken", ["schemas", handle, "accessToken"]);
    if (!schema.public && !schema.accessToken)
      fail("a private schema needs an accessToken", ["schemas", handle]);
    if (schema.accessToken && tokens.has(schema.accessToken))
      fail("two schemas share an accessToken", ["schemas", handle, "accessToken"]);
    if (schema.accessToken) tokens.add(schema.accessToken);
    const { scope } = schema;
    scope.sections?.forEach((item, i) => {
      const [section, type] = item.split(".");
      const definition = site.sections[section ?? ""];
      if (!definition || (type !== undefined && !definition.entryTypes[type])) {
        fail(`scope names unknown section or entry type "${item}"`, [
          "schemas",
          handle,
          "scope",
          "sections",
          i,
        ]);
      }
    });
    for (const key of ["volumes", "categoryGroups", "tagGroups", "globalSets"] as const) {
      scope[key]?.forEach((item, i) => {
        if (!site[key][item])
          fail(`scope names unknown ${key} handle "${item}"`, ["schemas", handle, "scope", key, i]);
      });
    }
  }
}

function relationTargets(site: Site, kind: FieldDefinition["kind"]): string[] | undefined {
  if (kind === "entries") return Object.keys(site.sections);
  if (kind === "assets") return Object.keys(site.volumes);
  if (kind === "categories") return Object.keys(site.categoryGroups);
  if (kind === "tags") return Object.keys(site.tagGroups);
  if (kind === "users") return [];
  return undefined;
}

/** Every element id (matrix blocks included) once; returns the kind of each id. */
function checkIds(site: Site, fail: Fail): Map<number, string> {
  const kinds = new Map<number, string>();
  const uids = new Set<string>();
  const add = (id: number, uid: string, kind: string, path: Path) => {
    if (kinds.has(id)) fail(`element id ${id} is used twice`, [...path, "id"]);
    if (uids.has(uid)) fail(`uid ${uid} is used twice`, [...path, "uid"]);
    kinds.set(id, kind);
    uids.add(uid);
  };
  const blocks = (fields: FieldValues | undefined, path: Path) => {
    for (const [handle, value] of Object.entries(fields ?? {})) {
      if (!Array.isArray(value)) continue;
      value.forEach((item, i) => {
        if (typeof item !== "object") return;
        add(item.id, item.uid, "matrixBlock", [...path, handle, i]);
        blocks(item.fields, [...path, handle, i, "fields"]);
      });
    }
  };
  for (const kind of ["entries", "assets", "categories", "tags", "users", "globalSets"] as const) {
    site.content[kind].forEach((element, i) => {
      add(element.id, element.uid, kind, ["content", kind, i]);
      blocks(element.fields, ["content", kind, i, "fields"]);
    });
  }
  return kinds;
}

function checkValues(
  site: Site,
  layout: readonly (readonly [string, FieldDefinition])[],
  fields: FieldValues | undefined,
  path: Path,
  kinds: Map<number, string>,
  fail: Fail,
): void {
  const definitions = new Map(layout);
  for (const [handle, value] of Object.entries(fields ?? {})) {
    const field = definitions.get(handle);
    const at = [...path, handle];
    if (!field) fail(`field "${handle}" is not in this element's field layout`, at);
    if (value === null) continue;
    const expect = (ok: boolean, what: string) => {
      if (!ok) fail(`field "${handle}" (${field.kind}) must be ${what}`, at);
    };
    switch (field.kind) {
      case "plainText":
      case "richText":
        expect(typeof value === "string", "a string");
        break;
      case "number":
        expect(
          typeof value === "number" && (field.decimals !== 0 || Number.isInteger(value)),
          field.decimals === 0 ? "an integer" : "a number",
        );
        break;
      case "date":
        expect(typeof value === "string" && !Number.isNaN(Date.parse(value)), "a date-time string");
        break;
      case "lightswitch":
        expect(typeof value === "boolean", "true or false");
        break;
      case "matrix":
        expect(
          Array.isArray(value) && value.every((item) => typeof item === "object"),
          "a list of blocks",
        );
        (value as MatrixBlockContent[]).forEach((block, i) => {
          const type = field.blockTypes?.[block.type];
          if (!type)
            fail(`field "${handle}" has no block type "${block.type}"`, [...at, i, "type"]);
          checkValues(
            site,
            Object.entries(type.fields),
            block.fields,
            [...at, i, "fields"],
            kinds,
            fail,
          );
        });
        break;
      default: {
        const kind = RELATION_ELEMENT[field.kind];
        expect(
          Array.isArray(value) && value.every((id) => typeof id === "number"),
          "a list of element ids",
        );
        (value as number[]).forEach((id, i) => {
          if (kinds.get(id) !== kind) fail(`${id} is not an element of kind ${kind}`, [...at, i]);
        });
        if (field.limit !== undefined && (value as number[]).length > field.limit) {
          fail(`field "${handle}" allows at most ${field.limit} related elements`, at);
        }
      }
    }
  }
}
