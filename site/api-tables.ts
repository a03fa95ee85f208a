/**
 * The content API's fixed vocabulary, as the spec's tables give it: interface fields, query
 * arguments and directives. Each row is `[name, SDL type, description]`. The site adds only
 * concrete types and their custom fields on top.
 */
export type Row = readonly [name: string, type: string, description: string];

export const COMMON_FIELDS: readonly Row[] = [
  ["id", "ID", "Entity id."],
  ["uid", "String", "Entity uid."],
  ["_count", "Int", "Number of related elements for a field."],
  ["title", "String", "Element title."],
  ["slug", "String", "Element slug."],
  ["uri", "String", "Element URI."],
  ["enabled", "Boolean", "Whether enabled."],
  ["archived", "Boolean", "Whether archived."],
  ["siteId", "Int", "Id of the associated site."],
  ["searchScore", "String", "Search score, if the `search` argument was used."],
  ["trashed", "Boolean", "Whether soft-deleted."],
  ["status", "String", "Element status."],
  ["dateCreated", "DateTime", "Creation date."],
  ["dateUpdated", "DateTime", "Last update date."],
];

/** `_count` takes the handle of the relation field whose elements it counts. */
export const COUNT_ARGUMENTS: readonly Row[] = [
  ["field", "String!", "Handle of the field to count."],
];

export const STRUCTURE_FIELDS: readonly Row[] = [
  ["lft", "Int", "Left position within the structure."],
  ["rgt", "Int", "Right position within the structure."],
  ["level", "Int", "Level within the structure."],
  ["root", "Int", "Structure root id."],
  ["structureId", "Int", "Structure id."],
];

/**
 * The draft and revision fields of every entry. Beyond the spec's tables: the CMS's own schema
 * has them (`isDraft` ... `draftNotes` from its element interface's draft fields, the rest from its
 * entry interface), whatever the schema's permissions.
 */
export const ENTRY_DRAFT_FIELDS: readonly Row[] = [
  ["isDraft", "Boolean", "Whether this is a draft."],
  ["isRevision", "Boolean", "Whether this is a revision."],
  ["revisionId", "Int", "The revision's id in the revisions table, for a revision."],
  ["revisionNotes", "String", "The revision's notes, for a revision."],
  ["draftId", "Int", "The draft's id in the drafts table, for a draft."],
  ["isUnpublishedDraft", "Boolean", "Whether this is a draft of an entry never published."],
  ["draftName", "String", "The draft's name, for a draft."],
  ["draftNotes", "String", "The draft's notes, for a draft."],
  ["canonicalId", "Int", "The id of the entry a draft belongs to; an entry's own id otherwise."],
  [
    "canonicalUid",
    "String",
    "The uid of the entry a draft belongs to; an entry's own uid otherwise.",
  ],
  ["sourceId", "Int", "The same as `canonicalId`."],
  ["sourceUid", "String", "The same as `canonicalUid`."],
];

/** Fields the CMS's schema marks deprecated, with its reason. */
export const DEPRECATED_FIELDS: Readonly<Record<string, string>> = {
  sourceId: "Deprecated since version 3.7.7 of the CMS: use `canonicalId`.",
  sourceUid: "Deprecated since version 3.7.7 of the CMS: use `canonicalUid`.",
};

export type ElementKind =
  "asset" | "entry" | "globalSet" | "matrixBlock" | "user" | "category" | "tag";

export const INTERFACE_NAMES: Readonly<Record<ElementKind, string>> = {
  asset: "AssetInterface",
  category: "CategoryInterface",
  entry: "EntryInterface",
  globalSet: "GlobalSetInterface",
  matrixBlock: "MatrixBlockInterface",
  tag: "TagInterface",
  user: "UserInterface",
};

