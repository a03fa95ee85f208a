import type { FieldDefinition, FieldValues } from "../../site/site-model.js";

export type ElementKind =
  "entry" | "asset" | "category" | "tag" | "user" | "globalSet" | "matrixBlock";

/** What the resolvers need about an element beyond the fields the API shows. */
export interface ElementInternals {
  kind: ElementKind;
  /** The handle the scope checks: section, volume, group or global set handle; `users` for users. */
  owner: string;
  /** `section.entryType` for entries, so a scope can name one entry type. */
  ownerType?: string;
  /** Craft 5 nested entries: the matrix field that holds them (a scope's `nestedEntryFields`). */
  field?: string;
  fields: FieldValues;
  defs: Record<string, FieldDefinition>;
  parentId?: number | null;
  authorId?: number;
  groups?: string[];
  /** The element's rows of the search index, one per attribute and per indexed custom field. */
  searchRows: SearchRow[];
  /** Folder path inside the volume (`""` at the root), for `includeSubfolders`. */
  folderPath?: string;
  /** Drafts only: the drafts-table facts the draft arguments filter on. */
  draft?: DraftInternals;
}

/** What a draft record adds: the row of the CMS's drafts table, and the entry it belongs to. */
export interface DraftInternals {
  draftId: number;
  /** The entry this is a draft of; null for an unpublished draft (the `canonicalId` column). */
  canonicalId: number | null;
  creatorId: number | null;
  provisional: boolean;
}

/**
 * One row of the search index, as the CMS keeps one per element attribute (`title`, `slug`,
 * `filename`...) and one per searchable custom field. `keywords` is the value after
 * `normalizeKeywords`, with a space at each end (so a word always follows a space), or `""` when
 * the value is empty; the row exists either way.
 */
export interface SearchRow {
  /** The attribute's name in lower case, or `field` for a custom field. */
  attribute: string;
  /** The custom field's handle; absent for attributes. */
  field?: string;
  keywords: string;
}

/**
 * One element as the resolvers serve it: properties named as the API's fields (dates as `Date`,
 * formatted on the way out), the concrete GraphQL type in `__typename`, and internals in `_`.
 */
export interface ElementRecord {
  __typename: string;
  _: ElementInternals;
  id: number;
  uid: string;
  title: string | null;
  slug: string | null;
  uri: string | null;
  url?: string | null;
  enabled: boolean;
  archived: boolean;
  trashed: boolean;
  siteId: number;
  /** Fixed statuses; an entry's live/pending/expired depends on the clock, see `elementStatus`. */
  status: string;
  dateCreated: Date;
  dateUpdated: Date;
  lft?: number | null;
  rgt?: number | null;
  level?: number | null;
  root?: number | null;
  structureId?: number | null;
  postDate?: Date | null;
  expiryDate?: Date | null;
  [field: string]: unknown;
}

/**
 * An element's status at `now`: entries are `live`, `pending` (posted in the future),
 * `expired` or `disabled`, and `enabled` when they have no post date (a draft never given one);
 * other kinds keep the status they were indexed with.
 *
 * @example
 * elementStatus(entry, new Date()); // "live"
 */
export function elementStatus(record: ElementRecord, now: Date): string {
  if (record._.kind !== "entry") return record.status;
  if (!record.enabled) return "disabled";
  if (!record.postDate) return "enabled";
  if (record.postDate.getTime() > now.getTime()) return "pending";
  if (record.expiryDate && record.expiryDate.getTime() <= now.getTime()) return "expired";
  return "live";
}
