import {
  type Doc,
  align,
  group,
  hardline,
  ifBreak,
  indent,
  join,
  layout,
  line,
  softline,
} from "./doc.js";

/**
 * The TypeScript that typewire generates, as data: every generated declaration is built from
 * these nodes and laid out by {@link printDeclarations}, so output is formatted as it is printed
 * and never passes through a formatter afterwards.
 */
export type TypeNode =
  /** A type name or keyword, with type arguments: `string`, `User`, `Maybe<T>`. */
  | { readonly kind: "name"; readonly name: string; readonly args?: readonly TypeNode[] }
  /** A string, number or boolean literal type. */
  | { readonly kind: "literal"; readonly value: string | number | boolean }
  | { readonly kind: "array"; readonly element: TypeNode }
  | { readonly kind: "union"; readonly types: readonly TypeNode[] }
  | { readonly kind: "intersection"; readonly types: readonly TypeNode[] }
  /** `keyof T`, `readonly T[]`. */
  | { readonly kind: "operator"; readonly operator: "keyof" | "readonly"; readonly type: TypeNode }
  /** `Object["key"]`. */
  | { readonly kind: "indexed"; readonly object: TypeNode; readonly index: TypeNode }
  /**
   * An object type. `expanded` keeps one member per line even when they would fit on one, as the
   * formatter keeps an object literal that was written over several lines.
   */
  | { readonly kind: "object"; readonly members: readonly Member[]; readonly expanded: boolean };

export type Member =
  | {
      readonly kind: "property";
      readonly name: string;
      readonly optional: boolean;
      readonly type: TypeNode;
      readonly doc?: string | undefined;
    }
  /** `[key: string]: type`. */
  | {
      readonly kind: "index";
      readonly key: string;
      readonly keyType: TypeNode;
      readonly type: TypeNode;
      readonly doc?: string | undefined;
    };

export type Declaration =
  | {
      readonly kind: "interface";
      readonly name: string;
      readonly exported: boolean;
      readonly extends?: readonly string[];
      readonly members: readonly Member[];
      readonly doc?: string | undefined;
    }
  | {
      readonly kind: "alias";
      readonly name: string;
      readonly exported: boolean;
      /** Type parameters as written, without the angle brackets: `T`. */
      readonly parameters?: string;
      readonly type: TypeNode;
      readonly doc?: string | undefined;
    }
  | {
      readonly kind: "import";
      readonly names: readonly string[];
      readonly from: string;
      readonly typeOnly: boolean;
    };

/** Columns the generated code is laid out in. */
export const PRINT_WIDTH = 100;

/** A type name or keyword. */
export function typeName(name: string, args?: readonly TypeNode[]): TypeNode {
  return args && args.length > 0 ? { kind: "name", name, args } : { kind: "name", name };
}

/** A string, number or boolean literal type. */
export function literal(value: string | number | boolean): TypeNode {
  return { kind: "literal", value };
}

/** A union, with nested unions flattened into it; a single type stands for itself. */
export function union(types: readonly TypeNode[]): TypeNode {
  const flat = types.flatMap((type) => (type.kind === "union" ? type.types : [type]));
  return flat.length === 1 ? flat[0]! : { kind: "union", types: flat };
}

/**
 * Lays out declarations, one blank line between each two, each with its doc comment.
 *
 * @example
 * printDeclarations([{ kind: "alias", name: "Id", exported: true, type: typeName("string") }]);
 * // 'export type Id = string;\n'
 */
export function printDeclarations(declarations: readonly Declaration[]): string {
  return `${declarations.map(printDeclaration).join("\n\n")}\n`;
}

/**
 * {@link printDeclarations} through the document printer alone, for every declaration: the
 * reference the direct printing must equal (see `test/generator/print/print.test.ts`).
 */
export function printDeclarationsLaidOut(declarations: readonly Declaration[]): string {
  return `${declarations.map((declaration) => layout(declarationDoc(declaration), PRINT_WIDTH)).join("\n\n")}\n`;
}

