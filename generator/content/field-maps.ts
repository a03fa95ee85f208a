import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isSpecifiedDirective,
  isUnionType,
} from "graphql";
import { GeneratorError } from "../../input/errors.js";
import { compareText } from "../writer.js";
import { moduleNames } from "./module-names.js";
import { returnsText } from "./standard-directives.js";

/**
 * One member of a generated interface: `name?: text;`. Every `text` is a type exactly as the
 * printer prints it on one line (`flatType(readType(text)) === text`), so a member whose line fits
 * is printed from the text alone.
 */
export interface MemberView {
  name: string;
  optional: boolean;
  text: string;
  /**
   * When `text` is an object type (`{ n: ...; f: ... }`), its members, made when asked (for a
   * member too long for one line, which breaks into one line per member).
   */
  parts?: () => MemberView[];
}

/** A generated interface. `heritage` is `""` or ` extends A, B`. */
export interface InterfaceView {
  name: string;
  heritage: string;
  members: MemberView[];
}

/** Everything the query module template needs, sorted by name throughout. */
export interface FieldMapsView {
  /** The runtime types the module uses, sorted. */
  imports: string[];
  scalars: MemberView[];
  inputs: MemberView[];
  /** Input objects as written in a document: literal fields, variables anywhere. */
  literals: MemberView[];
  /** Result types of leaf fields, by GraphQL type text (`"[Float]"`). */
  leaves: MemberView[];
  args: InterfaceView[];
  /** Result descriptors of each object and interface type's fields. */
  types: InterfaceView[];
  /** Per type, its `TypeInfo`: name, field map, nesting keys, possible types, allowed keys. */
  typeInfos: MemberView[];
  /** Per type, the fields whose selection values take arguments or sub-selections. */
  nested: MemberView[];
  possible: MemberView[];
  directives: MemberView[];
  roots: { name: string; root: string; description: string }[];
  rootType: string;
}

/** Output TypeScript of well-known scalars; an unknown scalar is `unknown`. */
const OUTPUT_SCALARS: Record<string, string> = {
  Boolean: "boolean",
  DateTime: "DateTimeString",
  Float: "number",
  ID: "string",
  Int: "number",
  Number: "number",
  QueryArgument: "string | number | boolean",
  String: "string",
};

/** Input TypeScript of well-known scalars (`QueryArgument` takes ids, handles or flags). */
const INPUT_SCALARS: Record<string, string> = {
  Boolean: "boolean",
  DateTime: "string",
  Float: "number",
  ID: "string | number",
  Int: "number",
  Number: "number",
  QueryArgument: "string | number | boolean",
  String: "string",
};

const byName = <T extends { name: string }>(a: T, b: T) => compareText(a.name, b.name);

/** The blocks of the query module made of members, each named as in {@link FieldMapsView}. */
export type MemberBlock =
  "scalars" | "inputs" | "literals" | "leaves" | "typeInfos" | "nested" | "possible" | "directives";

/** One empty list per block of members, in the order the template places them. */
export function memberBlocks<T>(): Record<MemberBlock, T[]> {
  return {
    scalars: [],
    inputs: [],
    literals: [],
    leaves: [],
    typeInfos: [],
    nested: [],
    possible: [],
    directives: [],
  };
}

/**
 * Where {@link walkFieldMaps} hands each member and interface of the query module as soon as it
 * is made, block by block; within a block, in the module's order.
 */
export interface FieldMapsSink {
  member(block: MemberBlock, view: MemberView): void;
  interface(block: "args" | "types", view: InterfaceView): void;
}

/** What the query module needs besides its blocks, known once every member was made. */
export type FieldMapsSummary = Pick<FieldMapsView, "imports" | "roots" | "rootType">;

/**
 * Reads a GraphQL schema into the view model of its query module: a field map per object and
 * interface type, argument interfaces (shared when identical), and the root fields. Every member
 * of every block, kept; {@link walkFieldMaps} hands them on instead.
 *
 * @example
 * const view = readFieldMaps(buildSchema("type Query { ping: String }"), "schema.graphql");
 */
