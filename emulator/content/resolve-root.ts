import type { ElementKind, ElementRecord } from "./element-record.js";
import type { QueryArgs, QueryContext } from "./query-context.js";
import { queryElements } from "./query-elements.js";

type QueryKind = Exclude<ElementKind, "matrixBlock">;

/** The root value of every operation: the resolver tells root fields from element fields by it. */
export const ROOT = Object.freeze({ root: true });

const rootFields: Record<string, [QueryKind, "list" | "one" | "count"]> = {
  entries: ["entry", "list"],
  entry: ["entry", "one"],
  entryCount: ["entry", "count"],
  assets: ["asset", "list"],
  asset: ["asset", "one"],
  assetCount: ["asset", "count"],
  categories: ["category", "list"],
  category: ["category", "one"],
  categoryCount: ["category", "count"],
  tags: ["tag", "list"],
  tag: ["tag", "one"],
  tagCount: ["tag", "count"],
  users: ["user", "list"],
  user: ["user", "one"],
  userCount: ["user", "count"],
  globalSets: ["globalSet", "list"],
  globalSet: ["globalSet", "one"],
};

/**
 * A root query field: `ping`, or an element query as a list, a single element (the first match)
 * or a count. A field the emulator does not know resolves to null. A promise when the query
 * has to wait for later turns of the request's budget.
 *
 * @example
 * resolveRoot("entries", { section: ["news"] }, context);
 */
export function resolveRoot(fieldName: string, args: QueryArgs, context: QueryContext): unknown {
  if (fieldName === "ping") return "pong";
  const entries = context.index.rootEntries.get(fieldName);
  const root: [QueryKind, "list" | "one" | "count"] | undefined = entries
    ? ["entry", entries.one ? "one" : "list"]
    : rootFields[fieldName];
  if (!root) return null;
  const [kind, shape] = root;
  // Craft 5's `<section>Entries` and `<field>FieldEntries` query their section or field only.
  const within = entries?.section
    ? { section: [entries.section] }
    : entries?.field
      ? { field: [entries.field] }
      : {};
  // A count query counts every match: the real API's count() drops `limit` and `offset`
  // (yii's Query::queryScalar, which ElementQuery::count() runs through)...
  const paging =
    shape === "one" ? { limit: 1 } : shape === "count" ? { limit: null, offset: null } : {};
  const query = { ...args, ...within, ...paging };
  // ...and maxGraphqlResults, which lowers `limit`, has nothing to lower there.
  const records = queryElements(
    kind,
    query,
    shape === "count" ? { ...context, maxResults: 0 } : context,
  );
  const shaped = (list: ElementRecord[]) =>
    shape === "one" ? (list[0] ?? null) : shape === "count" ? list.length : list;
  return records instanceof Promise ? records.then(shaped) : shaped(records);
}
