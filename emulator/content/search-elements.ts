import type { ElementRecord } from "./element-record.js";

/** One search term of a group, and how many times the query repeats it there. */
interface Term {
  term: string;
  negate: boolean;
  times: number;
}

/**
 * The `search` argument as one test of a record, built once per query: every term must occur in
 * the element's searchable text (title, slug, text fields, usernames, file names), `-term` must
 * not, `"quoted phrases"` match as a whole and `OR` between terms accepts either side. Matching
 * is case-insensitive. A record that matches comes back as a copy with a `searchScore`, the
 * number of occurrences of its terms; one that does not, as undefined. A term repeated in a
 * group is looked for once (and counted as often as it is repeated), and a group repeated after
 * `OR` is tried once, so a query's cost per record grows with its distinct terms only.
 * Undefined when the query has no terms at all.
 *
 * @example
 * const search = searchElements("harbour -ferry");
 * const found = search ? records.flatMap((r) => search(r) ?? []) : records;
 */
export function searchElements(
  query: string,
): ((record: ElementRecord) => ElementRecord | undefined) | undefined {
  const groups = parse(query);
  if (groups.length === 0) return undefined;
  return (record) => {
    const text = record._.searchText;
    let score = 0;
    const matched = groups.some((group) =>
      group.every(({ term, negate, times }) => {
        const count = occurrences(text, term);
        if (negate) return count === 0;
        score += count * times;
        return count > 0;
      }),
    );
    return matched ? { ...record, searchScore: String(score) } : undefined;
  };
}

/** Terms grouped by `OR`: a record matches when every term of one group does. */
function parse(query: string): Term[][] {
  const groups: Map<string, Term>[] = [new Map()];
  for (const [, minus, phrase, word] of query.matchAll(/(-?)(?:"([^"]*)"|(\S+))/g)) {
    if (word === "OR" && !minus) {
      groups.push(new Map());
      continue;
    }
    const term = (phrase ?? word ?? "").toLowerCase().replace(/\*/g, "");
    if (term === "") continue;
    const group = groups.at(-1)!;
    const key = `${minus}${term}`;
    const known = group.get(key);
    if (known) known.times++;
    else group.set(key, { term, negate: minus === "-", times: 1 });
  }
  const distinct = new Map<string, Term[]>();
  for (const group of groups) {
    if (group.size === 0) continue;
    const terms = [...group.values()];
    distinct.set(JSON.stringify(terms), terms);
  }
  return [...distinct.values()];
}

function occurrences(text: string, term: string): number {
  let count = 0;
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) count++;
  return count;
}
