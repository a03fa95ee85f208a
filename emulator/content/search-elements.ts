import type { ElementRecord, SearchRow } from "./element-record.js";
import { matchWildcard } from "./match-param.js";
import { normalizeKeywords } from "./search-keywords.js";

/** One term of a search query, parsed as the CMS parses it. */
interface Term {
  /** `-term`: rows (or, with an attribute, elements) holding it are left out. */
  exclude: boolean;
  /** `attribute::term`: the whole value must equal the term (apart from `*` ends). */
  exact: boolean;
  /** Other characters may come before the term: `*term`. */
  subLeft: boolean;
  /** Other characters may follow the term: the default, and `term*`. */
  subRight: boolean;
  /** `attribute:term`: the attribute (`title`, `slug`...) or custom field handle, as written. */
  attribute?: string;
  /** The term after `normalizeKeywords`. */
  keywords: string;
  /** The SQL LIKE pattern the CMS builds for the term, `%` for any run; absent when the term sets no condition. */
  like?: string;
}

/** Terms the query repeats are tested once and weighed as often as they occur. */
interface Counted {
  term: Term;
  times: number;
}

/** An `OR` group: one of its terms must hold. Each term weighs 1 / the group's size in the score. */
interface Group {
  terms: Counted[];
  weight: number;
  times: number;
}

/**
 * The `search` argument as one test of a record, built once per query, with the CMS's rules
 * (`craft\search\SearchQuery` and `craft\services\Search` in Craft 5):
 *
 * - The index has one row per attribute and per searchable field (see `searchRows`). A plain term
 *   is a condition on a row: a row matches when it holds a word that starts with the term
 *   (`*term`: ends with it; `*term*`: contains it; never a match inside a word otherwise), and the
 *   query's terms must all hold in the same row. `-term` keeps rows that do not hold it.
 *   `"a phrase"` (or `'a phrase'`) is one term. `OR` joins the term before and after into a group.
 * - `attribute:term` is a condition on the element: some row of that attribute (or custom field
 *   handle) must match. `attribute::term` needs the whole value to be the term. An attribute no
 *   row has matches nothing.
 * - A term that normalizes to nothing (`&`) sets no condition; a query (or an `OR` group) whose
 *   terms all set none matches no element at all.
 *
 * A record that matches comes back as a copy with its `searchScore`: the sum, over its matching
 * rows, of each row's score rounded to a whole number (see `scoreTerm`). One that does not comes
 * back undefined. A term repeated among the plain terms, or in a group, and a group repeated, are
 * tested once and counted as often as they occur, so a query's cost per record grows with its
 * distinct terms only.
 *
 * @example
 * const search = searchElements("harbour -ferry");
 * const found = records.flatMap((r) => search(r) ?? []);
 */
