import { craftVersion } from "../../site/craft-version.js";
import type { CategoryContent, EntryContent, Site } from "../../site/site-model.js";
import type { ElementRecord } from "./element-record.js";
import { recordBasics, searchRows } from "./record-basics.js";

/**
 * The record of an entry: section and type ids and handles, dates, URL, and its parent for
 * structure sections (positions are assigned afterwards by `assignStructure`).
 *
 * @example
 * const record = entryRecord(site, site.content.entries[0]!);
 */
export function entryRecord(site: Site, e: EntryContent): ElementRecord {
  const { common, defs, pageUrl, names } = recordBasics(site);
  const section = site.sections[e.section]!;
  const type = section.entryTypes[e.type]!;
  const fields = e.fields ?? {};
  const fieldDefs = defs(type.fields);
  const base = common(e);
  return {
    ...base,
    __typename: names.entry(e.section, e.type),
    title: e.title,
    slug: e.slug,
    uri: e.uri ?? null,
    url: pageUrl(e.uri),
    status: base.enabled ? "live" : "disabled",
    sectionId: section.id,
    sectionHandle: e.section,
    typeId: type.id,
    typeHandle: e.type,
    postDate: new Date(e.postDate),
    expiryDate: e.expiryDate ? new Date(e.expiryDate) : null,
    structureId: section.structureId ?? null,
    // Craft 5: what only nested entries have (see nested-entries.ts), null for a section's.
    ...(craftVersion(site) === 5
      ? { fieldId: null, fieldHandle: null, ownerId: null, sortOrder: null }
      : {}),
    _: {
      kind: "entry",
      owner: e.section,
      ownerType: `${e.section}.${e.type}`,
      fields,
      defs: fieldDefs,
      parentId: e.parentId ?? null,
      authorId: e.authorId,
      searchRows: searchRows({ title: e.title, slug: e.slug }, fields, fieldDefs),
    },
  };
}

/**
 * The record of a category: group id and handle, URL, and its parent in the group's structure.
 *
 * @example
 * const record = categoryRecord(site, site.content.categories[0]!);
 */
export function categoryRecord(site: Site, c: CategoryContent): ElementRecord {
  const { common, defs, pageUrl, names } = recordBasics(site);
  const group = site.categoryGroups[c.group]!;
  const fields = c.fields ?? {};
  const fieldDefs = defs(group.fields);
  const base = common(c);
  return {
    ...base,
    __typename: names.category(c.group),
    title: c.title,
    slug: c.slug,
    uri: c.uri ?? null,
    url: pageUrl(c.uri),
    status: base.enabled ? "enabled" : "disabled",
    groupId: group.id,
    groupHandle: c.group,
    structureId: group.structureId,
    _: {
      kind: "category",
      owner: c.group,
      fields,
      defs: fieldDefs,
      parentId: c.parentId ?? null,
      searchRows: searchRows({ title: c.title, slug: c.slug }, fields, fieldDefs),
    },
  };
}