export function readFieldMaps(schema: GraphQLSchema, file: string): FieldMapsView {
  const members = memberBlocks<MemberView>();
  const interfaces: Record<"args" | "types", InterfaceView[]> = { args: [], types: [] };
  const summary = walkFieldMaps(schema, file, {
    member: (block, view) => members[block].push(view),
    interface: (block, view) => interfaces[block].push(view),
  });
  return { ...summary, ...members, ...interfaces };
}

/**
 * The members of a schema's query module, made type by type and handed to `sink` as they are
 * made: what {@link readFieldMaps} returns, without holding every type's members at once (a
 * large schema's are as large as the schema). Only the argument interfaces (shared when
 * identical), the leaf results and the field maps of interfaces (which the types implementing
 * them are compared with) are kept until the end.
 */
export function walkFieldMaps(
  schema: GraphQLSchema,
  file: string,
  sink: FieldMapsSink,
): FieldMapsSummary {
  const queryType = schema.getQueryType();
  if (!queryType) throw new GeneratorError("the schema has no query type", { file });
  const named = Object.values(schema.getTypeMap())
    .filter((type) => !type.name.startsWith("__"))
    .sort(byName);
  // A type's interface is named as in types.ts (see module-names.ts): never a name the module
  // uses itself, nor a reserved word.
  const names = moduleNames(schema);
  const ident = names.type;
  const privateName = names.privateNames();
  // The runtime types the module's texts name, found as each text is made.
  const found = new Set<string>();
  const see = (text: string) => {
    if (found.size === RUNTIME_TYPES.length) return;
    for (const [name, pattern] of RUNTIME_PATTERNS)
      if (!found.has(name) && text.includes(name) && pattern.test(text)) found.add(name);
  };

  const argNames = new Map<string, string>();
  const inputTexts = new Map<string, string>();
  const args: InterfaceView[] = [];
  const argsText = (owner: string, field: GraphQLField<unknown, unknown>): string | undefined => {
    if (field.args.length === 0) return undefined;
    const members = [...field.args].sort(byName).map((arg) => argMember(arg, true, inputTexts));
    const key = members.map((m) => `${m.name}${m.optional ? "?" : ""}:${m.text}`).join(";");
    let name = argNames.get(key);
    if (!name) {
      name = privateName(`${owner}_${field.name}_Args`);
      argNames.set(key, name);
      args.push({ name, heritage: "", members });
    }
    return name;
  };
  const leaves = new Map<string, string>();
  const leafText = (type: GraphQLOutputType): string => {
    const key = String(type);
    if (!leaves.has(key)) {
      const named = getNamedType(type).name;
      const text = outputText(type, `Scalars["${named}"]`);
      // `s` after `@markdown` or `@transform`, `f` after `@formatDateTime`: text where the API
      // applies them, the field's own type where it leaves the value as it is.
      const asText = outputText(type, "string");
      const after = (directive: string) => (returnsText(directive, named) ? asText : text);
      leaves.set(key, `{ r: ${text}; s: ${after("markdown")}; f: ${after("formatDateTime")} }`);
    }
    return `Leaves[${JSON.stringify(key)}]`;
  };
  // A field's argument interface, named on the first pass and taken (once) on the second.
  const argsNames = new Map<GraphQLField<unknown, unknown>, string>();
  const fieldView = (owner: string, field: GraphQLField<unknown, unknown>): FieldView => {
    let argsName: string | undefined;
    if (field.args.length > 0) {
      argsName = argsNames.get(field);
      if (argsName === undefined) argsName = argsText(owner, field);
      else argsNames.delete(field);
    }
    const named = getNamedType(field.type);
    const required = field.args.some(
      (arg) => isNonNullType(arg.type) && arg.defaultValue === undefined,
    );
    if (isLeafType(named)) {
      const leaf = leafText(field.type);
      if (!argsName) return { descriptor: leaf, nested: false };
      return {
        descriptor: `${leaf} & { a: ${argsName}${required ? "; q: true" : ""} }`,
        nested: true,
      };
    }
    const wrappers = JSON.stringify(String(field.type).replace(named.name, ""));
    const args = argsName ? `; a: ${argsName}${required ? "; q: true" : ""}` : "";
    return { descriptor: `{ t: Types["${named.name}"]; w: ${wrappers}${args} }`, nested: true };
  };
  const fieldViewsOf = (type: GraphQLObjectType | GraphQLInterfaceType) => {
    const fields = new Map<string, FieldView>();
    for (const field of Object.values(type.getFields()).sort(byName))
      fields.set(field.name, fieldView(type.name, field));
    return fields;
  };

  // The root type first, so the argument interfaces it shares are named after root fields: the
  // first pass names every argument interface and leaf result, in this order, and keeps the
  // field maps of interfaces only; the second makes each type's members, in the module's order.
  const composite = named.filter((t) => isObjectType(t) || isInterfaceType(t) || isUnionType(t));
  const ordered = [queryType, ...composite.filter((t) => t !== queryType)];
  const interfaceViews = new Map<string, Map<string, FieldView>>();
  for (const type of ordered) {
    if (isInterfaceType(type)) interfaceViews.set(type.name, fieldViewsOf(type));
    else if (isObjectType(type)) {
      for (const field of Object.values(type.getFields()).sort(byName)) {
        const name = argsText(type.name, field);
        if (name !== undefined) argsNames.set(field, name);
        if (isLeafType(getNamedType(field.type))) leafText(field.type);
      }
    }
  }

  for (const type of composite) {
    const possible =
      isInterfaceType(type) || isUnionType(type)
        ? `Possible["${type.name}"]`
        : JSON.stringify(type.name);
    sink.member("typeInfos", {
      name: type.name,
      optional: false,
      text: isUnionType(type)
        ? `{ n: "${type.name}"; f: Record<never, never>; x: Nested["${type.name}"] | SpecialKeys; p: Pick<Types, ${possible}>; k: "__typename" | SpecialKeys; o: Types }`
        : `{ n: "${type.name}"; f: ${ident(type.name)}; x: Nested["${type.name}"] | SpecialKeys; p: Pick<Types, ${possible}>; k: keyof ${ident(type.name)} | "__typename" | SpecialKeys; o: Types }`,
      // Always too long for one line: it breaks into these, without reading the text back.
      parts: () => typeInfoParts(type, ident(type.name)),
    });
    if (isInterfaceType(type) || isUnionType(type)) {
      const names = schema.getPossibleTypes(type).map((p) => JSON.stringify(p.name));
      sink.member("possible", {
        name: type.name,
        optional: false,
        text: names.sort(compareText).join(" | ") || "never",
      });
    }
    // A union has no fields: its `TypeInfo` says so without an empty interface.
    if (isUnionType(type)) {
      sink.member("nested", { name: type.name, optional: false, text: "never" });
      continue;
    }
    const own = interfaceViews.get(type.name) ?? fieldViewsOf(type);
    const parents = type.getInterfaces();
    const inherited = [...parents].sort(byName).filter((parent) => {
      for (const [name, view] of interfaceViews.get(parent.name)!)
        if (own.get(name)?.descriptor !== view.descriptor) return false;
      return true;
    });
    const covered = new Set(
      inherited.flatMap((parent) => [...interfaceViews.get(parent.name)!.keys()]),
    );
    // A parent that another parent already extends adds nothing but text.
    const direct = inherited.filter(
      (parent) => !inherited.some((other) => other.getInterfaces().includes(parent)),
    );
    const rest = [...own].filter(([name]) => !covered.has(name));
    const heritage = direct.length ? ` extends ${direct.map((p) => ident(p.name)).join(", ")}` : "";
    const members = rest.map(([name, view]) => ({ name, optional: false, text: view.descriptor }));
    for (const member of members) see(member.text);
    sink.interface("types", { name: ident(type.name), heritage, members });
    const nestedNames = [
      ...direct.map((p) => `Nested["${p.name}"]`),
      ...rest.filter(([, view]) => view.nested).map(([name]) => JSON.stringify(name)),
    ];
    sink.member("nested", {
      name: type.name,
      optional: false,
      text: nestedNames.join(" | ") || "never",
    });
  }

  const roots = Object.values(queryType.getFields())
    .sort(byName)
    .map((field) => ({
      name: field.name,
      root: ident(queryType.name),
      description: docText(field.description),
    }));

  const directives = schema
    .getDirectives()
    .filter((d) => !isSpecifiedDirective(d) && d.locations.includes("FIELD" as never))
    .sort(byName);
  for (const d of directives) {
    // A directive without arguments (Craft's `@trim`) takes none: not `{}`, which takes anything.
    const text =
      d.args.length === 0
        ? "Record<never, never>"
        : objectText([...d.args].sort(byName).map((arg) => argLine(arg)));
    see(text);
    sink.member("directives", { name: d.name, optional: false, text });
  }
  for (const t of named) {
    if (!isScalarType(t) && !isEnumType(t)) continue;
    const text = scalarText(t, OUTPUT_SCALARS);
    see(text);
    sink.member("scalars", { name: t.name, optional: false, text });
  }
  for (const t of named) {
    if (isScalarType(t) || isEnumType(t) || isInputObjectType(t))
      sink.member("inputs", { name: t.name, optional: false, text: inputNamedText(t) });
  }
  for (const t of named) {
    if (!isInputObjectType(t)) continue;
    const text = objectText(
      Object.values(t.getFields())
        .sort(byName)
        .map((f) => argLine(f as unknown as GraphQLArgument)),
    );
    see(text);
    sink.member("literals", { name: t.name, optional: false, text });
  }
  const leafMembers = [...leaves]
    .map(([name, text]) => ({ name: JSON.stringify(name), optional: false, text }))
    .sort(byName);
  for (const member of leafMembers) sink.member("leaves", member);
  for (const view of args.sort(byName)) {
    for (const member of view.members) see(member.text);
    sink.interface("args", view);
  }
  return {
    imports: RUNTIME_TYPES.filter((name) => found.has(name)),
    roots,
    rootType: queryType.name,
  };
}

