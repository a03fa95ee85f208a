import type { ElementContent, FieldDefinition, FieldValues, Site } from "../../site/site-model.js";
import { typeNames } from "../../site/type-names.js";
import type { SearchRow } from "./element-record.js";
import { normalizeKeywords } from "./search-keywords.js";

/**
 * What every element record starts from: the common fields of the content file, the site id,
 * and helpers shared by the per-kind builders.
 *
 * @example
 * const basics = recordBasics(site);
 * basics.common(entry).dateCreated; // a Date
 */
export function recordBasics(site: Site) {
  const base = site.site.baseUrl;
  return {
    /** The site's type names, for `__typename`. */
    names: typeNames(site),
    common: (e: ElementContent) => ({
      id: e.id,
      uid: e.uid,
      enabled: e.enabled ?? true,
      archived: e.archived ?? false,
      trashed: e.trashed ?? false,
      siteId: site.site.id,
      dateCreated: new Date(e.dateCreated),
      dateUpdated: new Date(e.dateUpdated),
    }),
    /** The definitions of the custom fields a layout lists, by handle. */
    defs: (handles: string[]): Record<string, FieldDefinition> =>
      Object.fromEntries(handles.flatMap((h) => (site.fields[h] ? [[h, site.fields[h]]] : []))),
    /** The full URL of a URI; the homepage's URI is `__home__`. */
    pageUrl: (uri: string | null | undefined) =>
      uri ? (uri === "__home__" ? base : base + uri) : null,
  };
}

/** Field kinds whose values the search index keeps as they are. */
const TEXT_KINDS: ReadonlySet<string> = new Set(["plainText", "richText"]);

/**
 * Keywords as a search index row holds them: normalized, with a space at each end, or `""`.
 *
 * @example
 * indexKeywords("Wind farm"); // " wind farm "
 */
export function indexKeywords(text: string): string {
  const keywords = normalizeKeywords(text);
  return keywords === "" ? "" : ` ${keywords} `;
}

/**
 * The search index rows of an element: one per attribute (named in lower case, as the CMS stores
 * them; an absent value gives an empty row), and one per text field of its layout (plain and rich
 * text) and per matrix field, whose row holds the text fields of its enabled blocks. Relation
 * fields get their rows from `indexSite`, which knows the related elements' titles.
 *
 * @example
 * searchRows({ title: "About", slug: "about" }, { body: "<p>Our team</p>" }, defs);
 * // [{ attribute: "title", keywords: " about " }, { attribute: "slug", ... },
 * //  { attribute: "field", field: "body", keywords: " our team " }]
 */
export function searchRows(
  attributes: Record<string, string | null | undefined>,
  fields: FieldValues,
  defs: Record<string, FieldDefinition>,
): SearchRow[] {
  const rows: SearchRow[] = Object.entries(attributes).map(([name, value]) => ({
    attribute: name.toLowerCase(),
    keywords: indexKeywords(value ?? ""),
  }));
  for (const [handle, definition] of Object.entries(defs)) {
    const value = fields[handle];
    if (TEXT_KINDS.has(definition.kind)) {
      rows.push({
        attribute: "field",
        field: handle,
        keywords: indexKeywords(typeof value === "string" ? value : ""),
      });
    } else if (definition.kind === "matrix") {
      const texts: string[] = [];
      for (const block of Array.isArray(value) ? value : []) {
        if (typeof block !== "object" || block === null || block.enabled === false) continue;
        const blockFields = definition.blockTypes?.[block.type]?.fields ?? {};
        for (const [blockHandle, blockField] of Object.entries(blockFields)) {
          const text = block.fields?.[blockHandle];
          if (TEXT_KINDS.has(blockField.kind) && typeof text === "string") texts.push(text);
        }
      }
      rows.push({ attribute: "field", field: handle, keywords: indexKeywords(texts.join(" ")) });
    }
  }
  return rows;
}
