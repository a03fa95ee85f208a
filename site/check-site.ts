import { checkDrafts } from "./check-drafts.js";
import { checkFieldValues } from "./check-field-values.js";
import { type Fail, type Path, checkSiteModel } from "./check-site-model.js";
import { indexElementIds } from "./element-ids.js";
import type { FieldValues, Site } from "./site-model.js";

/**
 * The checks a JSON Schema cannot make: every handle a site names is defined, custom fields do not
 * shadow built-in fields, element ids are unique, relations and parents point at the right kind
 * of element, values fit their fields, the API schemas are one public plus private ones, and
 * drafts and preview tokens name existing entries, drafts and users.
 */
export function checkSite(site: Site, fail: Fail): void {
  checkSiteModel(site, fail);
  const kinds = indexElementIds(site, fail);
  const { content } = site;
  const ofKind = (kind: keyof Site["content"]) => (id: number) => kinds.get(id) === kind;

  const values = (layout: readonly string[], fields: FieldValues | undefined, path: Path) =>
    checkFieldValues(
      site,
      layout.map((handle) => [handle, site.fields[handle]!] as const),
      fields,
      path,
      kinds,
      fail,
    );

  const seenEntries = new Map<number, string>();
  content.entries.forEach((entry, i) => {
    const section = site.sections[entry.section];
    if (!section) fail(`unknown section "${entry.section}"`, ["content", "entries", i, "section"]);
    const type = section.entryTypes[entry.type];
    if (!type)
      fail(`section "${entry.section}" has no entry type "${entry.type}"`, [
        "content",
        "entries",
        i,
        "type",
      ]);
    if (!ofKind("users")(entry.authorId))
      fail(`authorId ${entry.authorId} is not a user`, ["content", "entries", i, "authorId"]);
    if (entry.parentId != null) {
      if (section.type !== "structure")
        fail("only entries of a structure section have a parent", [
          "content",
          "entries",
          i,
          "parentId",
        ]);
      if (seenEntries.get(entry.parentId) !== entry.section) {
        fail(`parentId ${entry.parentId} is not an earlier entry of section "${entry.section}"`, [
          "content",
          "entries",
          i,
          "parentId",
        ]);
      }
    }
    seenEntries.set(entry.id, entry.section);
    values(type.fields, entry.fields, ["content", "entries", i, "fields"]);
  });
  content.assets.forEach((asset, i) => {
    const volume = site.volumes[asset.volume];
    if (!volume) fail(`unknown volume "${asset.volume}"`, ["content", "assets", i, "volume"]);
    values(volume.fields, asset.fields, ["content", "assets", i, "fields"]);
  });
  const seenCategories = new Map<number, string>();
  content.categories.forEach((category, i) => {
    const group = site.categoryGroups[category.group];
    if (!group)
      fail(`unknown category group "${category.group}"`, ["content", "categories", i, "group"]);
    if (category.parentId != null && seenCategories.get(category.parentId) !== category.group) {
      fail(
        `parentId ${category.parentId} is not an earlier category of group "${category.group}"`,
        ["content", "categories", i, "parentId"],
      );
    }
    seenCategories.set(category.id, category.group);
    values(group.fields, category.fields, ["content", "categories", i, "fields"]);
  });
  content.tags.forEach((tag, i) => {
    const group = site.tagGroups[tag.group];
    if (!group) fail(`unknown tag group "${tag.group}"`, ["content", "tags", i, "group"]);
    values(group.fields, tag.fields, ["content", "tags", i, "fields"]);
  });
  content.users.forEach((user, i) => {
    user.groups.forEach((group, g) => {
      if (!site.userGroups[group])
        fail(`unknown user group "${group}"`, ["content", "users", i, "groups", g]);
    });
    if (user.photoId != null && !ofKind("assets")(user.photoId))
      fail(`photoId ${user.photoId} is not an asset`, ["content", "users", i, "photoId"]);
    values(site.userFields, user.fields, ["content", "users", i, "fields"]);
  });
  const seenSets = new Set<string>();
  content.globalSets.forEach((set, i) => {
    const definition = site.globalSets[set.handle];
    if (!definition)
      fail(`unknown global set "${set.handle}"`, ["content", "globalSets", i, "handle"]);
    if (seenSets.has(set.handle))
      fail(`global set "${set.handle}" has content twice`, ["content", "globalSets", i, "handle"]);
    seenSets.add(set.handle);
    values(definition.fields, set.fields, ["content", "globalSets", i, "fields"]);
  });
  checkDrafts(site, kinds, values, fail);
}
