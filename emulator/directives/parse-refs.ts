import type { ContentIndex } from "../content/index-site.js";

/** `{entry:12:url}`, `{asset:41}`, `{entry:12:title||Fallback}`: the kinds Craft's tags name. */
const REFERENCE =
  /\{(entry|asset|category|tag|user|globalset):([^:}|]+)(?::([^}|]+))?(?:\|\|([^}]*))?\}/g;

const KINDS: Record<string, string> = {
  entry: "entry",
  asset: "asset",
  category: "category",
  tag: "tag",
  user: "user",
  globalset: "globalSet",
};

/**
 * `@parseRefs`: each reference tag becomes the attribute of the element it names (by id, or an
 * entry by `section/slug`, or any element by slug), `url` when no attribute is given; a tag whose
 * element or attribute is not found becomes its fallback (`||text`), else stays as written. As in
 * the real API (`Elements::parseRefs`), any element is looked up, which is why a Craft 5.9 schema
 * must opt in to the directive.
 *
 * @example
 * parseRefs('<a href="{entry:31:url}">About</a>', index); // '<a href="https://…/about">About</a>'
 */
export function parseRefs(text: string, index: ContentIndex): string {
  return text.replace(
    REFERENCE,
    (tag, kind: string, ref: string, attribute?: string, fallback?: string) => {
      const element = find(index, KINDS[kind]!, ref);
      const value = element?.[attribute ?? "url"];
      if (value == null || typeof value === "object") return fallback ?? tag;
      return String(value);
    },
  );
}

function find(index: ContentIndex, kind: string, ref: string) {
  if (/^\d+$/.test(ref)) {
    const found = index.byId.get(Number(ref));
    return found?._.kind === kind ? found : undefined;
  }
  const [section, slug] = ref.includes("/") ? ref.split("/", 2) : [undefined, ref];
  return index.byKind[kind as keyof ContentIndex["byKind"]]?.find(
    (record) => record.slug === slug && (section === undefined || record.sectionHandle === section),
  );
}