export const INTERFACE_FIELDS: Readonly<Record<ElementKind, readonly Row[]>> = {
  asset: [
    ["volumeId", "Int", "Id of the owning volume."],
    ["folderId", "Int", "Id of the owning folder."],
    ["filename", "String", "File name."],
    ["extension", "String", "File extension."],
    ["hasFocalPoint", "Boolean", "Whether a user-defined focal point is set."],
    [
      "focalPoint",
      "[Float]",
      "Focal point as an array with x and y keys, or null if not an image.",
    ],
    ["kind", "String", "File kind."],
    ["size", "String", "File size in bytes."],
    ["height", "Int", "Height in pixels, null if not an image."],
    ["width", "Int", "Width in pixels, null if not an image."],
    ["img", "String", "An img tag based on the asset."],
    ["url", "String", "Full URL. Accepts the same arguments as the `transform` directive."],
    ["mimeType", "String", "MIME type, if determinable."],
    ["path", "String", "Path in the volume."],
    ["dateModified", "DateTime", "Last modified date of the file."],
  ],
  entry: [
    ...STRUCTURE_FIELDS,
    ["sectionId", "Int", "Id of the containing section."],
    ["sectionHandle", "String", "Handle of the containing section."],
    ["typeId", "Int", "Id of the entry type."],
    ["typeHandle", "String", "Handle of the entry type."],
    ["postDate", "DateTime", "Post date."],
    ["expiryDate", "DateTime", "Expiry date."],
    [
      "children",
      "[EntryInterface]",
      "Children when the section is a structure. Accepts the same arguments as the `entries` query.",
    ],
    ["parent", "EntryInterface", "Parent when the section is a structure."],
    ["url", "String", "Full URL."],
    ...ENTRY_DRAFT_FIELDS,
  ],
  globalSet: [
    ["name", "String", "Name of the global set."],
    ["handle", "String", "Handle of the global set."],
  ],
  matrixBlock: [
    ["fieldId", "Int", "Id of the owning field."],
    ["ownerId", "Int", "Id of the owning element."],
    ["typeId", "Int", "Block type id."],
    ["typeHandle", "String", "Block type handle."],
    ["sortOrder", "Int", "Sort order within the owner's field."],
  ],
  user: [
    ["photo", "AssetInterface", "User photo."],
    ["friendlyName", "String", "First name or username."],
    ["fullName", "String", "Full name."],
    ["name", "String", "Full name or username."],
    ["preferences", "String", "Preferences."],
    ["preferredLanguage", "String", "Preferred language."],
    ["username", "String", "Username."],
    ["firstName", "String", "First name."],
    ["lastName", "String", "Last name."],
    ["email", "String", "Email address."],
  ],
  category: [
    ...STRUCTURE_FIELDS,
    ["groupId", "Int", "Id of the containing group."],
    ["groupHandle", "String", "Handle of the containing group."],
    ["children", "[CategoryInterface]", "Children."],
    ["parent", "CategoryInterface", "Parent."],
    ["url", "String", "Full URL."],
  ],
  tag: [
    ["groupId", "Int", "Id of the containing group."],
    ["groupHandle", "String", "Handle of the containing group."],
  ],
};

export const COMMON_ARGUMENTS: readonly Row[] = [
  ["id", "[QueryArgument]", "Filter by element ids."],
  ["uid", "[String]", "Filter by uids."],
  ["status", "[String]", "Filter by statuses."],
  ["archived", "Boolean", "Only archived elements."],
  ["trashed", "Boolean", "Only soft-deleted elements."],
  ["site", "[String]", "Site(s) to query in. Defaults to the current (requested) site."],
  ["siteId", "String", "Site(s) to query in. Defaults to the current (requested) site."],
  ["unique", "Boolean", "Return only elements with unique ids."],
  ["enabledForSite", "Boolean", "Filter by whether enabled in the queried site."],
  ["title", "[String]", "Filter by titles."],
  ["slug", "[String]", "Filter by slugs."],
  ["uri", "[String]", "Filter by URIs."],
  ["search", "String", "Only elements matching a search query."],
  [
    "relatedTo",
    "[Int]",
    "Elements related to any of the element ids. Ignored if `relatedToAll` is also used.",
  ],
  [
    "relatedToAll",
    "[Int]",
    "Elements related to all of the element ids. Causes `relatedTo` to be ignored.",
  ],
  ["ref", "[String]", "Filter by reference string."],
  ["fixedOrder", "Boolean", "Return results in the order given by `id`."],
  ["inReverse", "Boolean", "Return results in reverse order."],
  ["dateCreated", "[String]", "Filter by creation dates."],
  ["dateUpdated", "[String]", "Filter by last-updated dates."],
  ["offset", "Int", "Offset for paginated results."],
  ["limit", "Int", "Limit for paginated results."],
  ["orderBy", "String", "Field to order by."],
];

