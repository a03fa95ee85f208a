import type { MatrixBlockContent, Site } from "../../site/site-model.js";
import type { ElementRecord } from "./element-record.js";
import { recordBasics, searchRows } from "./record-basics.js";

/**
 * Craft 5: the nested entries of every matrix field of `owner`, and of theirs in turn, as entry
 * records of their entry types' `<type>_Entry` types: `fieldId`, `fieldHandle`, `ownerId` and
 * `sortOrder` set, `sectionId` and `sectionHandle` null (they belong to a field, not a section),
 * no URI. A nested entry takes its owner's dates and author. Disabled ones are kept (the queries'
 * status filter leaves them out, as it does for other entries); unknown types are left out.
 *
 * @example
 * nestedEntries(site, pageRecord).map((e) => e.__typename); // ["text_Entry", "image_Entry"]
 */
export function nestedEntries(site: Site, owner: ElementRecord): ElementRecord[] {
  const { common, defs, names } = recordBasics(site);
  const found: ElementRecord[] = [];
  for (const [handle, definition] of Object.entries(owner._.defs)) {
    if (definition.kind !== "matrix") continue;
    const value = owner._.fields[handle];
    const items = (Array.isArray(value) ? value : []).filter(
      (item): item is MatrixBlockContent => typeof item === "object" && item !== null,
    );
    items.forEach((item, index) => {
      const type = site.entryTypes?.[item.type];
      if (!type || !definition.blockTypes?.[item.type]) return;
      const fields = item.fields ?? {};
      const fieldDefs = defs(type.fields);
      const base = common({
        id: item.id,
        uid: item.uid,
        enabled: item.enabled ?? true,
        dateCreated: owner.dateCreated.toISOString(),
        dateUpdated: owner.dateUpdated.toISOString(),
      });
      const record: ElementRecord = {
        ...base,
        __typename: names.entry("", item.type),
        title: item.title ?? null,
        slug: item.slug ?? null,
        uri: null,
        url: null,
        status: base.enabled ? "live" : "disabled",
        sectionId: null,
        sectionHandle: null,
        typeId: type.id,
        typeHandle: item.type,
        postDate: owner.postDate ?? owner.dateCreated,
        expiryDate: null,
        structureId: null,
        fieldId: definition.id,
        fieldHandle: handle,
        ownerId: owner.id,
        sortOrder: index + 1,
        _: {
          kind: "entry",
          owner: handle,
          field: handle,
          fields,
          defs: fieldDefs,
          parentId: null,
          ...(owner._.authorId !== undefined ? { authorId: owner._.authorId } : {}),
          searchRows: searchRows({ title: item.title, slug: item.slug }, fields, fieldDefs),
        },
      };
      found.push(record, ...nestedEntries(site, record));
    });
  }
  return found;
}
