import { elementStatus, type ElementRecord } from "./element-record.js";
import { matchParam } from "./match-param.js";
import type { QueryArgs, QueryContext } from "./query-context.js";

const defaultStatus: Record<string, string> = { entry: "live", user: "active" };

/**
 * The common arguments every element query takes (spec: "Common arguments"), except search,
 * ordering and pagination. `unique` has nothing to do on a single-site install.
 *
 * @example
 * const live = commonFilters(index.byKind.entry, { slug: ["about"] }, context);
 */
export function commonFilters(
  records: ElementRecord[],
  args: QueryArgs,
  context: QueryContext,
): ElementRecord[] {
  const { index, now } = context;
  const siteHandles = [index.site.site.handle, "*"];
  if (args.site != null && ![args.site].flat().some((s) => siteHandles.includes(String(s))))
    return [];
  if (args.siteId != null && !["*", String(index.site.site.id)].includes(String(args.siteId)))
    return [];
  const status =
    "status" in args ? args.status : (defaultStatus[records[0]?._.kind ?? ""] ?? "enabled");
  return records.filter((r) => {
    if (args.archived === true ? !r.archived : r.archived) return false;
    if (args.trashed === true ? !r.trashed : r.trashed) return false;
    if (args.enabledForSite === true && !r.enabled) return false;
    return (
      matchParam(elementStatus(r, now), status) &&
      matchParam(r.id, args.id) &&
      matchParam(r.uid, args.uid) &&
      matchParam(r.title, args.title) &&
      matchParam(r.slug, args.slug) &&
      matchParam(r.uri, args.uri) &&
      matchParam(r.dateCreated, args.dateCreated) &&
      matchParam(r.dateUpdated, args.dateUpdated) &&
      matchRef(r, args.ref) &&
      matchRelated(r, args, context)
    );
  });
}

function matchRelated(record: ElementRecord, args: QueryArgs, { index }: QueryContext): boolean {
  const related = index.relations.get(record.id);
  const all = listOf(args.relatedToAll);
  if (all) return all.every((id) => related?.has(Number(id)) ?? false);
  const any = listOf(args.relatedTo);
  if (any) return any.some((id) => related?.has(Number(id)) ?? false);
  return true;
}

/** A reference string names an element by id, `owner/slug` or slug (a username, a filename). */
function matchRef(record: ElementRecord, ref: unknown): boolean {
  const refs = listOf(ref);
  if (!refs) return true;
  const name = String(record.slug ?? record.username ?? record.filename ?? record.handle ?? "");
  return refs.some((item) => {
    const text = String(item);
    return text === String(record.id) || text === name || text === `${record._.owner}/${name}`;
  });
}

function listOf(value: unknown): unknown[] | undefined {
  if (value === null || value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}
