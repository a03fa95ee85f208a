import { GraphQLError } from "graphql";
import type { ElementRecord } from "./element-record.js";

/**
 * Sorts by an `orderBy` string in the CMS's form: `"title ASC, postDate DESC"`. Column names may
 * carry a table prefix (`elements.dateCreated`, `structureelements.lft`) as in the real API;
 * `score` is the search score, in the real API's order (`craft\elements\db\ElementQuery`):
 * a bare `score` means `score DESC`, equal scores come by element id (ascending for `DESC`,
 * descending for `ASC`), and without a search (`scored` false) `score` is left out. A column no
 * element has is a GraphQL error naming it. Other ties keep the id order, so the result is
 * always the same.
 *
 * @example
 * orderElements(records, "postDate DESC");
 * orderElements(found, "score", true); // best match first
 */
export function orderElements(
  records: ElementRecord[],
  orderBy: string,
  scored = false,
): ElementRecord[] {
  const keys: { field: string; sign: number }[] = [];
  const named = new Set<string>();
  for (const part of orderBy.split(",")) {
    const text = part.trim();
    if (text === "") continue;
    const [column = "", written] = text.split(/\s+/);
    // The real API reads a bare `score` as `score desc`; any other column defaults to ascending.
    const direction = written ?? (column === "score" ? "desc" : "asc");
    const name = column.slice(column.lastIndexOf(".") + 1);
    const field = name === "score" ? "searchScore" : name;
    if (field === "searchScore" && !scored) continue;
    const dir = direction.toLowerCase();
    if (dir !== "asc" && dir !== "desc")
      throw new GraphQLError(`orderBy: unknown direction "${direction}"; use ASC or DESC`);
    // A column named again can never break a tie its first mention left: keep the first only,
    // so a long orderBy costs no more per comparison than the distinct columns it names.
    if (named.has(field)) continue;
    named.add(field);
    keys.push({ field, sign: dir === "desc" ? -1 : 1 });
  }
  for (const { field } of keys) {
    if (records.length > 0 && !records.some((r) => field in r || field in r._.fields)) {
      throw new GraphQLError(`orderBy: unknown column "${field}"`);
    }
  }
  return [...records].sort((a, b) => {
    for (const { field, sign } of keys) {
      const difference =
        field === "searchScore"
          ? // The search ranks by score, then by id: equal scores never tie.
            Number(a.searchScore) - Number(b.searchScore) || b.id - a.id
          : compareValues(fieldValue(a, field), fieldValue(b, field));
      if (difference !== 0) return difference * sign;
    }
    return a.id - b.id;
  });
}

function fieldValue(record: ElementRecord, field: string): unknown {
  return field in record ? record[field] : record._.fields[field];
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  const numberA = typeof a === "number" ? a : Number(a);
  const numberB = typeof b === "number" ? b : Number(b);
  if (!Number.isNaN(numberA) && !Number.isNaN(numberB) && typeof a !== "boolean")
    return numberA - numberB;
  return String(a).localeCompare(String(b), "en", { sensitivity: "base" });
}
