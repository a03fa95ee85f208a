import type { Fail, Path } from "./check-site-model.js";
import type { EntryTypeDefinition, FieldDefinition, Site } from "./site-model.js";

/** The API shape a site serves: 4 unless the file says 5. */
export function craftVersion(site: Site): 4 | 5 {
  return site.craftVersion === 5 ? 5 : 4;
}

/**
 * Fills in what a Craft 5 site file names by handle, so the rest of the site model reads both
 * versions alike: each section's list of entry type handles becomes its entry types by handle,
 * and each matrix field's `entryTypes` becomes its `blockTypes` (one per entry type, with the
 * entry type's fields). Also refuses what belongs to the other version, where it stands: a
 * handle list or top-level `entryTypes` without `craftVersion: 5`, matrix `blockTypes` with it.
 * Changes `site` in place; every entry type stays one object, shared where it is named. A site
 * that was read before (its sections' entry types already by handle) reads the same again.
 *
 * @example
 * normalizeCraftVersion(site, fail);
 * site.sections.pages!.entryTypes.page === site.entryTypes!.page; // true on a Craft 5 site
 */
export function normalizeCraftVersion(site: Site, fail: Fail): void {
  const v5 = craftVersion(site) === 5;
  if (!v5) {
    if (site.entryTypes !== undefined)
      fail("top-level entryTypes belong to a Craft 5 site: add craftVersion: 5", ["entryTypes"]);
    for (const [handle, section] of Object.entries(site.sections)) {
      if (Array.isArray(section.entryTypes))
        fail("a list of entry type handles belongs to a Craft 5 site: add craftVersion: 5", [
          "sections",
          handle,
          "entryTypes",
        ]);
    }
    for (const [handle, field] of Object.entries(site.fields)) {
      if (field.entryTypes !== undefined)
        fail(
          "matrix fields of nested entries (entryTypes) belong to a Craft 5 site: add craftVersion: 5, or give blockTypes",
          ["fields", handle, "entryTypes"],
        );
    }
    for (const [handle, schema] of Object.entries(site.schemas)) {
      for (const key of ["nestedEntryFields", "directives"] as const) {
        if (schema.scope[key] !== undefined)
          fail(`${key} belongs to a Craft 5 site's scopes`, ["schemas", handle, "scope", key]);
      }
    }
    return;
  }
  const entryTypes = site.entryTypes ?? {};
  for (const [handle, type] of Object.entries(entryTypes)) {
    type.fields.forEach((field, i) => {
      if (!site.fields[field])
        fail(`unknown field "${field}"`, ["entryTypes", handle, "fields", i]);
    });
  }
  const pick = (handles: readonly string[], path: Path) => {
    const picked: Record<string, EntryTypeDefinition> = {};
    handles.forEach((handle, i) => {
      const type = entryTypes[handle];
      if (!type)
        fail(`unknown entry type "${handle}" (not in the site's entryTypes)`, [...path, i]);
      picked[handle] = type;
    });
    return picked;
  };
  for (const [handle, section] of Object.entries(site.sections)) {
    // A list of handles as the file has it, or (a site read before) the entry types by handle.
    const listed: unknown = section.entryTypes;
    const handles = Array.isArray(listed) ? (listed as string[]) : Object.keys(section.entryTypes);
    section.entryTypes = pick(handles, ["sections", handle, "entryTypes"]);
  }
  for (const [handle, field] of Object.entries(site.fields)) {
    const path = ["fields", handle];
    if (field.kind !== "matrix") {
      if (field.entryTypes !== undefined)
        fail("only matrix fields have entryTypes", [...path, "entryTypes"]);
      continue;
    }
    // blockTypes beside entryTypes are what an earlier reading filled in: made again below.
    if (field.entryTypes === undefined)
      fail(
        field.blockTypes === undefined
          ? "a Craft 5 matrix field needs entryTypes (handles of the site's entryTypes)"
          : "a Craft 5 matrix field holds nested entries: list their entryTypes instead of blockTypes",
        field.blockTypes === undefined ? path : [...path, "blockTypes"],
      );
    field.blockTypes = Object.fromEntries(
      Object.entries(pick(field.entryTypes, [...path, "entryTypes"])).map(([type, definition]) => [
        type,
        { id: definition.id, name: definition.name, fields: fieldsOf(site, definition) },
      ]),
    );
  }
  for (const [handle, schema] of Object.entries(site.schemas)) {
    schema.scope.nestedEntryFields?.forEach((field, i) => {
      if (site.fields[field]?.kind !== "matrix")
        fail(`scope names "${field}", which is not a matrix field`, [
          "schemas",
          handle,
          "scope",
          "nestedEntryFields",
          i,
        ]);
    });
  }
}

function fieldsOf(site: Site, type: EntryTypeDefinition): Record<string, FieldDefinition> {
  return Object.fromEntries(type.fields.map((handle) => [handle, site.fields[handle]!]));
}

/** One of Craft 5's own entry queries: a section's or a matrix field's. */
export interface EntryQuery {
  /** The root field's name: `<section>Entries`, `<section>Entry` or `<field>FieldEntries`. */
  name: string;
  section?: string;
  field?: string;
  /** `<section>Entry`: one entry, not a list. */
  one: boolean;
}

/**
 * The entry queries a Craft 5 site adds beside `entries` and `entry`, for every section and
 * matrix field (a schema keeps those its scope grants): `<section>Entries`, for a single also
 * `<section>Entry`, and `<field>FieldEntries`. Source: craftcms/cms 5.x `src/gql/queries/Entry.php`
 * (`sectionLevelFields`, `nestedEntryFieldLevelFields`). None on a site of the spec's shape.
 *
 * @example
 * entryQueries(site).find((q) => q.name === "homepageEntry"); // { section: "homepage", one: true }
 */
export function entryQueries(site: Site): EntryQuery[] {
  if (craftVersion(site) !== 5) return [];
  const queries: EntryQuery[] = [];
  for (const [handle, section] of Object.entries(site.sections)) {
    queries.push({ name: `${handle}Entries`, section: handle, one: false });
    if (section.type === "single")
      queries.push({ name: `${handle}Entry`, section: handle, one: true });
  }
  for (const [handle, field] of Object.entries(site.fields)) {
    if (field.kind === "matrix")
      queries.push({ name: `${handle}FieldEntries`, field: handle, one: false });
  }
  return queries;
}