/**
 * Lays out interface or object members at a given indentation (in levels of two spaces), each on
 * its own line, for templates that place them.
 *
 * @example
 * printMembers([{ kind: "property", name: "id", optional: false, type: typeName("string") }], 1);
 * // '  id: string;'
 */
export function printMembers(members: readonly Member[], level: number): string {
  // An empty list is the indentation alone, as the document printer leaves it.
  if (members.length === 0) return " ".repeat(level * 2);
  return members.map((member) => printMember(member, level * 2)).join("\n");
}

/**
 * `export const name = /* @__PURE__ *\/ callee<types>(args);`, laid out as the formatter lays out
 * an assignment of a call: the type arguments break first, and the call moves to its own line only
 * when even its start does not fit after the name.
 *
 * @example
 * printPureCall("entries", "builder", [typeName('Query["entries"]')], ['"entries"']);
 * // 'export const entries = /* @__PURE__ *\/ builder<Query["entries"]>("entries");'
 */
export function printPureCall(
  name: string,
  callee: string,
  types: readonly TypeNode[],
  args: readonly string[],
): string {
  const start = `export const ${name} =`;
  const call = `/* @__PURE__ */ ${callee}`;
  // Whichever way it may break, a statement that fits on its line is printed flat.
  const typeTexts = flatList(types, flatType);
  if (typeTexts) {
    const flat = `${start} ${call}<${typeTexts.join(", ")}>(${args.join(", ")});`;
    if (flat.length <= PRINT_WIDTH) return flat;
  }
  const typesDoc = group([
    "<",
    indent([softline, join([",", line], types.map(typeDoc))]),
    softline,
    ">",
  ]);
  const argsDoc = bracketedList("(", args, ")");
  const right = [call, typesDoc, argsDoc, ";"];
  // A call with one short literal argument and one simple type argument has little room to
  // break, so the formatter moves it whole to the next line when it does not fit after the name.
  const poorlyBreakable =
    args.length <= 1 &&
    (args[0] ?? "").length <= PRINT_WIDTH / 4 &&
    types.length <= 1 &&
    !types.some((t) => t.kind === "union" || t.kind === "intersection" || t.kind === "object");
  if (poorlyBreakable) return layout(group([start, indent([line, right])]), PRINT_WIDTH);
  if (start.length + 1 + call.length + 1 <= PRINT_WIDTH)
    return layout([start, " ", right], PRINT_WIDTH);
  return layout([start, indent([hardline, right])], PRINT_WIDTH);
}

/**
 * `export const name = [ ...elements ] as const;`: on one line when it fits, else one element per
 * line with a trailing comma.
 *
 * @example
 * printConstArray("names", ['"push"']); // 'export const names = ["push"] as const;'
 */
export function printConstArray(name: string, elements: readonly string[]): string {
  const array = bracketedList("[", elements, "]");
  return layout([`export const ${name} = `, array, " as const;"], PRINT_WIDTH);
}

/**
 * `export const name: type = [ ...elements ];`: on one line when it fits, else one element per
 * line with a trailing comma. Unlike {@link printConstArray}, the elements keep a wide type, so a
 * long table costs the type checker nothing.
 *
 * @example
 * printTypedArray("shapes", "readonly string[]", ['""']); // 'export const shapes: readonly string[] = [""];'
 */
export function printTypedArray(name: string, type: string, elements: readonly string[]): string {
  return layout(
    [`export const ${name}: ${type} = `, bracketedList("[", elements, "]"), ";"],
    PRINT_WIDTH,
  );
}

/** `open a, b close` on one line, or one item per line with a trailing comma. */
function bracketedList(open: string, items: readonly Doc[], close: string): Doc {
  return group([open, indent([softline, join([",", line], items)]), ifBreak(","), softline, close]);
}

/** A key as the formatter prints it: quoted only when it is not an identifier. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}

/**
 * A string in the quotes the formatter picks: double, unless the text holds more double quotes
 * than single ones.
 */
