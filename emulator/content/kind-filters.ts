import type { ElementKind, ElementRecord } from "./element-record.js";
import { matchParam } from "./match-param.js";
import type { QueryArgs, QueryContext } from "./query-context.js";

type KindFilter = (record: ElementRecord, args: QueryArgs, context: QueryContext) => boolean;

/**
 * The arguments each element kind adds to the common set (spec: entry, asset, user, tag,
 * category and global set arguments). `editable` matches nothing: API requests have no signed-in
 * user who could edit. `withTransforms` only preloads transforms, so it filters nothing.
 * `authorGroup` and `authorGroupId` read the authors' groups whether or not the schema grants
 * users, as the real API's entry query does.
 *
 * @example
 * const news = records.filter((r) => kindFilters.entry(r, { section: ["news"] }, context));
 */
export const kindFilters: Record<Exclude<ElementKind, "matrixBlock">, KindFilter> = {
  entry(r, args, { index, now }) {
    if (args.editable === true) return false;
    const author = r._.authorId === undefined ? undefined : index.byId.get(r._.authorId);
    const authorGroups = author?._.groups ?? [];
    const groupIds = authorGroups.map((g) => index.site.userGroups[g]?.id);
    const postDate = r.postDate ?? null;
    if (args.before != null && !(postDate && postDate.getTime() < parseDate(args.before, now)))
      return false;
    if (args.after != null && !(postDate && postDate.getTime() >= parseDate(args.after, now)))
      return false;
    return (
      matchParam(r.sectionHandle as string, args.section) &&
      matchParam(r.sectionId as number, args.sectionId) &&
      matchParam(r.typeHandle as string, args.type) &&
      // Craft 5 nested entries: their field and owner (every owner is the primary one here).
      matchParam((r.fieldHandle as string | null | undefined) ?? null, args.field) &&
      matchParam((r.fieldId as number | null | undefined) ?? null, args.fieldId) &&
      matchParam((r.ownerId as number | null | undefined) ?? null, args.ownerId) &&
      matchParam((r.ownerId as number | null | undefined) ?? null, args.primaryOwnerId) &&
      matchParam(r.typeId as number, args.typeId) &&
      matchParam(r._.authorId, args.authorId) &&
      anyMatch(authorGroups, args.authorGroup) &&
      anyMatch(groupIds, args.authorGroupId) &&
      matchParam(postDate, args.postDate) &&
      matchParam(r.expiryDate ?? null, args.expiryDate)
    );
  },
  asset(r, args, { index }) {
    if (!matchParam(r.folderId as number, args.folderId)) {
      if (args.includeSubfolders !== true || !inSubfolder(r, args.folderId, index.byKind.asset))
        return false;
    }
    return (
      matchParam(r.volumeId as number, args.volumeId) &&
      matchParam(r._.owner, args.volume) &&
      matchParam(r.filename as string, args.filename) &&
      matchParam(r.kind as string, args.kind) &&
      matchParam(r.height as number | null, args.height) &&
      matchParam(r.width as number | null, args.width) &&
      matchParam(Number(r.size), args.size) &&
      matchParam(r.dateModified as Date, args.dateModified)
    );
  },
  user(r, args, { index }) {
    const groups = r._.groups ?? [];
    const groupIds = groups.map((g) => index.site.userGroups[g]?.id);
    return (
      matchParam(r.email as string, args.email) &&
      matchParam(r.username as string, args.username) &&
      matchParam(r.firstName as string | null, args.firstName) &&
      matchParam(r.lastName as string | null, args.lastName) &&
      anyMatch(groupIds, args.groupId) &&
      (anyMatch(groups, args.group) || anyMatch(groupIds, args.group))
    );
  },
  tag(r, args) {
    return matchParam(r._.owner, args.group) && matchParam(r.groupId as number, args.groupId);
  },
  category(r, args) {
    if (args.editable === true) return false;
    return matchParam(r._.owner, args.group) && matchParam(r.groupId as number, args.groupId);
  },
  globalSet(r, args) {
    return matchParam(r._.owner, args.handle);
  },
};

/** A list-valued attribute matches when any of its values does; an empty list only `:empty:`. */
function anyMatch(values: (string | number | undefined)[], param: unknown): boolean {
  if (param === null || param === undefined) return true;
  if (values.length === 0) return matchParam(null, param);
  return values.some((value) => matchParam(value, param));
}

function parseDate(value: unknown, now: Date): number {
  const text = String(value);
  if (text === "now") return now.getTime();
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  return Number.isNaN(time) ? Number.NaN : time;
}

/** Whether an asset sits in a subfolder of a folder the `folderId` argument names. */
function inSubfolder(record: ElementRecord, folderId: unknown, assets: ElementRecord[]): boolean {
  const parents = assets.filter(
    (a) => a._.owner === record._.owner && matchParam(a.folderId as number, folderId),
  );
  const path = record._.folderPath ?? "";
  return parents.some((p) => {
    const parentPath = p._.folderPath ?? "";
    return parentPath === "" ? path !== "" : path.startsWith(`${parentPath}/`);
  });
}