export const STRUCTURE_ARGUMENTS: readonly Row[] = [
  ["withStructure", "Boolean", "Explicitly join structure data."],
  ["structureId", "Int", "Which structure data to join."],
  ["level", "Int", "Filter by level in the structure."],
  ["hasDescendants", "Boolean", "Filter by having descendants."],
  ["ancestorOf", "Int", "Only ancestors of another element."],
  ["ancestorDist", "Int", "Up to this distance from the `ancestorOf` element."],
  ["descendantOf", "Int", "Only descendants of another element."],
  ["descendantDist", "Int", "Up to this distance from the `descendantOf` element."],
  ["leaves", "Boolean", "Only leaves (elements with no descendants)."],
  ["nextSiblingOf", "Int", "Only the element immediately after another element."],
  ["prevSiblingOf", "Int", "Only the element immediately before another element."],
  ["positionedAfter", "Int", "Only elements positioned after another element."],
  ["positionedBefore", "Int", "Only elements positioned before another element."],
];

/**
 * The draft arguments of the entry queries (and of `children` and entry relation fields), present
 * only when the schema may query drafts (`drafts` in its scope). Beyond the spec's tables: the
 * CMS's element arguments add them under its "Query for element drafts" permission.
 */
export const DRAFT_ARGUMENTS: readonly Row[] = [
  [
    "drafts",
    "Boolean",
    "Whether drafts are returned: true for drafts only, null for drafts and entries alike.",
  ],
  [
    "draftOf",
    "QueryArgument",
    "Only drafts of this entry id; `*` for drafts of any entry; false for unpublished drafts.",
  ],
  ["draftId", "Int", "Only the draft with this id in the drafts table."],
  ["draftCreator", "Int", "Only drafts created by this user id."],
  [
    "provisionalDrafts",
    "Boolean",
    "Whether provisional drafts are returned (false by default; null for all drafts).",
  ],
  [
    "withProvisionalDrafts",
    "Boolean",
    "Replace entries with the signed-in user's provisional drafts of them; an API request has no signed-in user.",
  ],
];