export function stringLiteral(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return `"${value}"`;
  const doubles = value.split('"').length - 1;
  const singles = value.split("'").length - 1;
  const quote = doubles > singles ? "'" : '"';
  const escaped = value
    .replace(/\\/g, "\\\\")
    .replace(new RegExp(quote, "g"), `\\${quote}`)
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r")
    .replace(/\t/g, "\\t")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `${quote}${escaped}${quote}`;
}

/** A doc comment: one line when the text has one, else a block with a star on every line. */
export function docComment(text: string): Doc {
  const lines = text
    .replace(/\*\//g, "*\\/")
    .split(/\r\n?|\n/)
    .map((l) => l.trimEnd());
  if (lines.length === 1) return `/** ${lines[0]} */`;
  return join(hardline, ["/**", ...lines.map((l) => (l ? ` * ${l}` : " *")), " */"]);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** What {@link docComment} changes or splits a comment's text at. */
const ONE_LINE_DOC_UNSAFE = /\*\/|[\r\n]/;
/** Text that {@link stringLiteral} cannot wrap in double quotes as it is. */
const NEEDS_ESCAPE = /["'\\\n\r\t\u2028\u2029]/;

function declarationDoc(declaration: Declaration): Doc {
  const lead =
    "doc" in declaration && declaration.doc ? [docComment(declaration.doc), hardline] : [];
  const exported = "exported" in declaration && declaration.exported ? "export " : "";
  switch (declaration.kind) {
    case "import": {
      const names = join([",", line], declaration.names);
      return group([
        declaration.typeOnly ? "import type {" : "import {",
        indent([line, names]),
        ifBreak(","),
        line,
        `} from ${stringLiteral(declaration.from)};`,
      ]);
    }
    case "interface": {
      const heritage = declaration.extends?.length
        ? ` extends ${declaration.extends.join(", ")}`
        : "";
      return [
        ...lead,
        `${exported}interface ${declaration.name}${heritage} `,
        body(declaration.members, true, 0),
      ];
    }
    case "alias": {
      const parameters = declaration.parameters ? `<${declaration.parameters}>` : "";
      const head = `${exported}type ${declaration.name}${parameters} =`;
      const type = declaration.type;
      if (type.kind === "union" && !huggable(type)) {
        return [...lead, group([head, indent([line, unionDoc(type)])]), ";"];
      }
      const right = type.kind === "object" ? body(type.members, type.expanded, 0) : typeDoc(type);
      return [...lead, head, " ", right, ";"];
    }
  }
}

/**
 * A declaration printed directly: what fits on its line is its flat text (see {@link flatType}),
 * an interface or expanded object prints one member per line (see {@link printMember}), and only
 * what must break otherwise goes through the document printer. The text is the one
 * {@link printDeclarationsLaidOut} prints, without a document for every line that fits: most of a
 * large module.
 *
 * @example
 * printDeclaration({ kind: "alias", name: "Id", exported: true, type: typeName("string") });
 * // 'export type Id = string;'
 */
export function printDeclaration(declaration: Declaration): string {
  if (declaration.kind === "interface") {
    const heritage = declaration.extends?.length
      ? ` extends ${declaration.extends.join(", ")}`
      : "";
    const exported = declaration.exported ? "export " : "";
    return `${docLines(declaration.doc, "")}${exported}interface ${declaration.name}${heritage} ${bodyText(declaration.members, 0)}`;
  }
  if (declaration.kind === "alias") {
    const parameters = declaration.parameters ? `<${declaration.parameters}>` : "";
    const head = `${declaration.exported ? "export " : ""}type ${declaration.name}${parameters} =`;
    const type = declaration.type;
    if (type.kind === "object" && type.expanded) {
      return `${docLines(declaration.doc, "")}${head} ${bodyText(type.members, 0)};`;
    }
    // `A & B & { ... }` with the object expanded: plain names cannot break, the object always does.
    const last = type.kind === "intersection" ? type.types[type.types.length - 1] : undefined;
    if (
      type.kind === "intersection" &&
      last?.kind === "object" &&
      last.expanded &&
      type.types.every((t) => t === last || (t.kind === "name" && !t.args))
    ) {
      const names = type.types.slice(0, -1).map((t) => `${(t as { name: string }).name} & `);
      return `${docLines(declaration.doc, "")}${head} ${names.join("")}${bodyText(last.members, 0)};`;
    }
    // Every group of a line whose flat text fits stays flat.
    const flat = flatType(type);
    if (flat !== undefined && head.length + flat.length + 2 <= PRINT_WIDTH) {
      return `${docLines(declaration.doc, "")}${head} ${flat};`;
    }
  }
  return layout(declarationDoc(declaration), PRINT_WIDTH);
}

/**
 * A declaration whose body is an expanded object of members already printed (each line
 * indented two spaces, see {@link printMember} and {@link printTextProperty}): its doc comment,
 * `lead` (everything before the brace, with its space: `export type A = B & `) and `end` after
 * the closing brace. What {@link printDeclarations} prints for an interface or an alias of an
 * expanded object, without building the declaration first: for emitters printing many.
 *
 * @example
 * printBlock("interface A ", undefined, ["  id: string;"], ""); // "interface A {\n  id: string;\n}"
 */
export function printBlock(
  lead: string,
  doc: string | undefined,
  lines: readonly string[],
  end: "" | ";",
): string {
  const body = lines.length === 0 ? "{}" : `{\n${lines.join("\n")}\n}`;
  return `${docLines(doc, "")}${lead}${body}${end}`;
}

/**
 * A property member printed at `indentWidth` whose type is given as its flat text (exactly as
 * {@link flatType} prints `type()`): when its line fits the text stands as it is, otherwise
 * `type()` gives the nodes it breaks into. {@link printMember} of the same property, without
 * making the member or its nodes for most members of a large module, whose texts repeat.
 *
 * @example
 * printTextProperty("id", false, "string", 2, () => typeName("string")); // "  id: string;"
 */
export function printTextProperty(
  name: string,
  optional: boolean,
  text: string,
  indentWidth: number,
  type: () => TypeNode,
  doc?: string,
): string {
  const line = `${propertyKey(name)}${optional ? "?" : ""}: ${text};`;
  if (indentWidth + line.length <= PRINT_WIDTH) {
    const pad = " ".repeat(indentWidth);
    return `${docLines(doc, pad)}${pad}${line}`;
  }
  return printMember({ kind: "property", name, optional, type: type(), doc }, indentWidth);
}

/** A property given as the flat text of its type. */
export interface TextMember {
  readonly name: string;
  readonly optional: boolean;
  /** The type exactly as {@link flatType} prints its nodes. */
  readonly text: string;
}

/**
 * A property member printed at `indentWidth` whose type is an object of `members` (without doc
 * comments): on one line when it fits, else one member per line, each printed as
 * {@link printTextProperty} prints it, `type(member)` giving a member's nodes when even it does
 * not fit. {@link printMember} of the same property, without its nodes.
 *
 * @example
 * printTextObjectProperty("T", false, [{ name: "n", optional: false, text: '"T"' }], 2, read);
 * // '  T: { n: "T" };'
 */
export function printTextObjectProperty<T extends TextMember>(
  name: string,
  optional: boolean,
  members: readonly T[],
  indentWidth: number,
  type: (member: T) => TypeNode,
): string {
  const pad = " ".repeat(indentWidth);
  const key = `${propertyKey(name)}${optional ? "?" : ""}`;
  if (members.length === 0) return `${pad}${key}: {};`;
  const flat = members.map((m) => `${propertyKey(m.name)}${m.optional ? "?" : ""}: ${m.text};`);
  const line = `${key}: { ${flat.join(" ").slice(0, -1)} };`;
  if (indentWidth + line.length <= PRINT_WIDTH) return `${pad}${line}`;
  const lines = members.map((m) =>
    printTextProperty(m.name, m.optional, m.text, indentWidth + 2, () => type(m)),
  );
  return `${pad}${key}: {\n${lines.join("\n")}\n${pad}};`;
}

/** `{ ... }` expanded, one member per line, its closing brace at `indentWidth`. */
function bodyText(members: readonly Member[], indentWidth: number): string {
  if (members.length === 0) return "{}";
  const lines = members.map((member) => printMember(member, indentWidth + 2));
  return `{\n${lines.join("\n")}\n${" ".repeat(indentWidth)}}`;
}

/**
 * A member printed directly at `indentWidth`, its doc comment first: its flat text when that
 * fits; an object that does not fit (or has a doc comment or an expanded object inside, which
 * break it) breaks into one member per line, as its group does; anything else is laid out by the
 * document printer. What follows a member on its line is only its `;`, so these are the choices
 * the document printer makes.
 */
export function printMember(member: Member, indentWidth: number): string {
  const pad = " ".repeat(indentWidth);
  const flat = flatMember(member);
  if (flat !== undefined && indentWidth + flat.length <= PRINT_WIDTH) {
    return `${docLines(member.doc, pad)}${pad}${flat}`;
  }
  if (member.kind === "property") {
    const key = `${propertyKey(member.name)}${member.optional ? "?" : ""}`;
    const broken = brokenPropertyText(key, member.type, indentWidth);
    if (broken !== undefined) return `${docLines(member.doc, pad)}${pad}${broken}`;
  }
  return layout(align(indentWidth, [hardline, memberDoc(member)]), PRINT_WIDTH).slice(1);
}

/**
 * A property that does not fit on its line, printed directly for the shapes most members that
 * break have, as the document printer breaks them: an object (`key: {` ... `};`), an array of
 * objects (`}[];`), a union of an object with `null` (`} | null;`), a union of names and
 * literals (on the next line, or one member a line after `| `). Undefined for any other shape,
 * which the document printer lays out.
 */
function brokenPropertyText(key: string, type: TypeNode, indentWidth: number): string | undefined {
  if (type.kind === "object") {
    return type.members.length > 0 ? `${key}: ${bodyText(type.members, indentWidth)};` : undefined;
  }
  if (type.kind === "array") {
    const element = type.element;
    if (element.kind !== "object" || element.members.length === 0) return undefined;
    return `${key}: ${bodyText(element.members, indentWidth)}[];`;
  }
  if (type.kind !== "union") return undefined;
  if (huggable(type)) {
    const at = type.types.findIndex((t) => t.kind === "object");
    const object = type.types[at];
    if (object?.kind !== "object" || object.members.length === 0) return undefined;
    const before = type.types.slice(0, at).map((t) => `${flatType(t)} | `);
    const after = type.types.slice(at + 1).map((t) => ` | ${flatType(t)}`);
    return `${key}: ${before.join("")}${bodyText(object.members, indentWidth)}${after.join("")};`;
  }
  const texts: string[] = [];
  for (const t of type.types) {
    if (!(t.kind === "literal" || (t.kind === "name" && !t.args))) return undefined;
    texts.push(flatType(t)!);
  }
  const pad = " ".repeat(indentWidth + 2);
  const flat = texts.join(" | ");
  if (pad.length + flat.length + 1 <= PRINT_WIDTH) return `${key}:\n${pad}${flat};`;
  return `${key}:\n${texts.map((text) => `${pad}| ${text}`).join("\n")};`;
}

/** {@link docComment} as text at an indentation, with its line break; "" without a doc. */
function docLines(text: string | undefined, pad: string): string {
  if (!text) return "";
  // Most descriptions are one line with nothing to escape.
  if (!ONE_LINE_DOC_UNSAFE.test(text)) return `${pad}/** ${text.trimEnd()} */\n`;
  const lines = text
    .replace(/\*\//g, "*\\/")
    .split(/\r\n?|\n/)
    .map((l) => l.trimEnd());
  if (lines.length === 1) return `${pad}/** ${lines[0]} */\n`;
  const body = lines.map((l) => (l ? `${pad} * ${l}` : `${pad} *`)).join("\n");
  return `${pad}/**\n${body}\n${pad} */\n`;
}

/**
 * A member's doc. When the indentation is known and the member fits on its line flat, its text
 * is the doc: the layout would print it flat anyway, and most members of a large schema fit, so
 * this saves building and measuring their groups.
 */
function memberDoc(member: Member, indentWidth?: number): Doc {
  const lead = member.doc ? [docComment(member.doc), hardline] : [];
  if (indentWidth !== undefined) {
    const text = flatMember(member);
    if (text !== undefined && indentWidth + text.length <= PRINT_WIDTH) return [...lead, text];
  }
  if (member.kind === "index") {
    return [...lead, `[${member.key}: `, typeDoc(member.keyType), "]: ", typeDoc(member.type), ";"];
  }
  const key = `${propertyKey(member.name)}${member.optional ? "?" : ""}:`;
  const type = member.type;
  if (type.kind === "union" && !huggable(type)) {
    return [...lead, group([key, indent([line, unionDoc(type)])]), ";"];
  }
  return [...lead, key, " ", typeDoc(type), ";"];
}

/** `{ ... }` of an interface or object type; `indentWidth` is its line's indentation, if known. */
function body(members: readonly Member[], expanded: boolean, indentWidth?: number): Doc {
  if (members.length === 0) return "{}";
  if (expanded) {
    const docs = members.map((member) =>
      memberDoc(member, indentWidth === undefined ? undefined : indentWidth + 2),
    );
    return ["{", indent([hardline, join(hardline, docs)]), hardline, "}"];
  }
  const flat = members.map((member, index) => {
    const doc = memberDoc(member);
    // The last member's `;` shows only when the object breaks.
    return index === members.length - 1 ? withoutTrailingSemicolon(doc) : doc;
  });
  return group(["{", indent([line, join(line, flat)]), ifBreak(";"), line, "}"]);
}

function typeDoc(type: TypeNode): Doc {
  switch (type.kind) {
    case "name":
      if (!type.args) return type.name;
      // One argument that hugs (a plain name, an object, a union that hugs) is written against
      // the brackets: `Exact<{` on the line, the object's members below, `}>` closing.
      if (type.args.length === 1 && hugsBrackets(type.args[0]!)) {
        return [type.name, "<", typeDoc(type.args[0]!), ">"];
      }
      return group([
        type.name,
        "<",
        indent([softline, join([",", line], type.args.map(typeDoc))]),
        softline,
        ">",
      ]);
    case "literal":
      return typeof type.value === "string" ? stringLiteral(type.value) : String(type.value);
    case "array": {
      const element = type.element;
      if (element.kind === "union" && huggable(element)) return ["(", typeDoc(element), ")[]"];
      if (element.kind === "union") {
        return [group(["(", indent([softline, unionDoc(element)]), softline, ")"]), "[]"];
      }
      if (element.kind === "intersection") return ["(", typeDoc(element), ")[]"];
      return [typeDoc(element), "[]"];
    }
    case "indexed":
      return [typeDoc(type.object), "[", typeDoc(type.index), "]"];
    case "operator":
      return [type.operator, " ", typeDoc(type.type)];
    case "object":
      return body(type.members, type.expanded);
    case "intersection":
      return intersectionDoc(type);
    case "union":
      if (huggable(type)) return join(" | ", type.types.map(typeDoc));
      return unionDoc(type);
  }
}

/**
 * A union that keeps to one line when it fits and otherwise puts each member on its own line
 * after `| `. Where it stands after a key or `=`, the caller first tries it whole on the next line.
 */
function unionDoc(type: TypeNode & { kind: "union" }): Doc {
  const members = type.types.map((t) =>
    align(2, t.kind === "intersection" ? ["(", typeDoc(t), ")"] : typeDoc(t)),
  );
  return group([ifBreak("| "), join([line, "| "], members)]);
}

/**
 * A union of one object type or one reference to a named type with `null` stays on that type's
 * lines (`{ ... } | null`, `Array<{ ... }> | null`), as the formatter keeps it. With `undefined`
 * in it, the formatter puts each member on its own line instead.
 */
function huggable(type: TypeNode & { kind: "union" }): boolean {
  const main = type.types.filter(
    (t) => t.kind === "object" || (t.kind === "name" && !KEYWORDS.has(t.name)),
  );
  return (
    main.length === 1 &&
    type.types.length > 1 &&
    type.types.every((t) => t === main[0] || (t.kind === "name" && t.name === "null"))
  );
}

/** The type keywords: names that are not references to a declared type. */
const KEYWORDS = new Set([
  "any",
  "bigint",
  "boolean",
  "never",
  "null",
  "number",
  "object",
  "string",
  "symbol",
  "undefined",
  "unknown",
  "void",
]);

/** A type argument the formatter writes against `<` and `>` when it is the only one. */
function hugsBrackets(type: TypeNode): boolean {
  if (type.kind === "name") return !type.args;
  if (type.kind === "object") return true;
  return type.kind === "union" && huggable(type);
}

/**
 * `A & B & C`: two object types side by side are joined on the line (`{ ... } & {`, the second
 * breaking below); between two other types the line may break after `&`; between an object and
 * another type they are joined, and what follows the second of them is indented.
 */
function intersectionDoc(type: TypeNode & { kind: "intersection" }): Doc {
  let indented = false;
  const parts = type.types.map((t, index) => {
    const doc = typeDoc(t);
    if (index === 0) return doc;
    const previous = type.types[index - 1]!.kind === "object";
    const current = t.kind === "object";
    if (previous && current) return [" & ", indented ? indent(doc) : doc];
    if (!previous && !current) return indent([" &", line, doc]);
    if (index > 1) indented = true;
    return [" & ", index > 1 ? indent(doc) : doc];
  });
  return group(parts);
}

function withoutTrailingSemicolon(doc: Doc): Doc {
  if (Array.isArray(doc) && doc[doc.length - 1] === ";") return doc.slice(0, -1);
  return doc;
}

/**
 * A member on one line, exactly as the layout prints it when it fits; undefined when it cannot be
 * on one line at all (a doc comment or an expanded object inside).
 */
function flatMember(member: Member): string | undefined {
  const type = flatType(member.type);
  if (type === undefined) return undefined;
  if (member.kind === "index") {
    const key = flatType(member.keyType);
    return key === undefined ? undefined : `[${member.key}: ${key}]: ${type};`;
  }
  return `${propertyKey(member.name)}${member.optional ? "?" : ""}: ${type};`;
}

/** {@link typeDoc} laid out flat, or undefined when it must break. */
export function flatType(type: TypeNode): string | undefined {
  switch (type.kind) {
    case "name": {
      if (!type.args) return type.name;
      const args = flatList(type.args, flatType);
      return args === undefined ? undefined : `${type.name}<${args.join(", ")}>`;
    }
    case "literal":
      return typeof type.value === "string" ? stringLiteral(type.value) : String(type.value);
    case "array": {
      const element = flatType(type.element);
      if (element === undefined) return undefined;
      const wrap = type.element.kind === "union" || type.element.kind === "intersection";
      return wrap ? `(${element})[]` : `${element}[]`;
    }
    case "indexed": {
      const object = flatType(type.object);
      const index = flatType(type.index);
      return object === undefined || index === undefined ? undefined : `${object}[${index}]`;
    }
    case "operator": {
      const inner = flatType(type.type);
      return inner === undefined ? undefined : `${type.operator} ${inner}`;
    }
    case "object": {
      if (type.members.length === 0) return "{}";
      if (type.expanded) return undefined;
      const members = flatList(type.members, (member) =>
        member.doc ? undefined : flatMember(member),
      );
      // The last member's `;` shows only when the object breaks.
      return members === undefined ? undefined : `{ ${members.join(" ").slice(0, -1)} }`;
    }
    case "intersection":
      return flatList(type.types, flatType)?.join(" & ");
    case "union": {
      const hug = huggable(type);
      return flatList(type.types, (t) => {
        const text = flatType(t);
        return text !== undefined && !hug && t.kind === "intersection" ? `(${text})` : text;
      })?.join(" | ");
    }
  }
}

function flatList<T>(
  items: readonly T[],
  flat: (item: T) => string | undefined,
): string[] | undefined {
  const out: string[] = [];
  for (const item of items) {
    const text = flat(item);
    if (text === undefined) return undefined;
    out.push(text);
  }
  return out;
}
