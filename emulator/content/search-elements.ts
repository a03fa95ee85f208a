import type { ElementRecord } from "./element-record.js";

/**
 * The `search` argument: every term must occur in the element's searchable text (title, slug,
 * text fields, usernames, file names), `-term` must not, `"quoted phrases"` match as a whole and
 * `OR` between terms accepts either side. Matching is case-insensitive; each result gets a
 * `searchScore`, the number of occurrences of its terms.
 *
 * @example
 * searchElements(records, "harbour -ferry"); // records mentioning harbour but not ferry
 */
export function searchElements(records: ElementRecord[], query: string): ElementRecord[] {
  const groups = parse(query);
  if (groups.length === 0) return records;
  const results: ElementRecord[] = [];
  for (const record of records) {
    const text = record._.searchText;
    let score = 0;
    const matched = groups.some((group) =>
      group.every(({ term, negate }) => {
        const count = occurrences(text, term);
        if (negate) return count === 0;
        score += count;
        return count > 0;
      }),
    );
    if (matched) results.push({ ...record, searchScore: String(score) });
  }
  return results;
}

/** Terms grouped by `OR`: a record matches when every term of one group does. */
function parse(query: string): { term: string; negate: boolean }[][] {
  const groups: { term: string; negate: boolean }[][] = [[]];
  for (const [, minus, phrase, word] of query.matchAll(/(-?)(?:"([^"]*)"|(\S+))/g)) {
    if (word === "OR" && !minus) {
      groups.push([]);
      continue;
    }
    const term = (phrase ?? word ?? "").toLowerCase().replace(/\*/g, "");
    if (term !== "") groups.at(-1)!.push({ term, negate: minus === "-" });
  }
  return groups.filter((group) => group.length > 0);
}

function occurrences(text: string, term: string): number {
  let count = 0;
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) count++;
  return count;
}
