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
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      line++;
      lineStart = i + 1;
    } else if (code === 34 /* " */) {
      const blockString = syntax === "graphql" && text.startsWith('"""', i);
      const end = blockString ? blockStringEnd(text, i + 3) : stringEnd(text, i + 1);
      // A string never holds a bracket that counts, but a block string may hold newlines.
      for (let j = i + 1; j < end; j++) {
        if (text.charCodeAt(j) === 10) {
          line++;
          lineStart = j + 1;
        }
      }
      i = end;
    } else if (code === 35 /* # */ && syntax === "graphql") {
      const end = text.indexOf("\n", i);
      i = (end === -1 ? text.length : end) - 1;
    } else if (code === 123 || code === 91 || (code === 40 && syntax === "graphql")) {
      depth++;
      if (depth > MAX_INPUT_DEPTH) {
        throw new GeneratorError(
          `nesting deeper than ${MAX_INPUT_DEPTH} levels, the limit for every input`,
          { file, line, column: i - lineStart + 1 },
        );
      }
    } else if (code === 125 || code === 93 || (code === 41 && syntax === "graphql")) {
      depth = Math.max(0, depth - 1);
    }
  }
}

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
  for (let i = from; i < text.length; i++) {
    if (text.charCodeAt(i) === 92 && text.startsWith('\\"""', i)) i += 3;
    else if (text.startsWith('"""', i)) return i + 2;
  }
  return text.length;
}