/** The members of a type's `TypeInfo`, the object type `typeInfos` gives as its text. */
function typeInfoParts(type: GraphQLNamedType, ident: string): MemberView[] {
  const name = JSON.stringify(type.name);
  const possible = isInterfaceType(type) || isUnionType(type) ? `Possible[${name}]` : name;
  const part = (key: string, text: string): MemberView => ({ name: key, optional: false, text });
  return [
    part("n", name),
    part("f", isUnionType(type) ? "Record<never, never>" : ident),
    part("x", `Nested[${name}] | SpecialKeys`),
    part("p", `Pick<Types, ${possible}>`),
    part("k", `${isUnionType(type) ? "" : `keyof ${ident} | `}"__typename" | SpecialKeys`),
    part("o", "Types"),
  ];
}

/** The runtime types a generated module may need; it imports the ones it uses. */
const RUNTIME_TYPES = ["DateTimeString", "EnumValue", "Variable"];
const RUNTIME_PATTERNS = RUNTIME_TYPES.map((name) => [name, new RegExp(`\\b${name}\\b`)] as const);

/** One field as the module describes it: its descriptor, and whether its selection nests. */
interface FieldView {
  descriptor: string;
  nested: boolean;
}

/** TypeScript of output type `type` with `named` for its named type: lists and nulls applied. */
function outputText(type: GraphQLOutputType, named: string): string {
  if (isNonNullType(type)) return bare(type.ofType, named);
  return `${bare(type, named)} | null`;
}

