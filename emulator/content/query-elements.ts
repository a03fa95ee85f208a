import { GraphQLError } from "graphql";
import { commonFilters } from "./common-filters.js";
import { draftFilters } from "./draft-filters.js";
import type { ElementKind, ElementRecord } from "./element-record.js";
import { pacedFilter } from "../limits/paced-filter.js";
import { inScope } from "./in-scope.js";
import { kindFilters } from "./kind-filters.js";
import { orderElements } from "./order-elements.js";
import type { QueryArgs, QueryContext } from "./query-context.js";
import { searchElements } from "./search-elements.js";
import { structureFilters } from "./structure-filters.js";

type QueryKind = Exclude<ElementKind, "matrixBlock">;

const defaultOrder: Record<QueryKind, string> = {
  entry: "postDate DESC",
  asset: "dateCreated DESC",
  category: "structureId ASC, lft ASC",
  tag: "title ASC",
  user: "username ASC",
  globalSet: "name ASC",
};

/**
 * Runs an element query the way the CMS does: the schema's scope first (elements outside it never
 * appear, though the filters' inputs may name them), then the common, kind and structure
 * filters, search, ordering (`orderBy`, else `fixedOrder` by `id`, else the kind's default:
 * entries newest first, or in structure order when every section asked for is a structure; a
 * search orders by score only when `orderBy` says `score`), `inReverse`, `offset`, `limit`.
 *
 * `limit` as the real API's GraphQL resolver and element query treat it: absent or null is no
 * limit, a negative value counts as 0, and 0 returns nothing; `maxGraphqlResults`, when set,
 * lowers a larger or absent limit to itself.
 *
 * Entry queries read the entries, or with the draft arguments the drafts too (`draftFilters`).
 * During a preview, each entry a preview token shows a draft of is filtered and ordered as
 * itself, then returned as the draft (the CMS's placeholder elements).
 *
 * The filters are built once, then every candidate is tested in turns of the request's budget
 * (see `pacedFilter`): the answer comes synchronously when the query fits in the request's
 * current slice, as a promise when it has to wait for later turns.
 *
 * @example
 * queryElements("entry", { section: ["news"], limit: 3 }, context);
 */
export function queryElements(
  kind: QueryKind,
  args: QueryArgs,
  context: QueryContext,
  from?: ElementRecord[],
): ElementRecord[] | Promise<ElementRecord[]> {
  const offset = args.offset == null ? 0 : Number(args.offset);
  if (offset < 0) throw new GraphQLError("offset must not be negative");
  let limit = args.limit == null ? undefined : Number(args.limit);
  // The real API's resolver resets a negative limit to 0, and its query builder applies a limit
  // of 0 as such (LIMIT 0): no elements. A missing or null limit is no limit.
  if (limit !== undefined && limit < 0) limit = 0;
  // maxGraphqlResults lowers a larger or missing limit to itself, silently, as the real API does.
  if (context.maxResults > 0) limit = Math.min(limit ?? context.maxResults, context.maxResults);
  const common = commonFilters(kind, args, context);
  const structure =
    kind === "entry" || kind === "category" ? structureFilters(args, context) : () => true;
  if (!common || !structure) return [];
  const placeholders = kind === "entry" ? context.preview?.placeholders : undefined;
  const drafts =
    kind === "entry" ? draftFilters(args, (id) => placeholders?.has(id) ?? false) : undefined;
  // The real API searches when `search` is a string PHP takes as true: "" and "0" are no search
  // at all, while a query of spaces only is a search that finds nothing.
  const search = searching(args) ? searchElements(args.search as string) : undefined;
  const ofKind = kindFilters[kind];
  const matches = (r: ElementRecord) =>
    inScope(r, context.scope) &&
    common(r) &&
    ofKind(r, args, context) &&
    structure(r) &&
    (drafts?.test(r) ?? true);
  const candidates = from ?? entryCandidates(kind, drafts ? drafts.mode : false, context);
  const kept = pacedFilter(
    candidates,
    (r) => (!matches(r) ? undefined : search ? search(r) : r),
    context.budget,
  );
  const finish = (records: ElementRecord[]) => {
    let ordered = order(kind, records, args, context);
    if (args.inReverse === true) ordered = ordered.reverse();
    const page = ordered.slice(offset, limit === undefined ? undefined : offset + limit);
    return placeholders?.size ? page.map((r) => placeholders.get(r.id) ?? r) : page;
  };
  return kept instanceof Promise ? kept.then(finish) : finish(kept);
}

/**
 * What an element query looks through: the kind's elements, and for entries the drafts too when
 * the draft arguments ask for them (`mode` true: drafts only; null: both), plus any unpublished
 * draft a preview token shows, which stands in for itself.
 */
function entryCandidates(
  kind: QueryKind,
  mode: boolean | null,
  { index, preview }: QueryContext,
): ElementRecord[] {
  if (kind !== "entry") return index.byKind[kind];
  if (mode === true) return index.drafts;
  if (mode === null) return [...index.byKind.entry, ...index.drafts];
  const unpublished = [...(preview?.placeholders ?? [])].filter(([id, r]) => r.id === id);
  return unpublished.length === 0
    ? index.byKind.entry
    : [...index.byKind.entry, ...unpublished.map(([, r]) => r)];
}

function order(
  kind: QueryKind,
  records: ElementRecord[],
  args: QueryArgs,
  context: QueryContext,
): ElementRecord[] {
  if (typeof args.orderBy === "string" && args.orderBy.trim() !== "")
    return orderElements(records, args.orderBy, searching(args));
  if (args.fixedOrder === true && args.id != null) {
    // The first place of each id, found once: the list may be long.
    const ids = [args.id].flat().map(Number);
    const places = new Map<number, number>();
    ids.forEach((id, at) => {
      if (!places.has(id)) places.set(id, at);
    });
    const position = (r: ElementRecord) => places.get(r.id) ?? ids.length;
    return [...records].sort((a, b) => position(a) - position(b) || a.id - b.id);
  }
  if (kind === "entry" && structureOrder(args, context))
    return orderElements(records, "structureId ASC, lft ASC");
  return records.length === 0 ? records : orderElements(records, defaultOrder[kind]);
}

function searching(args: QueryArgs): boolean {
  return typeof args.search === "string" && args.search !== "" && args.search !== "0";
}

/** Entries come in structure order when the query is about structure sections only. */
function structureOrder(args: QueryArgs, { index }: QueryContext): boolean {
  const structural = [
    "ancestorOf",
    "descendantOf",
    "level",
    "structureId",
    "leaves",
    "hasDescendants",
  ];
  if (structural.some((key) => args[key] != null)) return true;
  const sections = args.section == null ? [] : [args.section].flat().map(String);
  return (
    sections.length > 0 &&
    sections.every((handle) => index.site.sections[handle]?.type === "structure")
  );
}
