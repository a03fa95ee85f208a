import type { Fail, Path } from "./check-site-model.js";
import type { FieldValues, Site } from "./site-model.js";

/**
 * The kind (`entries`, `assets`, ..., `drafts`, `matrixBlock`) of every element id, and in
 * `sources` its section, volume or group.
 */
export type ElementIndex = Map<number, string> & { sources: Map<number, string> };

/**
 * Every element id (drafts and matrix blocks included) once. Returns the kind of each id, and in
 * `sources` the section, volume or group of each entry, asset, category and tag.
 */
export function indexElementIds(site: Site, fail: Fail): ElementIndex {
  const kinds: ElementIndex = Object.assign(new Map<number, string>(), {
    sources: new Map<number, string>(),
  });
  const uids = new Set<string>();
  const add = (id: number, uid: string, kind: string, path: Path) => {
    if (kinds.has(id)) fail(`element id ${id} is used twice`, [...path, "id"]);
    if (uids.has(uid)) fail(`uid ${uid} is used twice`, [...path, "uid"]);
    kinds.set(id, kind);
    uids.add(uid);
  };
  const blocks = (fields: FieldValues | undefined, path: Path) => {
    for (const [handle, value] of Object.entries(fields ?? {})) {
      if (!Array.isArray(value)) continue;
      value.forEach((item, i) => {
        if (typeof item !== "object") return;
        add(item.id, item.uid, "matrixBlock", [...path, handle, i]);
        blocks(item.fields, [...path, handle, i, "fields"]);
      });
    }
  };
  for (const kind of ["entries", "assets", "categories", "tags", "users", "globalSets"] as const) {
    site.content[kind].forEach((element, i) => {
      add(element.id, element.uid, kind, ["content", kind, i]);
      const source =
        "section" in element
          ? element.section
          : "volume" in element
            ? element.volume
            : "group" in element
              ? element.group
              : undefined;
      if (source !== undefined) kinds.sources.set(element.id, source);
      blocks(element.fields, ["content", kind, i, "fields"]);
    });
  }
  // Drafts are elements too, though no relation or parent may name one.
  (site.content.drafts ?? []).forEach((draft, i) => {
    add(draft.id, draft.uid, "drafts", ["content", "drafts", i]);
    blocks(draft.fields, ["content", "drafts", i, "fields"]);
  });
  return kinds;
}
