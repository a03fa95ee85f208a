import { craftVersion } from "../../site/craft-version.js";
import type { CategoryContent, DraftContent, EntryContent, Site } from "../../site/site-model.js";
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
    // Only a draft may lack a post date.
    postDate: e.postDate ? new Date(e.postDate) : null,
    expiryDate: e.expiryDate ? new Date(e.expiryDate) : null,
    structureId: section.structureId ?? null,
    // Craft 5: what only nested entries have (see nested-entries.ts), null for a section's.
    ...(craftVersion(site) === 5
      ? { fieldId: null, fieldHandle: null, ownerId: null, sortOrder: null }
      : {}),
    // An entry is its own canonical entry; a draft record overrides these.
    isDraft: false,
    isRevision: false,
    revisionId: null,
    revisionNotes: null,
    draftId: null,
    isUnpublishedDraft: false,
    draftName: null,
    draftNotes: null,
    canonicalId: e.id,
    canonicalUid: e.uid,
    sourceId: e.id,
    sourceUid: e.uid,
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
 * The record of a draft: a copy of its entry (for a draft of an entry) with the draft's own
 * attributes and fields over it, or an unpublished draft's own content, plus the draft facts
 * (`isDraft`, `draftId`, `draftName`, `canonicalId`, ...). Drafts have no place in a structure.
 *
 * @example
 * const record = draftRecord(site, site.content.drafts![0]!, entriesById);
 */
export function draftRecord(
  site: Site,
  d: DraftContent,
  entries: ReadonlyMap<number, EntryContent>,
): ElementRecord {
  const entry = d.draftOf == null ? undefined : entries.get(d.draftOf);
  const pick = <K extends keyof DraftContent & keyof EntryContent>(key: K) =>
    d[key] !== undefined ? d[key] : entry?.[key];
  const content = {
    id: d.id,
    uid: d.uid,
    enabled: d.enabled ?? entry?.enabled ?? true,
    archived: d.archived ?? false,
    trashed: d.trashed ?? false,
    dateCreated: d.dateCreated,
    dateUpdated: d.dateUpdated,
    fields: { ...entry?.fields, ...d.fields },
    section: entry?.section ?? d.section,
    type: entry?.type ?? d.type,
    title: pick("title"),
    slug: pick("slug"),
    uri: pick("uri") ?? null,
    postDate: pick("postDate") ?? null,
    expiryDate: pick("expiryDate") ?? null,
    authorId: pick("authorId"),
    parentId: entry?.parentId ?? null,
  } as EntryContent;
  const record = entryRecord(site, content);
  const canonical = entry ?? d;
  return {
    ...record,
    isDraft: true,
    draftId: d.draftId,
    isUnpublishedDraft: entry === undefined,
    draftName: d.name,
    draftNotes: d.notes ?? null,
    canonicalId: canonical.id,
    canonicalUid: canonical.uid,
    sourceId: canonical.id,
    sourceUid: canonical.uid,
    _: {
      ...record._,
      draft: {
        draftId: d.draftId,
        canonicalId: entry ? entry.id : null,
        creatorId: d.creatorId ?? null,
        provisional: d.provisional ?? false,
      },
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
