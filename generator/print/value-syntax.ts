import { type Doc, group, hardline, ifBreak, indent, join, layout, line, softline } from "./doc.js";
import { PRINT_WIDTH, propertyKey, stringLiteral } from "./ts-syntax.js";

/**
 * A JavaScript value as data, for generated modules that hold values rather than types: JSON's
 * values plus a call of a function declared in the same module (`exampleUser()`), so a value
 * that many others share is written once.
 */
export type ValueNode =
  | string
  | number
  | boolean
  | null
  | { readonly kind: "object"; readonly members: readonly ValueMember[] }
  | { readonly kind: "array"; readonly elements: readonly ValueNode[] }
  | { readonly kind: "call"; readonly callee: string };

/** One `key: value` of an object literal. */
export type ValueMember = readonly [key: string, value: ValueNode];

/**
 * `const name = (): type => value;`: a function that returns a new copy of the value on every
 * call, laid out as the formatter lays it out (see {@link printArrowMembers}).
 *
 * @example
 * printArrowConst("exampleLabel", "Label", { kind: "object", members: [["name", "bug"]] });
 * // 'const exampleLabel = (): Label => ({\n  name: "bug",\n});'
 */
export function printArrowConst(name: string, type: string, value: ValueNode): string {
  return layout([`const ${name} = (): ${type} => `, arrowBody(value, 0), ";"], PRINT_WIDTH);
}

/**
 * Members `key: () => value,` of an object literal, one after the other, at `level` (in levels
 * of two spaces). Every non-empty object literal is written over several lines, one member per
 * line with a trailing comma; the formatter keeps an object written that way expanded, so the
 * output is what it would print. Arrays stay on one line when they fit.
 *
 * @example
 * printArrowMembers([["push", { kind: "object", members: [["ref", "refs/heads/main"]] }]], 1);
 * // '  push: () => ({\n    ref: "refs/heads/main",\n  }),'
 */
export function printArrowMembers(members: readonly ValueMember[], level: number): string {
  const docs = members.map(([key, value]) => [
    `${propertyKey(key)}: () => `,
    arrowBody(value, 2 * level),
    ",",
  ]);
  let doc: Doc = [hardline, join(hardline, docs)];
  for (let i = 0; i < level; i++) doc = indent(doc);
  return layout(doc, PRINT_WIDTH).slice(1);
}

/**
 * An object literal as an arrow function's body needs parentheses. `indentWidth` is the
 * indentation of the line the body starts on.
 */
function arrowBody(value: ValueNode, indentWidth: number): Doc {
  const doc = valueDoc(value, indentWidth);
  return isObject(value) ? ["(", doc, ")"] : doc;
}

/**
 * `indentWidth` is the indentation of the line the value starts on. It is known exactly, because
 * every object breaks its lines, and so does every array that holds one.
 */
function valueDoc(value: ValueNode, indentWidth: number): Doc {
  if (value === null) return "null";
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return String(value);
  switch (value.kind) {
    case "call":
      return `${value.callee}()`;
    case "array": {
      if (value.elements.length === 0) return "[]";
      const elements = value.elements.map((element) => valueDoc(element, indentWidth + 2));
      return group([
        "[",
        indent([softline, join([",", line], elements)]),
        ifBreak(","),
        softline,
        "]",
      ]);
    }
    case "object": {
      if (value.members.length === 0) return "{}";
      const memberIndent = indentWidth + 2;
      const members = value.members.map(([key, member]) =>
        typeof member === "string"
          ? stringMember(propertyKey(key), stringLiteral(member), memberIndent)
          : [propertyKey(key), ": ", valueDoc(member, memberIndent), ","],
      );
      return ["{", indent([hardline, join(hardline, members)]), hardline, "}"];
    }
  }
}

/**
 * `key: "text",`. A string too long for its line moves, whole, to the next line, as the
 * formatter puts it, unless its key is shorter than five characters: the formatter gains too
 * little room by breaking after so short a key, and keeps the string after it.
 */
function stringMember(key: string, text: string, indentWidth: number): Doc {
  const fits = indentWidth + key.length + 2 + text.length + 1 <= PRINT_WIDTH;
  if (fits || key.length < SHORT_KEY) return [key, ": ", text, ","];
  return [key, ":", indent([hardline, text]), ","];
}

/** The formatter's tab width (2) plus the least overlap (3) for which it breaks after a key. */
const SHORT_KEY = 5;

function isObject(value: ValueNode): boolean {
  return typeof value === "object" && value !== null && value.kind === "object";
}

function numberText(value: number): string {
  // JSON Schema `const` and `enum` values come from JSON, which has no NaN or Infinity.
  if (!Number.isFinite(value)) throw new TypeError(`value-syntax: ${value} has no literal`);
  return Object.is(value, -0) ? "0" : String(value);
}
