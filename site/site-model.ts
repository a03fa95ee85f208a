/**
 * The example site as `schemas/content/site.json` describes it: the content model (what a content
 * API schema is built from) and the content itself (what the emulator serves). The JSON Schema
 * `schemas/content/site.schema.json` documents every key; these types mirror it one to one.
 */

/** Kinds of custom field, and the GraphQL type each one gets. */
export type FieldKind =
  | "plainText"
  | "richText"
  | "number"
  | "date"
  | "lightswitch"
  | "entries"
  | "assets"
  | "categories"
  | "tags"
  | "users"
  | "matrix";

/** The relation kinds: their values are lists of element ids. */
export const RELATION_KINDS = ["assets", "categories", "entries", "tags", "users"] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

export interface FieldDefinition {
  id: number;
  name: string;
  kind: FieldKind;
  instructions?: string;
  /** `number` fields: 0 makes the field an `Int`, anything else a `Float`. */
  decimals?: number;
  /** Relation fields: the handles the field may relate to (sections, volumes, groups). */
  sources?: string[];
  /** Relation fields: the most related elements allowed. */
  limit?: number;
  /**
   * `matrix` fields only: the block types by handle. A Craft 5 site names its matrix fields'
   * entry types in `entryTypes` instead; reading the file fills this from them.
   */
  blockTypes?: Record<string, BlockTypeDefinition>;
  /** Craft 5 `matrix` fields: the handles of the entry types its nested entries may have. */
  entryTypes?: string[];
}

export interface BlockTypeDefinition {
  id: number;
  name: string;
  /** The block type's own fields by handle; they never nest another matrix. */
  fields: Record<string, FieldDefinition>;
}

export interface SiteInfo {
  id: number;
  handle: string;
  name: string;
  language: string;
  baseUrl: string;
}

export interface EntryTypeDefinition {
  id: number;
  name: string;
  hasTitleField?: boolean;
  /** Handles of fields in `fields`. */
  fields: string[];
}

export interface SectionDefinition {
  id: number;
  name: string;
  type: "channel" | "structure" | "single";
  /**
   * The section's entry types by handle. A Craft 5 site file lists handles of its global
   * `entryTypes` here instead; reading the file fills in their definitions.
   */
  /** `structure` sections: the id of their structure. */
  structureId?: number;
  maxLevels?: number;
  /** URI template, for example `news/{slug}`; absent when entries have no URL. */
  uriFormat?: string;
  entryTypes: Record<string, EntryTypeDefinition>;
}

export interface VolumeDefinition {
  id: number;
  name: string;
  /** Public URL of the volume's root, ending in `/`. */
  baseUrl: string;
  fields: string[];
}

export interface CategoryGroupDefinition {
  id: number;
  name: string;
  structureId: number;
  uriFormat?: string;
  fields: string[];
}

export interface GroupDefinition {
  id: number;
  name: string;
  fields: string[];
}

export interface GlobalSetDefinition {
  name: string;
  fields: string[];
}

export interface UserGroupDefinition {
  id: number;
  name: string;
}

/**
 * What one content API schema grants. Absent lists grant nothing. A `sections` item is a section
 * handle (all its entry types) or `section.entryType`.
 */
export interface SiteScope {
  sections?: string[];
  volumes?: string[];
  categoryGroups?: string[];
  tagGroups?: string[];
  globalSets?: string[];
  users?: boolean;
  /** Craft 5: matrix fields (by handle) whose nested entries the root queries may return. */
  nestedEntryFields?: string[];
  /** Craft 5: the directives the schema opts in to (`parseRefs`, `transform`), as of Craft 5.9. */
  directives?: ("parseRefs" | "transform")[];
  /**
   * The schema may query drafts: the entry queries take the draft arguments (`drafts`, `draftOf`,
   * ...), as the CMS's "Query for element drafts" schema permission (`elements.drafts:read`) does.
   */
  drafts?: boolean;
}

export interface ApiSchemaDefinition {
  name: string;
  /** The one public schema has no token; every private schema has one. */
  public?: boolean;
  accessToken?: string;
  enabled: boolean;
  /** After this instant the schema's token is refused. */
  expiryDate?: string | null;
  scope: SiteScope;
}

/** Values of custom fields by field handle. */
export type FieldValues = Record<string, FieldValue>;
export type FieldValue = string | number | boolean | null | number[] | MatrixBlockContent[];

export interface ElementContent {
  id: number;
  uid: string;
  enabled?: boolean;
  archived?: boolean;
  trashed?: boolean;
  dateCreated: string;
  dateUpdated: string;
  fields?: FieldValues;
}

export interface EntryContent extends ElementContent {
  section: string;
  type: string;
  title: string;
  slug: string;
  /** Absent or null when the section has no URLs. */
  uri?: string | null;
  postDate: string;
  expiryDate?: string | null;
  authorId: number;
  /** Structure sections: the parent entry. Siblings keep the order of this list. */
  parentId?: number | null;
}