export function searchElements(
  query: string,
): (record: ElementRecord) => ElementRecord | undefined {
  const { terms, groups } = parse(query);
  const andTerms = counted(terms);
  const orGroups = distinctGroups(groups);
  // As the CMS builds its SQL: plain terms that set no condition leave the query without one, and
  // so does a group none of whose terms sets one; a query without any condition finds nothing.
  const viable =
    (terms.length === 0 || andTerms.some(({ term }) => term.like !== undefined)) &&
    orGroups.every((group) => group.terms.some(({ term }) => term.like !== undefined)) &&
    (terms.length > 0 || orGroups.length > 0);
  if (!viable) return () => undefined;
  // Terms that set no condition (they normalize to nothing) also score nothing: leave them out.
  const ready = (list: Counted[], and: boolean) => {
    const compiled: Compiled[] = [];
    for (const { term, times } of list)
      if (term.like !== undefined) compiled.push(compile(term, times, and));
    return compiled;
  };
  const conditions = ready(andTerms, true);
  const alternatives = orGroups.map((group) => ({ ...group, terms: ready(group.terms, false) }));
  const presence = new Presence([...conditions, ...alternatives.flatMap((group) => group.terms)]);
  // Plain terms that must be in a row, and that must not; terms with an attribute.
  const wanted = conditions.filter((c) => c.term.attribute === undefined && !c.term.exclude);
  const unwanted = conditions.filter((c) => c.term.attribute === undefined && c.term.exclude);
  const unwantedInText = unwanted.filter((c) => !c.byWord);
  const named = conditions.filter((c) => c.term.attribute !== undefined);
  return (record) => {
    const rows = record._.searchRows;
    // Each term is first looked for in the element's whole text, once: a term found nowhere
    // decides every row at once (and scores 0 in all of them), so only the terms the element
    // holds are tested and scored row by row. Terms found through the element's words are
    // listed by the scan, so the many an element does not hold cost nothing more.
    const found = presence.scan(rows);
    /** Whether a term with an attribute holds for the element: some row of the attribute matches. */
    const elementHolds = (c: Compiled, holds: boolean) =>
      holds
        ? rows.some((row) => isAttribute(row, c.term.attribute!) && matches(c, row.keywords))
        : c.term.exclude && rows.some((row) => isAttribute(row, c.term.attribute!));
    const perRow: Compiled[] = [];
    const scored: { c: Compiled; weight: number; times: number }[] = [];
    for (const c of wanted) {
      if (!found.has(c)) return undefined;
      perRow.push(c);
      scored.push({ c, weight: 1, times: c.times });
    }
    for (const c of named) {
      const holds = found.has(c);
      if (!elementHolds(c, holds)) return undefined;
      if (holds) scored.push({ c, weight: 1, times: c.times });
    }
    const unwantedHere = [
      ...found.byWord.filter((c) => c.term.exclude && c.term.attribute === undefined && c.and),
      ...unwantedInText.filter((c) => found.has(c)),
    ];
    for (const c of unwantedHere) {
      perRow.push(c);
      scored.push({ c, weight: 1, times: c.times });
    }
    const perRowGroups: Compiled[][] = [];
    for (const group of alternatives) {
      const tested: Compiled[] = [];
      let always = false;
      for (const c of group.terms) {
        const holds = found.has(c);
        if (holds) scored.push({ c, weight: group.weight, times: group.times * c.times });
        if (c.term.attribute !== undefined) always ||= elementHolds(c, holds);
        else if (holds) tested.push(c);
        else always ||= c.term.exclude;
      }
      if (always) continue;
      if (tested.length === 0) return undefined;
      perRowGroups.push(tested);
    }
    let score = 0;
    let matched = false;
    for (const row of rows) {
      const text = row.keywords;
      if (!perRow.every((c) => matches(c, text))) continue;
      if (!perRowGroups.every((tested) => tested.some((c) => matches(c, text)))) continue;
      matched = true;
      let rowScore = 0;
      for (const { c, weight, times } of scored) rowScore += times * scoreTerm(c.term, row, weight);
      score += Math.round(rowScore);
    }
    return matched ? { ...record, searchScore: String(score) } : undefined;
  };
}

/**
 * Which terms an element's text holds at all. A term whose text is a word start (`" wind"`, the
 * default) or a whole word (`" wind "`) is found through the element's words: each word, and each
 * of its beginnings as long as some such term, is looked up among the terms once, so the cost per
 * element grows with its text (and the number of distinct term lengths), not with the number of
 * terms. Other terms (`*ind`, phrases) are looked for in the text, when asked about.
 */
class Presence {
  /** Term slots by the word start, or the whole word, they look for. */
  readonly starts = new Map<string, number[]>();
  readonly words = new Map<string, number[]>();
  /** The lengths of the word starts, shortest first. */
  readonly lengths: number[];

  constructor(readonly terms: Compiled[]) {
    const lengths = new Set<number>();
    terms.forEach((c, slot) => {
      c.slot = slot;
      // " word" looks for a word start, " word " for a whole word.
      const { core } = c;
      if (core === undefined || core.length < 2 || core[0] !== " ") return;
      const space = core.indexOf(" ", 1);
      const whole = space === core.length - 1;
      if (space !== -1 && !whole) return;
      if (whole && core.length < 3) return;
      c.byWord = true;
      const text = whole ? core.slice(1, -1) : core.slice(1);
      const map = whole ? this.words : this.starts;
      const slots = map.get(text);
      if (slots) slots.push(slot);
      else map.set(text, [slot]);
      if (!whole) lengths.add(text.length);
    });
    this.lengths = [...lengths].sort((a, b) => a - b);
  }

  /** Which terms the element with these rows holds anywhere. */
  scan(rows: SearchRow[]): Found {
    return new Found(this, rows);
  }
}

/** The terms one element holds: those found through its words, and the others when asked. */
class Found {
  /** Terms found through the element's words, each once. */
  readonly byWord: Compiled[] = [];
  /** By slot: 1 found, -1 looked for in the text and not found, 0 not known yet. */
  private readonly state: Int8Array;
  private joined: string | undefined;