/** Every argument of each query kind beyond the common set (structure arguments included). */
export const KIND_ARGUMENTS: Readonly<Record<Exclude<ElementKind, "matrixBlock">, readonly Row[]>> =
  {
    asset: [
      ["volumeId", "[QueryArgument]", "Filter by volume ids."],
      ["volume", "[String]", "Filter by volume handles."],
      ["folderId", "[QueryArgument]", "Filter by folder ids."],
      ["filename", "[String]", "Filter by file names."],
      ["kind", "[String]", "Filter by file kinds."],
      ["height", "[String]", "Filter by image heights."],
      ["width", "[String]", "Filter by image widths."],
      ["size", "[String]", "Filter by file sizes in bytes."],
      ["dateModified", "String", "Filter by file last-modified dates."],
      [
        "includeSubfolders",
        "Boolean",
        "Include assets from subfolders of the folder given by `folderId`.",
      ],
      ["withTransforms", "[String]", "Transform handles to preload."],
    ],
    entry: [
      ...STRUCTURE_ARGUMENTS,
      ["editable", "Boolean", "Only entries the user may edit."],
      ["section", "[String]", "Filter by section handles."],
      ["sectionId", "[QueryArgument]", "Filter by section ids."],
      ["type", "[String]", "Filter by entry type handles."],
      ["typeId", "[QueryArgument]", "Filter by entry type ids."],
      ["authorId", "[QueryArgument]", "Filter by authors."],
      ["authorGroup", "[String]", "Filter by the author's user group handle."],
      ["authorGroupId", "[QueryArgument]", "Filter by the author's user group id."],
      ["postDate", "[String]", "Filter by post dates."],
      ["before", "String", "Only entries posted before a date."],
      ["after", "String", "Only entries posted on or after a date."],
      ["expiryDate", "[String]", "Filter by expiry dates."],
    ],
    globalSet: [["handle", "[String]", "Filter by global set handles."]],
    user: [
      ["email", "[String]", "Filter by email addresses."],
      ["username", "[String]", "Filter by usernames."],
      ["firstName", "[String]", "Filter by first names."],
      ["lastName", "[String]", "Filter by last names."],
      ["groupId", "[QueryArgument]", "Filter by user group ids."],
      ["group", "[QueryArgument]", "Filter by user group."],
    ],
    tag: [
      ["group", "[String]", "Filter by tag group handles."],
      ["groupId", "[QueryArgument]", "Filter by tag group ids."],
    ],
    category: [
      ...STRUCTURE_ARGUMENTS,
      ["editable", "Boolean", "Only categories the user may edit."],
      ["group", "[String]", "Filter by category group handles."],
      ["groupId", "[QueryArgument]", "Filter by category group ids."],
    ],
  };

/** Query field names: `[list, single]` per element kind, in the spec's order. */
export const QUERY_FIELDS: Readonly<
  Record<Exclude<ElementKind, "matrixBlock">, readonly [string, string]>
> = {
  asset: ["assets", "asset"],
  entry: ["entries", "entry"],
  globalSet: ["globalSets", "globalSet"],
  user: ["users", "user"],
  tag: ["tags", "tag"],
  category: ["categories", "category"],
};

export const TRANSFORM_ARGUMENTS: readonly Row[] = [
  ["handle", "String", "Handle of a named transform."],
  ["transform", "String", "Handle of a named transform."],
  ["width", "Int", "Width."],
  ["height", "Int", "Height."],
  ["mode", "String", "Transform mode."],
  ["position", "String", "Crop position when no focal point is specified."],
  ["interlace", "String", "Interlace mode."],
  ["quality", "Int", "Quality."],
  ["format", "String", "Output format."],
  [
    "immediately",
    "Boolean",
    "Generate at once, rather than when the generated URL is first requested.",
  ],
];

export const DIRECTIVES: readonly { name: string; description: string; args: readonly Row[] }[] = [
  {
    name: "formatDateTime",
    description: "Formats a DateTime field; other fields are returned unchanged.",
    args: [
      [
        "format",
        "String",
        "Date format: `short`, `medium`, `long` or `full` for the locale's date and time of that length, an ICU pattern after `icu:` (`icu:EEEE d MMMM`), or a PHP date format, optionally after `php:` (`Y-m-d`). Defaults to the Atom date-time format.",
      ],
      ["timezone", "String", "Full timezone name. Defaults to UTC."],
      [
        "locale",
        "String",
        "Locale of the names, digits and named formats, such as `en-GB`. Defaults to the site's language.",
      ],
    ],
  },
  {
    name: "transform",
    description: "Returns the URL of an asset transform instead of the asset's own URL.",
    args: TRANSFORM_ARGUMENTS,
  },
  {
    name: "markdown",
    description: "Parses the field value as Markdown and returns HTML.",
    args: [
      [
        "flavor",
        "String",
        "Markdown flavor, with the same values the platform's markdown processor accepts: `original` (the default), `gfm`, `gfm-comment` or `extra`. Raw HTML in the text is kept in every flavor.",
      ],
      ["inlineOnly", "Boolean", "Whether to parse inline syntax only, without `<p>` tags."],
    ],
  },
];