function bare(type: GraphQLOutputType, named: string): string {
  if (!isListType(type)) return named;
  const item = outputText(type.ofType, named);
  return `${item.includes(" ") ? `(${item})` : item}[]`;
}

function scalarText(type: GraphQLNamedType, known: Record<string, string>): string {
  if (isEnumType(type)) {
    return (
      type
        .getValues()
        .map((v) => JSON.stringify(v.name))
        .sort(compareText)
        .join(" | ") || "never"
    );
  }
  return known[type.name] ?? "unknown";
}

function inputNamedText(type: GraphQLNamedType): string {
  if (!isInputObjectType(type)) return scalarText(type, INPUT_SCALARS);
  const fields = Object.values(type.getFields()).sort(byName);
  return objectText(fields.map((f) => argLine(f as unknown as GraphQLArgument, false)));
}

/** An object type of member lines (`name: text;`) as the printer prints it on one line. */
function objectText(lines: readonly string[]): string {
  return lines.length === 0 ? "{}" : `{ ${lines.join(" ").slice(0, -1)} }`;
}

function argMember(arg: GraphQLArgument, literal = true, texts?: Map<string, string>): MemberView {
  return {
    name: arg.name,
    optional: !isNonNullType(arg.type) || arg.defaultValue !== undefined,
    text: texts
      ? inputTypeText(arg.type, literal, texts)
      : literal
        ? argumentText(arg.type)
        : inputText(arg.type),
  };
}