  constructor(
    presence: Presence,
    private readonly rows: SearchRow[],
  ) {
    this.state = new Int8Array(presence.terms.length);
    if (presence.starts.size === 0 && presence.words.size === 0) return;
    const { state, byWord } = this;
    const mark = (slots: number[] | undefined) => {
      if (!slots) return;
      for (const slot of slots) {
        if (state[slot] === 1) continue;
        state[slot] = 1;
        byWord.push(presence.terms[slot]!);
      }
    };
    for (const row of rows) {
      // Keywords are " word word ": every word has a space before it and after it.
      const words = row.keywords.split(" ");
      for (let i = 1; i < words.length - 1; i++) {
        const word = words[i]!;
        mark(presence.words.get(word));
        for (const length of presence.lengths) {
          if (length > word.length) break;
          mark(presence.starts.get(length === word.length ? word : word.slice(0, length)));
        }
      }
    }
  }

  has(c: Compiled): boolean {
    const { state } = this;
    // A term looked for through the words and not marked is not there.
    if (c.byWord) return state[c.slot] === 1;
    if (state[c.slot] === 0) {
      this.joined ??= this.rows.map((row) => row.keywords).join("\n");
      state[c.slot] = c.core === undefined || this.joined.includes(c.core) ? 1 : -1;
    }
    return state[c.slot] === 1;
  }
}

/** A term made ready to test rows. */
interface Compiled {
  term: Term;
  /** How often the query repeats the term (in its group, for a group's term). */
  times: number;
  /** The term's place in `Presence`, and whether it is found through the element's words. */
  slot: number;
  byWord: boolean;
  /** Whether it is one of the plain (`AND`) terms rather than a group's. */
  and: boolean;
  /**
   * Text every row the term's LIKE accepts contains (for `-term`, every row it rejects), and that
   * its score counts: when the element's text lacks it, no row matches and the term scores 0.
   * Undefined when the term itself holds a `%`, which LIKE reads as a wildcard.
   */
  core: string | undefined;
  /** How the term's LIKE compares a row's keywords with `text`. */
  mode: "equals" | "starts" | "ends" | "contains" | "wildcard";
  /** The LIKE's literal text, or for `wildcard` its pattern with `*` for `%`. */
  text: string;
}

function compile(term: Term, times: number, and: boolean): Compiled {
  const like = term.like ?? "";
  const anchoredStart = !like.startsWith("%");
  const anchoredEnd = !like.endsWith("%");
  const inner = like.replace(/^%+|%+$/g, "");
  if (inner.includes("%"))
    return {
      term,
      times,
      slot: 0,
      byWord: false,
      and,
      core: undefined,
      mode: "wildcard",
      text: like.replace(/%/g, "*"),
    };
  const mode =
    anchoredStart && anchoredEnd
      ? "equals"
      : anchoredStart
        ? "starts"
        : anchoredEnd
          ? "ends"
          : "contains";
  return { term, times, slot: 0, byWord: false, and, core: inner, mode, text: inner };
}

/** The term's LIKE, or NOT LIKE for `-term`, against one row's keywords. */
function matches(c: Compiled, keywords: string): boolean {
  let found: boolean;
  switch (c.mode) {
    case "equals":
      found = keywords === c.text;
      break;
    case "starts":
      found = keywords.startsWith(c.text);
      break;
    case "ends":
      found = keywords.endsWith(c.text);
      break;
    case "contains":
      found = keywords.includes(c.text);
      break;
    default:
      found = matchWildcard(keywords, c.text);
  }
  return c.term.exclude ? !found : found;
}

/** Whether a row is the one `attribute:` names: a custom field's handle, else an attribute. */
function isAttribute(row: SearchRow, attribute: string): boolean {
  return row.field !== undefined
    ? row.field === attribute
    : row.attribute === attribute.toLowerCase();
}

/**
 * A term's score in one row, as the CMS weighs it: how often the term occurs in the row (as a word
 * start, or wherever `*` allows), divided by the row's number of words, times 100 when the row's
 * whole value is the term, else 10 when the term may be part of a longer word (the default) or 50
 * when it may not, times 5 more in the `title` row, times the term's weight (1, or 1 / the size of
 * its `OR` group). `attribute::term` terms, and terms that normalize to nothing or to `0`, score 0.
 */
function scoreTerm(term: Term, row: SearchRow, weight: number): number {
  if (term.exact || term.keywords === "" || term.keywords === "0") return 0;
  const needle = `${term.subLeft ? "" : " "}${term.keywords}${term.subRight ? "" : " "}`;
  const haystack = row.keywords;
  let count = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1;
    at = haystack.indexOf(needle, at + needle.length)
  )
    count++;
  if (count === 0) return 0;
  const words = haystack.split(" ").filter((word) => word !== "" && word !== "0").length;
  if (words === 0) return 0;
  let factor = needle.trim() === haystack.trim() ? 100 : term.subLeft || term.subRight ? 10 : 50;
  if (row.attribute === "title") factor *= 5;
  return (count / words) * factor * weight;
}

