import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
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

/**
 * Reads a GraphQL schema into the view model of its query module: a field map per object and
 * interface type, argument interfaces (shared when identical), and the root fields.
 *
 * @example
 * const view = readFieldMaps(buildSchema("type Query { ping: String }"), "schema.graphql");
 */
export function readFieldMaps(schema: GraphQLSchema, file: string): FieldMapsView {
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
  const fieldView = (owner: string, field: GraphQLField<unknown, unknown>): FieldView => {
    const argsName = argsText(owner, field);
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

  // The root type first, so the argument interfaces it shares are named after root fields.
  const composite = named.filter((t) => isObjectType(t) || isInterfaceType(t) || isUnionType(t));
  const ordered = [queryType, ...composite.filter((t) => t !== queryType)];
  const fieldViews = new Map<string, Map<string, FieldView>>();
  for (const type of ordered) {
    const fields = new Map<string, FieldView>();
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields()).sort(byName))
        fields.set(field.name, fieldView(type.name, field));
    }
    fieldViews.set(type.name, fields);
  }

  const types: InterfaceView[] = [];
  const nested: MemberView[] = [];
  for (const type of composite) {
    const own = fieldViews.get(type.name)!;
    const parents = isObjectType(type) || isInterfaceType(type) ? type.getInterfaces() : [];
    const inherited = [...parents].sort(byName).filter((parent) => {
      for (const [name, view] of fieldViews.get(parent.name)!)
        if (own.get(name)?.descriptor !== view.descriptor) return false;
      return true;
    });
    const covered = new Set(
      inherited.flatMap((parent) => [...fieldViews.get(parent.name)!.keys()]),
    );
    // A parent that another parent already extends adds nothing but text.
    const direct = inherited.filter(
      (parent) => !inherited.some((other) => other.getInterfaces().includes(parent as never)),
    );
    const rest = [...own].filter(([name]) => !covered.has(name));
    const heritage = direct.length ? ` extends ${direct.map((p) => ident(p.name)).join(", ")}` : "";
    // A union has no fields: its `TypeInfo` says so without an empty interface.
    if (isUnionType(type)) {
      nested.push({ name: type.name, optional: false, text: "never" });
      continue;
    }
    types.push({
      name: ident(type.name),
      heritage,
      members: rest.map(([name, view]) => ({ name, optional: false, text: view.descriptor })),
    });
    const nestedNames = [
      ...direct.map((p) => `Nested["${p.name}"]`),
      ...rest.filter(([, view]) => view.nested).map(([name]) => JSON.stringify(name)),
    ];
    nested.push({ name: type.name, optional: false, text: nestedNames.join(" | ") || "never" });
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
    .sort(byName)
    .map((d) => ({
      name: d.name,
      optional: false,
      // A directive without arguments (Craft's `@trim`) takes none: not `{}`, which takes anything.
      text:
        d.args.length === 0
          ? "Record<never, never>"
          : objectText([...d.args].sort(byName).map((arg) => argLine(arg))),
    }));

  const scalars = named
    .filter((t) => isScalarType(t) || isEnumType(t))
    .map((t) => ({ name: t.name, optional: false, text: scalarText(t, OUTPUT_SCALARS) }));
  const leafMembers = [...leaves]
    .map(([name, text]) => ({ name: JSON.stringify(name), optional: false, text }))
    .sort(byName);
  const literals = named.filter(isInputObjectType).map((t) => ({
    name: t.name,
    optional: false,
    text: objectText(
      Object.values(t.getFields())
        .sort(byName)
        .map((f) => argLine(f as unknown as GraphQLArgument)),
    ),
  }));
  // One text to search: a name never spans two members' texts.
  const texts = [
    ...args.flatMap((a) => a.members),
    ...literals,
    ...directives,
    ...scalars,
    ...types.flatMap((t) => t.members),
  ]
    .map((m) => m.text)
    .join("\n");
  return {
    imports: RUNTIME_TYPES.filter((name) => new RegExp(`\\b${name}\\b`).test(texts)),
    scalars,
    inputs: named
      .filter((t) => isScalarType(t) || isEnumType(t) || isInputObjectType(t))
      .map((t) => ({ name: t.name, optional: false, text: inputNamedText(t) })),
    literals,
    leaves: leafMembers,
    args: args.sort(byName),
    types,
    typeInfos: composite.map((t) => {
      const possible =
        isInterfaceType(t) || isUnionType(t) ? `Possible["${t.name}"]` : JSON.stringify(t.name);
      return {
        name: t.name,
        optional: false,
        text: isUnionType(t)
          ? `{ n: "${t.name}"; f: Record<never, never>; x: Nested["${t.name}"] | SpecialKeys; p: Pick<Types, ${possible}>; k: "__typename" | SpecialKeys; o: Types }`
          : `{ n: "${t.name}"; f: ${ident(t.name)}; x: Nested["${t.name}"] | SpecialKeys; p: Pick<Types, ${possible}>; k: keyof ${ident(t.name)} | "__typename" | SpecialKeys; o: Types }`,
        // Always too long for one line: it breaks into these, without reading the text back.
        parts: () => typeInfoParts(t, ident(t.name)),
      };
    }),
    nested,
    possible: composite
      .filter((t) => isInterfaceType(t) || isUnionType(t))
      .map((t) => {
        const names = schema.getPossibleTypes(t as never).map((p) => JSON.stringify(p.name));
        return {
          name: t.name,
          optional: false,
          text: names.sort(compareText).join(" | ") || "never",
        };
      }),
    directives,
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