/**
 * {@link argumentText} (`literal`) or {@link inputText} of a type, kept in `texts` (one schema's)
 * by wrappers and named type: a large schema has many arguments and few such types.
 */
function inputTypeText(
  type: GraphQLInputType,
  literal: boolean,
  texts: Map<string, string>,
): string {
  let key = literal ? "l" : "v";
  let inner: GraphQLInputType = type;
  for (;;) {
    if (isNonNullType(inner)) key += "!";
    else if (isListType(inner)) key += "[";
    else break;
    inner = inner.ofType as GraphQLInputType;
  }
  key += (inner as GraphQLNamedType).name;
  let text = texts.get(key);
  if (text === undefined) {
    text = literal ? argumentText(type) : inputText(type);
    texts.set(key, text);
  }
  return text;
}

/** One member line; `literal` is false inside input objects sent as variables (JSON). */
function argLine(arg: GraphQLArgument, literal = true): string {
  const m = argMember(arg, literal);
  return `${m.name}${m.optional ? "?" : ""}: ${m.text};`;
}

/**
 * TypeScript of a value written in a document where GraphQL type `type` is expected: a literal
 * (enums as `EnumValue`s, a single item where a list is expected, a variable at any depth of a
 * list or input object) or a variable whose value type fits.
 */
function argumentText(type: GraphQLInputType): string {
  return `${literalText(type)} | Variable<${inputText(type)}>`;
}

function literalText(type: GraphQLInputType): string {
  if (isNonNullType(type)) return bareLiteral(type.ofType as GraphQLInputType);
  return `${bareLiteral(type)} | null`;
}

function bareLiteral(type: GraphQLInputType): string {
  if (isListType(type)) {
    const item = type.ofType as GraphQLInputType;
    const single = isNonNullType(item) ? item.ofType : item;
    return `readonly (${argumentText(item)})[] | ${bareLiteral(single as GraphQLInputType)}`;
  }
  const name = (type as GraphQLNamedType).name;
  if (isEnumType(type)) return `EnumValue<Inputs["${name}"]>`;
  if (isInputObjectType(type)) return `Literals["${name}"]`;
  return scalarInput(type as GraphQLNamedType);
}

/** TypeScript of a variable's value (JSON) of input type `type`: arrays are read-only. */
function inputText(type: GraphQLInputType): string {
  if (isNonNullType(type)) return inner(type.ofType as GraphQLInputType);
  return `${inner(type)} | null`;
}

function inner(type: GraphQLInputType): string {
  if (isListType(type)) {
    const item = inputText(type.ofType as GraphQLInputType);
    return `readonly ${item.includes(" ") ? `(${item})` : item}[]`;
  }
  if (isNonNullType(type)) return inner(type.ofType as GraphQLInputType);
  const name = (type as GraphQLNamedType).name;
  if (isEnumType(type) || isInputObjectType(type)) return `Inputs["${name}"]`;
  return scalarInput(type as GraphQLNamedType);
}

function scalarInput(type: GraphQLNamedType): string {
  const known = INPUT_SCALARS[type.name];
  return known && !known.includes("|") ? known : `Inputs["${type.name}"]`;
}

function docText(description: string | null | undefined): string {
  return (description ?? "").replace(/\*\//g, "*\\/").replace(/\s+/g, " ").trim();
}
