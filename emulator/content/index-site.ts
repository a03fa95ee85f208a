import { craftVersion, type EntryQuery, entryQueries } from "../../site/craft-version.js";
import {
  type FieldDefinition,
  type PreviewTokenDefinition,
  RELATION_KINDS,
  type Site,
} from "../../site/site-model.js";
import { type TypeNames, typeNames } from "../../site/type-names.js";
import { assignStructure } from "./assign-structure.js";
import { indexKeywords } from "./record-basics.js";
import type { ElementKind, ElementRecord } from "./element-record.js";
import { assetRecord, globalSetRecord, tagRecord, userRecord } from "./flat-records.js";
import { nestedEntries } from "./nested-entries.js";
import { statusChanges } from "./status-changes.js";
import { categoryRecord, draftRecord, entryRecord } from "./structured-records.js";

/** The site's content, indexed once per load so every query is a filter over arrays. */
export interface ContentIndex {
  site: Site;
  /** Every kind's elements; `entry` holds the entries, never their drafts. */
  byKind: Record<Exclude<ElementKind, "matrixBlock">, ElementRecord[]>;
  /** The drafts, in file order: only the draft arguments and preview tokens reach them. */
  drafts: ElementRecord[];
  /** Drafts by their drafts-table id (`draftId`). */
  draftsByDraftId: Map<number, ElementRecord>;
  /** The site's preview tokens by token. */
  previewTokens: Map<string, PreviewTokenDefinition>;
  /** Every element (drafts included) by id. */
  byId: Map<number, ElementRecord>;
  /** Element id to the ids it relates to or is related from (relations count both ways). */
  relations: Map<number, Set<number>>;
  /** When entry (and draft) statuses change with the clock alone; see `statusChanges`. */
  statusChanges: number[];
  /** The site's type names (`__typename`). */
  names: TypeNames;
  /** Craft 5: the nested entries of each owner, by owner id and field handle, in field order. */
  nested: Map<number, Map<string, ElementRecord[]>>;
  /**
   * Craft 5: the entry query root fields a site adds, by name: `<section>Entries` and, for a
   * single, `<section>Entry`; `<field>FieldEntries` for each matrix field.
   */
  rootEntries: Map<string, EntryQuery>;
}

const relationKinds: readonly string[] = RELATION_KINDS;

/**
 * Indexes a site file's content: one {@link ElementRecord} per element with the API's fields
 * computed (URLs, structure positions, user names, asset extensions) and the relations between
 * elements, so resolvers never look at the raw file.
 *
 * @example
 * const index = indexSite(site);
 * index.byKind.entry.length; // every entry, in file order
 */
export function indexSite(site: Site): ContentIndex {
  const { content } = site;
  const byKind = {
    entry: content.entries.map((e) => entryRecord(site, e)),
    asset: content.assets.map((a) => assetRecord(site, a)),
    category: content.categories.map((c) => categoryRecord(site, c)),
    tag: content.tags.map((t) => tagRecord(site, t)),
    user: content.users.map((u) => userRecord(site, u)),
    globalSet: content.globalSets.map((g) => globalSetRecord(site, g)),
  };
  assignStructure(byKind.entry.filter((e) => e.structureId !== null));
  assignStructure(byKind.category);
  // Craft 5 matrix fields hold nested entries: entries of their own, which the entry queries find.
  const nested = new Map<number, Map<string, ElementRecord[]>>();
  if (craftVersion(site) === 5) {
    const owners = Object.values(byKind).flat();
    for (const owner of owners) {
      for (const record of nestedEntries(site, owner)) {
        byKind.entry.push(record);
        const ownerId = record.ownerId as number;
        if (!nested.has(ownerId)) nested.set(ownerId, new Map());
        const byField = nested.get(ownerId)!;
        const handle = record.fieldHandle as string;
        if (!byField.has(handle)) byField.set(handle, []);
        byField.get(handle)!.push(record);
      }
    }
  }
  const entries = new Map(content.entries.map((e) => [e.id, e]));
  const drafts = (content.drafts ?? []).map((d) => draftRecord(site, d, entries));
  const byId = new Map<number, ElementRecord>();
  for (const records of [...Object.values(byKind), drafts])
    for (const record of records) byId.set(record.id, record);
  const relations = new Map<number, Set<number>>();
  const relate = (a: number, b: number) => {
    if (!relations.has(a)) relations.set(a, new Set());
    relations.get(a)!.add(b);
  };
  for (const record of byId.values()) {
    for (const [handle, definition] of Object.entries(record._.defs)) {
      if (!relationKinds.includes(definition.kind)) continue;
      const targets = relatedIds(definition, record._.fields[handle]);
      for (const target of targets) {
        relate(record.id, target);
        relate(target, record.id);
      }
      // The search index keeps a relation field as the titles of the elements it relates to.
      const titles = targets.map((id) => byId.get(id)?.title ?? "");
      record._.searchRows.push({
        attribute: "field",
        field: handle,
        keywords: indexKeywords(titles.join(" ")),
      });
    }
  }
  return {
    site,
    byKind,
    drafts,
    draftsByDraftId: new Map(drafts.map((d) => [d._.draft!.draftId, d])),
    previewTokens: new Map((site.previewTokens ?? []).map((t) => [t.token, t])),
    byId,
    relations,
    statusChanges: statusChanges([...byKind.entry, ...drafts]),
    names: typeNames(site),
    nested,
    rootEntries: new Map(entryQueries(site).map((query) => [query.name, query])),
  };
}

/**
 * The element ids a relation field's value holds; nothing for other field kinds.
 *
 * @example
 * relatedIds(site.fields.topics!, [21, 24]); // [21, 24]
 */
export function relatedIds(definition: FieldDefinition, value: unknown): number[] {
  if (!relationKinds.includes(definition.kind) || !Array.isArray(value)) return [];
  return value.filter((v): v is number => typeof v === "number");
}
