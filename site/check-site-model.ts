import { COMMON_FIELDS, type ElementKind, INTERFACE_FIELDS } from "./api-tables.js";
import { craftVersion } from "./craft-version.js";
import type { FieldDefinition, Site } from "./site-model.js";

/** Where in the site file a problem is: object keys and array indexes. */
export type Path = (string | number)[];
/** Reports a problem at a path; never returns. */
export type Fail = (message: string, path: Path) => never;

/**
 * Checks the content model: field layouts name defined fields that do not hide built-in ones,
 * relation sources exist, matrix fields have block types, and the API schemas are one public
 * schema plus private ones with distinct tokens, their scopes naming existing handles.
 */
export function checkSiteModel(site: Site, fail: Fail): void {
  const v5 = craftVersion(site) === 5;
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
    // A Craft 5 site's entry types are checked once, where the file defines them (below).
    if (v5) continue;
    for (const [typeHandle, type] of Object.entries(section.entryTypes)) {
      layout("entry", type.fields, ["sections", handle, "entryTypes", typeHandle, "fields"]);
    }
  }
  for (const [handle, type] of Object.entries(site.entryTypes ?? {}))
    layout("entry", type.fields, ["entryTypes", handle, "fields"]);
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
    // Craft 5 nested entries have the site's fields, each checked on its own, and may nest
    // another matrix field: nothing more to check here.
    if (v5) return;
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