export interface AssetContent extends ElementContent {
  volume: string;
  folderId: number;
  title: string;
  filename: string;
  /** Path inside the volume, folders included, for example `team/ada.jpg`. */
  path: string;
  kind: string;
  mimeType: string;
  size: number;
  width?: number | null;
  height?: number | null;
  /** A user-defined focal point `[x, y]` in 0..1, or null when none is set. */
  focalPoint?: [number, number] | null;
  dateModified: string;
}

export interface CategoryContent extends ElementContent {
  group: string;
  title: string;
  slug: string;
  uri?: string | null;
  parentId?: number | null;
}

export interface TagContent extends ElementContent {
  group: string;
  title: string;
  slug: string;
}

export interface UserContent extends ElementContent {
  username: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  photoId?: number | null;
  groups: string[];
  status: "active" | "pending" | "suspended" | "locked";
  preferredLanguage?: string | null;
  preferences?: Record<string, string | number | boolean | null>;
}

export interface GlobalSetContent extends ElementContent {
  handle: string;
}

/** A matrix block, or in a Craft 5 site a nested entry (which may have a title and slug). */
export interface MatrixBlockContent {
  id: number;
  uid: string;
  type: string;
  enabled?: boolean;
  title?: string | null;
  slug?: string | null;
  fields: FieldValues;
}

/**
 * A draft of an entry: a copy of the entry with changes, not yet published. A draft of an entry
 * (`draftOf`) takes every entry attribute it does not set from that entry, and its `fields` over
 * the entry's; an unpublished draft (no `draftOf`, an entry never published) sets its own.
 */
export interface DraftContent extends ElementContent {
  /** The draft's id in the drafts table (the API's `draftId`), unique among drafts. */
  draftId: number;
  /** The entry this is a draft of; absent or null for an unpublished draft. */
  draftOf?: number | null;
  /** A provisional draft: one user's unsaved edits of an entry (needs draftOf and creatorId). */
  provisional?: boolean;
  /** The user who created the draft (the `draftCreator` argument). */
  creatorId?: number | null;
  /** The draft's name (`draftName`). */
  name: string;
  /** The draft's notes (`draftNotes`). */
  notes?: string | null;
  section?: string;
  type?: string;
  title?: string;
  slug?: string;
  uri?: string | null;
  /** Null for a draft never given a post date: its status is then `enabled`, never `live`. */
  postDate?: string | null;
  expiryDate?: string | null;
  authorId?: number;
}

/**
 * A preview token, as the CMS creates for its Preview and Share buttons: a request that carries
 * it (`X-Craft-Token` header or `?token=`) sees the draft it names in place of its entry.
 */
export interface PreviewTokenDefinition {
  /** The token itself: letters, digits, `-` and `_`. */
  token: string;
  /** The entry previewed; for an unpublished draft, the draft's own element id. */
  canonicalId: number;
  /**
   * The draft previewed, by its drafts-table id; without it, the entry itself (or `userId`'s
   * provisional draft of it).
   */
  draftId?: number | null;
  /** Without `draftId`: preview this user's provisional draft of the entry, when there is one. */
  userId?: number | null;
  /** After this instant the token is unknown, and a request with it is answered as one without. */
  expiryDate: string;
}

export interface SiteContent {
  entries: EntryContent[];
  /** Drafts of entries, and unpublished drafts. */
  drafts?: DraftContent[];
  assets: AssetContent[];
  categories: CategoryContent[];
  tags: TagContent[];
  users: UserContent[];
  globalSets: GlobalSetContent[];
}

/** The whole site file. */
export interface Site {
  /**
   * The shape of the content API the site serves: 4 (the default) for the spec's shape
   * (`<section>_<entryType>_Entry`, matrix blocks), 5 for Craft 5's (global entry types,
   * `<entryType>_Entry`, section unions, nested entries); see docs/emulator.md.
   */
  craftVersion?: 4 | 5;
  /** Craft's `gqlTypePrefix`: put before the name of every type the API creates. */
  gqlTypePrefix?: string;
  /** Craft 5: the entry types by handle, which sections and matrix fields name. */
  entryTypes?: Record<string, EntryTypeDefinition>;
  site: SiteInfo;
  fields: Record<string, FieldDefinition>;
  sections: Record<string, SectionDefinition>;
  volumes: Record<string, VolumeDefinition>;
  categoryGroups: Record<string, CategoryGroupDefinition>;
  tagGroups: Record<string, GroupDefinition>;
  globalSets: Record<string, GlobalSetDefinition>;
  userGroups: Record<string, UserGroupDefinition>;
  /** Handles of the custom fields every user has. */
  userFields: string[];
  /** The content API schemas (public and private) the site serves, by handle. */
  schemas: Record<string, ApiSchemaDefinition>;
  /** Preview tokens of drafts and entries. */
  previewTokens?: PreviewTokenDefinition[];
  content: SiteContent;
}
