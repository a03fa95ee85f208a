import { GeneratorError } from "./errors.js";

/**
 * The deepest nesting any input may have: objects and arrays in JSON (config, event table,
 * payload schemas, introspection results, site files), and `{`, `[` and `(` in GraphQL SDL.
 * The bundled inputs nest at most 14 levels. The readers past this check recurse, so a deeper
 * file would otherwise end in a bare stack overflow naming no file.
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * Throws a GeneratorError at the line and column of the first bracket that opens level
 * `MAX_INPUT_DEPTH + 1`. One pass over the text, skipping strings (and, in SDL, block strings and
 * comments), so it costs no more than reading the file and never recurses.
 *
 * @example
 * checkNestingDepth('{"a": [1]}', "config.json", "json"); // fine
 * checkNestingDepth("[".repeat(100), "deep.json", "json"); // throws deep.json:1:65
 */
export function checkNestingDepth(text: string, file: string, syntax: "json" | "graphql"): void {
  const graphql = syntax === "graphql";
  const kinds = graphql ? GRAPHQL : JSON_KINDS;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const kind = code < 128 ? kinds[code] : 0;
    if (kind === 0) continue;
    if (kind === QUOTE) {
      i =
        graphql && text.startsWith('"""', i) ? blockStringEnd(text, i + 3) : stringEnd(text, i + 1);
    } else if (kind === COMMENT) {
      const end = text.indexOf("\n", i);
      i = (end === -1 ? text.length : end) - 1;
    } else if (kind === OPEN) {
      depth++;
      if (depth > MAX_INPUT_DEPTH) {
        // Lines are counted only here: the usual, shallow input never pays for them.
        const lineStart = text.lastIndexOf("\n", i) + 1;
        let line = 1;
        for (let at = text.indexOf("\n"); at !== -1 && at < i; at = text.indexOf("\n", at + 1))
          line++;
        throw new GeneratorError(
          `nesting deeper than ${MAX_INPUT_DEPTH} levels, the limit for every input`,
          { file, line, column: i - lineStart + 1 },
        );
      }
    } else if (depth > 0) depth--;
  }
}

const QUOTE = 1;
const COMMENT = 2;
const OPEN = 3;
const CLOSE = 4;
/** What each ASCII character is to the scan; 0 for every character it skips. */
function kindTable(graphql: boolean): Uint8Array {
  const table = new Uint8Array(128);
  table[34] = QUOTE; // "
  for (const open of graphql ? "{[(" : "{[") table[open.charCodeAt(0)] = OPEN;
  for (const close of graphql ? "}])" : "}]") table[close.charCodeAt(0)] = CLOSE;
  if (graphql) table[35] = COMMENT; // #
  return table;
}
const GRAPHQL = kindTable(true);
const JSON_KINDS = kindTable(false);

/** Index of the closing quote of a string opened before `from`, or the end of the text. */
function stringEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 92 /* \ */) i++;
    else if (code === 34 || code === 10) return i;
  }
  return text.length;
}

/** Index of the last quote of a block string opened before `from`, or the end of the text. */
function blockStringEnd(text: string, from: number): number {
  let at = text.indexOf('"""', from);
  // A backslash before it makes it an escaped triple quote inside the block string, not its end.
  while (at !== -1 && at - 1 >= from && text.charCodeAt(at - 1) === 92) {
    at = text.indexOf('"""', at + 3);
  }
  return at === -1 ? text.length : at + 2;
}
