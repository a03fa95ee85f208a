import { GraphQLError } from "graphql";
import { commonFilters } from "./common-filters.js";
import type { ElementKind, ElementRecord } from "./element-record.js";
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
 * appear), then the common, kind and structure filters, search, ordering (`orderBy`, else
 * `fixedOrder` by `id`, else search score, else the kind's default: entries newest first, or in
 * structure order when every section asked for is a structure), `inReverse`, `offset`, `limit`
 * (never more than `maxGraphqlResults` when that is set).
 *
 * @example
 * queryElements("entry", { section: ["news"], limit: 3 }, context);
 */
export function queryElements(
  kind: QueryKind,
  args: QueryArgs,
  context: QueryContext,
  from?: ElementRecord[],
): ElementRecord[] {
  let records = (from ?? context.index.byKind[kind]).filter((r) => inScope(r, context.scope));
  records = commonFilters(records, args, context).filter((r) =>
    kindFilters[kind](r, args, context),
  );
  if (kind === "entry" || kind === "category") records = structureFilters(records, args, context);
  if (typeof args.search === "string" && args.search.trim() !== "")
    records = searchElements(records, args.search);
  records = order(kind, records, args, context);
  if (args.inReverse === true) records = records.reverse();
  const offset = args.offset == null ? 0 : Number(args.offset);
  if (offset < 0) throw new GraphQLError("offset must not be negative");
  let limit = args.limit == null ? undefined : Number(args.limit);
  if (limit !== undefined && limit < 0) throw new GraphQLError("limit must not be negative");
  // maxGraphqlResults lowers a larger or missing limit to itself, silently, as the real API does.
  if (context.maxResults > 0) limit = Math.min(limit ?? context.maxResults, context.maxResults);
  return records.slice(offset, limit === undefined ? undefined : offset + limit);
}

function order(
  kind: QueryKind,
  records: ElementRecord[],
  args: QueryArgs,
  context: QueryContext,
): ElementRecord[] {
  if (typeof args.orderBy === "string" && args.orderBy.trim() !== "")
    return orderElements(records, args.orderBy);
  if (args.fixedOrder === true && args.id != null) {
    const ids = [args.id].flat().map(Number);
    const position = (r: ElementRecord) => {
      const at = ids.indexOf(r.id);
      return at === -1 ? ids.length : at;
    };
    return [...records].sort((a, b) => position(a) - position(b) || a.id - b.id);
  }
  if (typeof args.search === "string" && args.search.trim() !== "")
    return orderElements(records, "score DESC");
  if (kind === "entry" && structureOrder(args, context))
    return orderElements(records, "structureId ASC, lft ASC");
  return records.length === 0 ? records : orderElements(records, defaultOrder[kind]);
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
