import { readType } from "../print/read-type.js";
import { type Declaration, printDeclaration } from "../print/ts-syntax.js";

/**
 * The two helpers the operations plugin declares first, as prettier lays them out: the plugin
 * writes the same text in every file, so its layout is written out here.
 */
const HELPERS = new Map<string, string>([
  [
    "type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };",
    "type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };",
  ],
  [
    "export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };",
    'export type Incremental<T> =\n  T | { [P in keyof T]?: P extends " $fragmentName" | "__typename" ? T[P] : never };',
  ],
]);

const IMPORT = /^import type \{ ([A-Za-z_$][\w$]*(?:, [A-Za-z_$][\w$]*)*) \} from "([^"\\]+)";$/;
const ALIAS = /^(export )?type ([A-Za-z_$][\w$]*) =\s([\s\S]*);$/;
/**
 * A one-line doc comment, which prettier keeps as it is: one space after `/**` and before `*\/`,
 * as the printer writes it back.
 */
const ONE_LINE_DOC = /^\/\*\* (\S(?:(?!\*\/)[^\n])*?\S|\S) \*\/$/;

/** One top-level statement of the text, with what stands before it. */
interface Statement {
  text: string;
  doc: string | undefined;
  /** Whether a blank line separates it (and its comment) from the statement before. */
  blankBefore: boolean;
}

/**
 * The types of a `documents.ts` (the import of `TypedDocumentNode` and the operations plugin's
 * text) laid out as prettier lays them out, by typewire's own printer; `undefined` when the
 * text holds anything this does not know to print exactly so (a multi-line comment, a comment
 * inside a type, a statement other than a type-only import or a type alias, a type outside what
 * `readType` reads), for the caller (`emitDocuments`) to format with prettier.
 * `test/content/format-operation-types.test.ts` holds the two to the same text.
 */
export function formatOperationTypes(text: string): string | undefined {
  const statements = splitStatements(text);
  if (statements === undefined) return undefined;
  let out = "";
  for (const [index, statement] of statements.entries()) {
    const printed = printStatement(statement);
    if (printed === undefined) return undefined;
    if (index > 0) out += statement.blankBefore ? "\n\n" : "\n";
    out += printed;
  }
  return `${out}\n`;
}

function printStatement({ text, doc }: Statement): string | undefined {
  const helper = HELPERS.get(text);
  if (helper !== undefined) return doc === undefined ? helper : `/** ${doc} */\n${helper}`;
  const imported = IMPORT.exec(text);
  if (imported) {
    if (doc !== undefined) return undefined;
    const names = imported[1]!.split(", ");
    return printDeclaration({ kind: "import", names, from: imported[2]!, typeOnly: true });
  }
  const alias = ALIAS.exec(text);
  // Comments inside a type: prettier keeps them where they are, `readType` drops them.
  if (!alias || alias[3]!.includes("/*") || alias[3]!.includes("//")) return undefined;
  let declaration: Declaration;
  try {
    declaration = {
      kind: "alias",
      name: alias[2]!,
      exported: alias[1] !== undefined,
      type: readType(alias[3]!),
      doc,
    };
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
  return printDeclaration(declaration);
}

/**
 * The text's top-level statements, each ending at a `;` outside brackets, strings and
 * comments; `undefined` for a comment other than a one-line doc comment before a statement, or
 * for text after the last statement.
 */
function splitStatements(text: string): Statement[] | undefined {
  const statements: Statement[] = [];
  let index = 0;
  while (true) {
    const gapStart = index;
    while (index < text.length && /\s/.test(text[index]!)) index++;
    if (index >= text.length) return statements;
    let doc: string | undefined;
    if (text.startsWith("/*", index)) {
      const end = text.indexOf("*/", index + 2);
      if (end < 0) return undefined;
      const comment = ONE_LINE_DOC.exec(text.slice(index, end + 2));
      if (!comment) return undefined;
      doc = comment[1]!;
      index = end + 2;
      // The comment stands on its own line, right above its statement.
      const between = /^[ \t]*\n[ \t]*/.exec(text.slice(index));
      if (!between) return undefined;
      index += between[0].length;
    } else if (text.startsWith("//", index)) {
      return undefined;
    }
    const gap = text.slice(gapStart, index);
    const start = index;
    let depth = 0;
    // A comment inside a statement stays in its text, where `printStatement` refuses it.
    for (; index < text.length; index++) {
      const c = text[index]!;
      if (c === "'" || c === '"') {
        const close = text.indexOf(c, index + 1);
        if (close < 0 || text.slice(index + 1, close).includes("\\")) return undefined;
        index = close;
      } else if (c === "{" || c === "(" || c === "[" || c === "<") depth++;
      else if (c === "}" || c === ")" || c === "]" || c === ">") {
        // `=>` and the like: not a type this prints.
        if (--depth < 0) return undefined;
      } else if (c === ";" && depth === 0) break;
    }
    if (index >= text.length) return undefined;
    index++;
    statements.push({
      text: text.slice(start, index),
      doc,
      blankBefore: statements.length > 0 && /\n[ \t]*\n/.test(gap),
    });
  }
}
