import type {
  ElementContent,
  FieldDefinition,
  FieldValues,
  MatrixBlockContent,
  Site,
} from "../../site/site-model.js";
import { typeNames } from "../../site/type-names.js";

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

/**
 * Lower-case text the `search` argument looks in: attributes and text fields, HTML removed.
 *
 * @example
 * searchText(["About"], { body: "<p>Our <b>team</b></p>" }); // "about  our  team  "
 */
export function searchText(attributes: string[], fields: FieldValues): string {
  const texts = [...attributes];
  const collect = (values: FieldValues) => {
    for (const value of Object.values(values)) {
      if (typeof value === "string") texts.push(value.replace(/<[^>]*>/g, " "));
      else if (Array.isArray(value)) {
        for (const block of value)
          if (typeof block === "object" && block)
            collect((block as MatrixBlockContent).fields ?? {});
      }
    }
  };
  collect(fields);
  return texts.join(" ").toLowerCase();
}
