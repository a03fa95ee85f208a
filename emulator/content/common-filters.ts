import { type ElementKind, type ElementRecord, elementStatus } from "./element-record.js";
import { matchParam } from "./match-param.js";
import type { QueryArgs, QueryContext } from "./query-context.js";

const defaultStatus: Record<string, string> = { entry: "live", user: "active" };

/**
 * The common arguments every element query takes (spec: "Common arguments"), except search,
 * ordering and pagination, as one test of a record: built once per query, then applied to each
 * candidate. `unique` has nothing to do on a single-site install. Undefined when the query can
 * match nothing at all (another site). An entry a preview token shows a draft of passes the
 * status filter whatever its status, as the CMS's placeholder condition lets it.
 *
 * @example
 * const test = commonFilters("entry", { slug: ["about"] }, context);
 * const about = test ? index.byKind.entry.filter(test) : [];
 */
export function commonFilters(
  kind: ElementKind,
  args: QueryArgs,
  context: QueryContext,
): ((record: ElementRecord) => boolean) | undefined {
  const { index, now } = context;
  const siteHandles = [index.site.site.handle, "*"];
  if (args.site != null && ![args.site].flat().some((s) => siteHandles.includes(String(s))))
    return undefined;
  if (args.siteId != null && !["*", String(index.site.site.id)].includes(String(args.siteId)))
    return undefined;
  const status = "status" in args ? args.status : (defaultStatus[kind] ?? "enabled");
  const placeholders = kind === "entry" ? context.preview?.placeholders : undefined;
  const related = relatedTest(args, context);
  return (r) => {
    if (args.archived === true ? !r.archived : r.archived) return false;
    if (args.trashed === true ? !r.trashed : r.trashed) return false;
    if (args.enabledForSite === true && !r.enabled) return false;
    return (
      (matchParam(elementStatus(r, now), status) || (placeholders?.has(r.id) ?? false)) &&
      matchParam(r.id, args.id) &&
      matchParam(r.uid, args.uid) &&
      matchParam(r.title, args.title) &&
      matchParam(r.slug, args.slug) &&
      matchParam(r.uri, args.uri) &&
      matchParam(r.dateCreated, args.dateCreated) &&
      matchParam(r.dateUpdated, args.dateUpdated) &&
      matchRef(r, args.ref) &&
      related(r)
    );
  };
}

/**
 * `relatedToAll`, else `relatedTo`. The ids asked for go into a set once, so testing a record
 * costs what its own relations cost, however long the list in the query. They are not checked
 * against the schema's scope: the real API passes them to the element query as they are.
 */
function relatedTest(args: QueryArgs, { index }: QueryContext): (record: ElementRecord) => boolean {
  const all = listOf(args.relatedToAll);
  if (all) {
    const ids = [...new Set(all.map(Number))];
    return (record) => {
      const related = index.relations.get(record.id);
      return ids.every((id) => related?.has(id) ?? false);
    };
  }
  const any = listOf(args.relatedTo);
  if (!any) return () => true;
  const ids = new Set(any.map(Number));
  return (record) => {
    const related = index.relations.get(record.id);
    if (related === undefined) return false;
    for (const id of related) if (ids.has(id)) return true;
    return false;
  };
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