/**
 * Craft 5's entry fields, where they differ from the table above: nested entries' `fieldId`,
 * `fieldHandle`, `ownerId` and `sortOrder`; `typeId` and `typeHandle` never null; `children` a
 * non-null list of non-null entries; `searchScore` an `Int`. Source: craftcms/cms 5.x
 * `src/gql/interfaces/elements/Entry.php`, `src/gql/interfaces/Element.php` (see docs/emulator.md).
 */
export const CRAFT5_ENTRY_FIELDS: readonly Row[] = [
  ...INTERFACE_FIELDS.entry.map((row): Row => {
    const [name, , description] = row;
    if (name === "typeId") return [name, "Int!", description];
    if (name === "typeHandle") return [name, "String!", description];
    if (name === "children") return [name, "[EntryInterface!]!", description];
    if (name === "sectionId" || name === "sectionHandle")
      return [name, row[1], `${description} Null for nested entries.`];
    return row;
  }),
  ["fieldId", "Int", "Id of the field that holds a nested entry; null for a section's entries."],
  ["fieldHandle", "String", "Handle of the field that holds a nested entry."],
  ["ownerId", "Int", "Id of the element that owns a nested entry."],
  ["sortOrder", "Int", "Position of a nested entry within its field."],
];

/** Craft 5 types `searchScore` as an `Int`. */
export const CRAFT5_COMMON_FIELDS: readonly Row[] = COMMON_FIELDS.map((row): Row =>
  row[0] === "searchScore" ? [row[0], "Int", row[2]] : row,
);

/** The entry query arguments Craft 5 adds for nested entries. */
export const CRAFT5_ENTRY_ARGUMENTS: readonly Row[] = [
  ["field", "[String]", "Filter by the handles of the fields that hold nested entries."],
  ["fieldId", "[QueryArgument]", "Filter by the ids of the fields that hold nested entries."],
  ["ownerId", "[QueryArgument]", "Filter by the ids of the nested entries' owners."],
  ["primaryOwnerId", "[QueryArgument]", "Filter by the ids of the nested entries' primary owners."],
];

/** Craft 5's count query per element kind (there is none for global sets). */
export const CRAFT5_COUNT_FIELDS: Readonly<
  Partial<Record<Exclude<ElementKind, "matrixBlock">, string>>
> = {
  entry: "entryCount",
  asset: "assetCount",
  category: "categoryCount",
  tag: "tagCount",
  user: "userCount",
};

/**
 * The directives Craft 5 has beyond the three above. Each turns the value into text first, as
 * the API does (`(string)$value`), so on another leaf type the field's own type reads it back.
 * Source: craftcms/cms 5.x `src/gql/directives/StripTags.php`, `Trim.php`, `ParseRefs.php`,
 * `Money.php`; `src/services/Gql.php` (`_loadGqlDirectives`).
 */
export const CRAFT5_DIRECTIVES: readonly {
  name: string;
  description: string;
  args: readonly Row[];
}[] = [
  {
    name: "stripTags",
    description: "Removes HTML tags from the value, but for the allowed ones.",
    args: [["allowed", "[String]", "Tags to keep, such as `p` or `<p>`."]],
  },
  {
    name: "trim",
    description: "Removes white space from both ends of the value.",
    args: [],
  },
  {
    name: "parseRefs",
    description:
      "Replaces reference tags such as `{entry:12:url}` with the element's attribute. Only for a schema that opts in to it.",
    args: [],
  },
  {
    name: "money",
    description: "Formats a Money value; other values are returned unchanged.",
    args: [
      ["format", "String", "`amount`, `decimal`, `number` or `string` (the default)."],
      ["locale", "String", "Locale of the `number` and `string` formats."],
    ],
  },
];

/** Craft 5.9's directives a schema has only when it opts in to them (`directive:<name>`). */
export const OPT_IN_DIRECTIVES: readonly string[] = ["parseRefs", "transform"];