/**
 * Splits a query as PHP's `strtok` does, which the CMS uses: on spaces, skipping runs of them; a
 * token that opens a quote takes the text up to the same quote as the rest of its phrase.
 */
class Tokens {
  private at = 0;
  constructor(private readonly text: string) {}

  next(delimiter: string): string | undefined {
    const { text } = this;
    while (this.at < text.length && text[this.at] === delimiter) this.at++;
    if (this.at >= text.length) return undefined;
    const start = this.at;
    const end = text.indexOf(delimiter, start);
    this.at = end === -1 ? text.length : end + 1;
    return text.slice(start, end === -1 ? text.length : end);
  }
}

/** The query's plain terms and its `OR` groups, in the CMS's reading. */
function parse(query: string): { terms: Term[]; groups: Term[][] } {
  const tokens: (Term | Term[])[] = [];
  const reader = new Tokens(query);
  for (let token = reader.next(" "); token !== undefined; token = reader.next(" ")) {
    let group: Term[] | undefined;
    if (token === "OR") {
      token = reader.next(" ");
      if (token === undefined) break;
      const previous = tokens.at(-1);
      if (previous !== undefined) {
        group = Array.isArray(previous) ? previous : [previous];
        tokens[tokens.length - 1] = group;
      }
    }
    const term = readTerm(token, reader);
    if (group) group.push(term);
    else tokens.push(term);
  }
  return {
    terms: tokens.filter((token): token is Term => !Array.isArray(token)),
    groups: tokens.filter((token): token is Term[] => Array.isArray(token)),
  };
}

function readTerm(raw: string, reader: Tokens): Term {
  let token = raw;
  let exclude = false;
  let exact = false;
  let subLeft: boolean | undefined;
  let subRight: boolean | undefined;
  let attribute: string | undefined;
  if (token.startsWith("-")) {
    exclude = true;
    token = token.slice(1);
  }
  const named = /^(\w+)(::?)([^\n]+)$/.exec(token);
  if (named) {
    attribute = named[1]!;
    token = named[3]!;
    if (named[2] === "::") {
      exact = true;
      subLeft = false;
      subRight = false;
    }
  }
  if (token.startsWith('"') || token.startsWith("'")) {
    const quote = token[0]!;
    token =
      token.length > 1 && token.endsWith(quote)
        ? token.slice(1, -1)
        : token.length === 1
          ? ""
          : `${token.slice(1)} ${reader.next(quote) ?? ""}`;
  }
  if (token.startsWith("*")) {
    subLeft = true;
    token = token.slice(1);
  }
  if (token === "") subRight = false;
  else if (token.endsWith("*")) {
    subRight = true;
    token = token.slice(0, -1);
  }
  // A `*` on one side turns off the default on the other unless it has its own `*`.
  if (subLeft || subRight) {
    subLeft ??= false;
    subRight ??= false;
  }
  const term: Term = {
    exclude,
    exact,
    subLeft: subLeft ?? false,
    subRight: subRight ?? true,
    keywords: normalizeKeywords(token),
    ...(attribute === undefined ? {} : { attribute }),
  };
  // A term that normalizes to nothing sets no condition, except `attribute:*` (any value).
  if (term.keywords !== "" || term.subLeft) {
    const left = term.exact ? (term.subLeft ? "%" : " ") : term.subLeft ? "%" : "% ";
    const right = term.exact ? (term.subRight ? "%" : " ") : term.subRight ? "%" : " %";
    term.like = `${left}${term.keywords}${right}`;
  }
  return term;
}

function keyOf(term: Term): string {
  const flags = `${+term.exclude}${+term.exact}${+term.subLeft}${+term.subRight}`;
  return `${flags}${term.attribute === undefined ? "" : `${term.attribute}:`} ${term.keywords}`;
}

function counted(terms: Term[]): Counted[] {
  const byKey = new Map<string, Counted>();
  for (const term of terms) {
    const key = keyOf(term);
    const known = byKey.get(key);
    if (known) known.times++;
    else byKey.set(key, { term, times: 1 });
  }
  return [...byKey.values()];
}

function distinctGroups(groups: Term[][]): Group[] {
  const byKey = new Map<string, Group>();
  for (const terms of groups) {
    const key = terms.map(keyOf).join("\n");
    const known = byKey.get(key);
    if (known) known.times++;
    else byKey.set(key, { terms: counted(terms), weight: 1 / terms.length, times: 1 });
  }
  return [...byKey.values()];
}
