import type { ElementRecord } from "./element-record.js";
import { matchParam } from "./match-param.js";
import type { QueryArgs, QueryContext } from "./query-context.js";

/**
 * The structure arguments of entries and categories, over nested-set positions: `ancestorOf`
 * and `descendantOf` (with their distances), `level`, `leaves`, `hasDescendants`, siblings and
 * `positionedBefore`/`After`. Naming an element that does not exist or is not in a structure
 * matches nothing; one outside the schema's scope counts like any other, and `hasDescendants`
 * and `leaves` count descendants outside it, as in the real API, whose element queries look
 * elements up and compare positions without the scope. `withStructure` is always in effect
 * here: positions are always joined.
 * Built once per query as one test of a record; undefined when the query can match nothing.
 *
 * @example
 * const test = structureFilters({ descendantOf: 50, descendantDist: 1 }, context);
 * const children = test ? index.byKind.entry.filter(test) : [];
 */
export function structureFilters(
  args: QueryArgs,
  { index }: QueryContext,
): ((record: ElementRecord) => boolean) | undefined {
  const target = (key: string) => {
    if (args[key] == null) return undefined;
    const found = index.byId.get(Number(args[key]));
    return found && found.lft != null ? found : null;
  };
  const ancestorOf = target("ancestorOf");
  const descendantOf = target("descendantOf");
  const nextSiblingOf = target("nextSiblingOf");
  const prevSiblingOf = target("prevSiblingOf");
  const after = target("positionedAfter");
  const before = target("positionedBefore");
  if ([ancestorOf, descendantOf, nextSiblingOf, prevSiblingOf, after, before].includes(null))
    return undefined;
  const inStructure =
    args.structureId != null ||
    args.level != null ||
    args.leaves != null ||
    args.hasDescendants != null;
  return (r) => {
    if (r.lft == null || r.rgt == null || r.level == null) {
      return (
        !inStructure &&
        [ancestorOf, descendantOf, nextSiblingOf, prevSiblingOf, after, before].every(
          (t) => t === undefined,
        )
      );
    }
    const same = (t: ElementRecord) => t.structureId === r.structureId;
    if (args.structureId != null && r.structureId !== args.structureId) return false;
    if (args.level != null && !matchParam(r.level, args.level)) return false;
    const isLeaf = r.rgt === r.lft + 1;
    if (args.leaves === true && !isLeaf) return false;
    if (args.leaves === false && isLeaf) return false;
    if (args.hasDescendants === true && isLeaf) return false;
    if (args.hasDescendants === false && !isLeaf) return false;
    if (ancestorOf) {
      if (!same(ancestorOf) || !(r.lft < ancestorOf.lft! && r.rgt > ancestorOf.rgt!)) return false;
      if (args.ancestorDist != null && r.level < ancestorOf.level! - Number(args.ancestorDist))
        return false;
    }
    if (descendantOf) {
      if (!same(descendantOf) || !(r.lft > descendantOf.lft! && r.rgt < descendantOf.rgt!))
        return false;
      if (
        args.descendantDist != null &&
        r.level > descendantOf.level! + Number(args.descendantDist)
      )
        return false;
    }
    if (nextSiblingOf && !(same(nextSiblingOf) && r.lft === nextSiblingOf.rgt! + 1)) return false;
    if (prevSiblingOf && !(same(prevSiblingOf) && r.rgt === prevSiblingOf.lft! - 1)) return false;
    if (after && !(same(after) && r.lft > after.rgt!)) return false;
    if (before && !(same(before) && r.rgt < before.lft!)) return false;
    return true;
  };
}
