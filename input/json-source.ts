import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Node, ParseError } from "jsonc-parser";
import { GeneratorError } from "./errors.js";
import { MAX_INPUT_DEPTH, checkNestingDepth } from "./nesting-depth.js";

/** A parsed JSON file that can say where any of its values is. */
export interface JsonSource {
  file: string;
  value: unknown;
  /** Location of the value at `path` (object keys and array indexes), or of its nearest parent. */
  locate(path: readonly (string | number)[]): { line?: number; column?: number };
  /** A GeneratorError about the value at `path`: this file, its line and column, `path` as entry. */
  errorAt(path: readonly (string | number)[], message: string): GeneratorError;
}

/** A JSON object: not `null`, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** RFC 6901: `~` and `/` inside a segment are escaped as `~0` and `~1`. */
export function jsonPointer(path: readonly (string | number)[]): string {
  return path.map((part) => `/${String(part).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** The unescaped segments of a JSON pointer (`/a/b~1c` is `["a", "b/c"]`, `""` is `[]`). */
export function pointerSegments(pointer: string): string[] {
  return pointer
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * Reads and parses a JSON file strictly: a syntax error, a trailing comma, a comment or a
 * duplicate key is a GeneratorError with line and column. Plain `JSON.parse` would keep the last
 * of two duplicate keys and silently lose the first.
 */
export async function readJsonSource(file: string, displayName = file): Promise<JsonSource> {
  return parseJsonSource(await readInputFile(file, displayName), displayName);
}

/**
 * Reads a JSON file typewire ships and its test suite reads strictly (no duplicate key, no
 * comment, no trailing comma): `JSON.parse` alone, without the scan for duplicate keys. It still
 * locates a value, on demand, as {@link readJsonSource} does.
 */
export async function readCheckedJsonSource(file: string, displayName = file): Promise<JsonSource> {
  const text = await readInputFile(file, displayName);
  try {
    return locatable(text, displayName, JSON.parse(text) as unknown);
  } catch {
    // Not what the suite checked after all: the strict reader says what and where.
    return parseJsonSource(text, displayName);
  }
}

/** Reads an input file as UTF-8; failures are GeneratorErrors naming the file. */
export async function readInputFile(file: string, displayName = file): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new GeneratorError(
      `cannot read file: ${describeFsError(error)}`,
      { file: displayName },
      { cause: error },
    );
  }
}

/**
 * Parses JSON text as {@link readJsonSource} does.
 *
 * Valid input, the usual case, costs a `JSON.parse` and one scan of the text: the scan counts the
 * object members the text spells out and checks the nesting depth, and the parsed value must hold
 * as many members, or two of them shared a key. The syntax tree that locates a value (line and
 * column) is built only when something asks where a value is, or when the text is not valid.
 */
export function parseJsonSource(source: string, file: string): JsonSource {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Throws the located error; returns only if the reader accepts what JSON.parse did not.
    parseLocated(text, file);
    throw new GeneratorError(`invalid JSON: ${(error as Error).message}`, { file });
  }
  const members = countMembers(text);
  if (members < 0) checkNestingDepth(text, file, "json");
  if (members !== membersOf(value)) parseLocated(text, file);
  return locatable(text, file, value);
}

/** `value`, parsed from `text`, with the syntax tree that locates its values built on demand. */
function locatable(text: string, file: string, value: unknown): JsonSource {
  let located: Located | undefined;
  const parsed: JsonSource = {
    file,
    value,
    locate(path) {
      located ??= parseLocated(text, file);
      return located.locate(path);
    },
    errorAt(path, message) {
      return new GeneratorError(message, {
        file,
        ...parsed.locate(path),
        entry: path.join(".") || undefined,
      });
    },
  };
  return parsed;
}

interface Located {
  locate(path: readonly (string | number)[]): { line: number; column: number };
}

/**
 * The strict reader with positions: a syntax error, a comment, a trailing comma, a duplicate key
 * or nesting past the limit is a GeneratorError at its line and column.
 */
function parseLocated(text: string, file: string): Located {
  checkNestingDepth(text, file, "json");
  const lineStarts = computeLineStarts(text);
  const position = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  };
  // Loaded here: valid input read without a question about positions never needs it.
  const { parseTree, printParseErrorCode } = createRequire(import.meta.url)(
    "jsonc-parser",
  ) as typeof import("jsonc-parser");
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const first = errors[0];
  if (first || tree === undefined) {
    const at = position(first?.offset ?? 0);
    const what = first ? describeParseError(printParseErrorCode(first.error)) : "the file is empty";
    throw new GeneratorError(`invalid JSON: ${what}`, { file, ...at });
  }
  findDuplicateKey(tree, [], (key, path, offset) => {
    throw new GeneratorError(`duplicate key "${key}"`, {
      file,
      ...position(offset),
      entry: path.join(".") || undefined,
    });
  });
  return {
    locate(path) {
      let node: Node | undefined = tree;
      let at = tree.offset;
      for (const segment of path) {
        const child = childAt(node, segment);
        if (!child) break;
        // An object entry is located at its key, so a message names the line of the name.
        at = child.key?.offset ?? child.value.offset;
        node = child.value;
      }
      return position(at);
    },
  };
}

/**
 * The number of object members in valid JSON text (its colons outside strings), or -1 when it
 * nests deeper than {@link MAX_INPUT_DEPTH}. A string is skipped to its closing quote at once.
 */
function countMembers(text: string): number {
  let members = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34 /* " */) {
      let end = text.indexOf('"', i + 1);
      // A quote after an odd number of backslashes is escaped: the string goes on.
      for (;;) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end;
    } else if (code === 58 /* : */) members++;
    else if (code === 123 || code === 91) {
      if (++depth > MAX_INPUT_DEPTH) return -1;
    } else if (code === 125 || code === 93) depth--;
  }
  return members;
}

/** The number of object members in a parsed value, nested ones included. */
function membersOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += membersOf(item);
    return count;
  }
  for (const key in value) count += 1 + membersOf((value as Record<string, unknown>)[key]);
  return count;
}

function childAt(
  node: Node | undefined,
  segment: string | number,
): { key?: Node; value: Node } | undefined {
  if (!node?.children) return undefined;
  if (node.type === "array") {
    const value = node.children[Number(segment)];
    return value ? { value } : undefined;
  }
  if (node.type !== "object") return undefined;
  const property = node.children.find((p) => p.children?.[0]?.value === String(segment));
  const [key, value] = property?.children ?? [];
  return key && value ? { key, value } : undefined;
}

function findDuplicateKey(
  node: Node,
  path: string[],
  report: (key: string, path: string[], offset: number) => never,
): void {
  if (node.type === "object") {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const keyNode = property.children?.[0];
      const key = String(keyNode?.value);
      if (seen.has(key)) report(key, [...path, key], keyNode?.offset ?? property.offset);
      seen.add(key);
      const value = property.children?.[1];
      if (value) findDuplicateKey(value, [...path, key], report);
    }
  } else if (node.type === "array") {
    for (const [index, child] of (node.children ?? []).entries()) {
      findDuplicateKey(child, [...path, String(index)], report);
    }
  }
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

const parseErrorText: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "property name expected",
  ValueExpected: "value expected",
  ColonExpected: "':' expected",
  CommaExpected: "',' expected",
  CloseBraceExpected: "'}' expected",
  CloseBracketExpected: "']' expected",
  EndOfFileExpected: "end of file expected",
  InvalidCommentToken: "comments are not allowed",
  UnexpectedEndOfComment: "unexpected end of comment",
  UnexpectedEndOfString: "unterminated string",
  UnexpectedEndOfNumber: "unexpected end of number",
  InvalidUnicode: "invalid unicode escape",
  InvalidEscapeCharacter: "invalid escape character",
  InvalidCharacter: "invalid character in string",
};

function describeParseError(code: string): string {
  return parseErrorText[code] ?? code;
}

/** `ENOENT: no such file or directory` style text without the path, which the caller prints. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return "no such file or directory";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "is a directory, expected a file";
  return error instanceof Error ? error.message : String(error);
}
