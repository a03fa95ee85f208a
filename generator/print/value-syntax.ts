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
  const pad = " ".repeat(2 * level);
  const lines: string[] = [];
  for (let i = 0; i < members.length; i++) {
    // Read by index: unpacking the pair would go through an iterator, once per member.
    const member = members[i]!;
    const key = member[0];
    const value = member[1];
    const start = `${pad}${propertyKey(key)}: () => `;
    const body = isObject(value)
      ? `(${valueText(value, 2 * level, 0, 0)})`
      : valueText(value, 2 * level, start.length, 1);
    lines.push(`${start}${body},`);
  }
  return lines.join("\n");
}

/**
 * {@link printArrowMembers} through the document printer: the reference the direct printing must
 * equal (see `test/generator/print/value-syntax.test.ts`).
 */
export function printArrowMembersLaidOut(members: readonly ValueMember[], level: number): string {
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
  if (typeof value !== "object" || value === null || value.kind === "call") {
    return flatValue(value)!;
  }
  switch (value.kind) {
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
 * A value printed directly as {@link valueDoc} lays it out: `indentWidth` is the indentation of
 * the line it starts on, `column` where on that line it starts, `after` how many characters
 * follow it on its last line. Every non-empty object breaks; an array stays on its line when it
 * holds no such object and it and what follows it fit.
 */
function valueText(value: ValueNode, indentWidth: number, column: number, after: number): string {
  if (typeof value !== "object" || value === null || value.kind === "call") {
    return flatValue(value)!;
  }
  if (value.kind === "array") {
    if (value.elements.length === 0) return "[]";
    const flat = flatValue(value);
    if (flat !== undefined && column + flat.length + after <= PRINT_WIDTH) return flat;
    const pad = " ".repeat(indentWidth + 2);
    const elements = value.elements.map(
      (element) => `${pad}${valueText(element, indentWidth + 2, indentWidth + 2, 1)},`,
    );
    return `[\n${elements.join("\n")}\n${" ".repeat(indentWidth)}]`;
  }
  if (value.members.length === 0) return "{}";
  const memberIndent = indentWidth + 2;
  const pad = " ".repeat(memberIndent);
  const lines = value.members.map((entry) => {
    // Read by index: unpacking the pair would go through an iterator, once per member.
    const key = propertyKey(entry[0]);
    const member = entry[1];
    if (typeof member === "string") {
      const text = stringLiteral(member);
      if (stringStaysAfterKey(key, text, memberIndent)) return `${pad}${key}: ${text},`;
      return `${pad}${key}:\n${pad}  ${text},`;
    }
    const start = memberIndent + key.length + 2;
    return `${pad}${key}: ${valueText(member, memberIndent, start, 1)},`;
  });
  return `{\n${lines.join("\n")}\n${" ".repeat(indentWidth)}}`;
}

/** A value on one line, or undefined when it holds a non-empty object (which always breaks). */
function flatValue(value: ValueNode): string | undefined {
  if (value === null) return "null";
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return String(value);
  if (value.kind === "call") return `${value.callee}()`;
  if (value.kind === "object") return value.members.length === 0 ? "{}" : undefined;
  const elements: string[] = [];
  for (const element of value.elements) {
    const text = flatValue(element);
    if (text === undefined) return undefined;
    elements.push(text);
  }
  return `[${elements.join(", ")}]`;
}

/**
 * `key: "text",`. A string too long for its line moves, whole, to the next line, as the
 * formatter puts it, unless its key is shorter than five characters: the formatter gains too
 * little room by breaking after so short a key, and keeps the string after it.
 */
function stringMember(key: string, text: string, indentWidth: number): Doc {
  if (stringStaysAfterKey(key, text, indentWidth)) return [key, ": ", text, ","];
  return [key, ":", indent([hardline, text]), ","];
}

/** Whether `key: "text",` at `indentWidth` keeps the string on the key's line (see above). */
function stringStaysAfterKey(key: string, text: string, indentWidth: number): boolean {
  const fits = indentWidth + key.length + 2 + text.length + 1 <= PRINT_WIDTH;
  return fits || key.length < SHORT_KEY;
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
