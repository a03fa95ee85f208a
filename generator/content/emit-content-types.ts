import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
} from "graphql";
import {
  type Declaration,
  type Member,
  type TypeNode,
  flatType,
  literal,
  printBlock,
  printDeclarations,
  printMember,
  printTextProperty,
  typeName,
  union,
} from "../print/ts-syntax.js";
import { compareText } from "../writer.js";
import type { EmittedFile } from "../writer.js";
import type { ContentEmitter } from "./content-emitter.js";
import { type ModuleNames, moduleNames } from "./module-names.js";

/**
 * TypeScript types of the API's custom scalars. `DateTime` is the ISO 8601 string the API sends;
 * `QueryArgument` is what the API accepts. Other custom scalars a schema may have become
 * `unknown`, so nothing unchecked slips through as `any`.
 */
export const SCALAR_TYPES: Readonly<Record<string, string>> = {
  DateTime: "string",
  QueryArgument: "string | number | boolean",
};

/** The built-in scalars, first in `Scalars`, in the order GraphQL lists them. */
const BUILT_IN_SCALAR_TYPES: Readonly<Record<string, string>> = {
  ID: "string",
  String: "string",
  Boolean: "boolean",
  Int: "number",
  Float: "number",
};

const SOURCE = "generator/content/emit-content-types.ts";

/**
 * `types.ts`: every type, interface, union, enum, input object and argument set of the schema,
 * sorted by name, printed directly. The names and shapes are those `@graphql-codegen/typescript`
 * gives (`Maybe`, `InputMaybe`, `Scalars[...]["output"]`, `<Type>_<field>Args`), so code and tools
 * written against that plugin's output read these types unchanged.
 *
 * @example
 * const [file] = await emitContentTypes({ name: "example", schema, outDir });
 */
export const emitContentTypes: ContentEmitter = async (input) => [
  {
    outDir: input.outDir,
    path: "types.ts",
    source: SOURCE,
    contents: contentTypesText(input.schema),
  } satisfies EmittedFile,
];

/** The text of `types.ts` for a schema; see {@link emitContentTypes}. */
export function contentTypesText(schema: GraphQLSchema): string {
  const named = Object.values(schema.getTypeMap())
    .filter((type) => !type.name.startsWith("__"))
    .sort((a, b) => compareText(a.name, b.name));
  const scalars = named.filter(isScalarType);
  const declarations: Declaration[] = [
    {
      kind: "alias",
      name: "Maybe",
      parameters: "T",
      exported: true,
      type: union([typeName("T"), typeName("null")]),
    },
    {
      kind: "alias",
      name: "InputMaybe",
      parameters: "T",
      exported: true,
      type: union([typeName("T"), typeName("null"), typeName("undefined")]),
    },
    {
      kind: "alias",
      name: "Scalars",
      exported: true,
      doc: "Every built-in and custom scalar, as the value a variable takes (`input`) and the API returns (`output`).",
      type: {
        kind: "object",
        expanded: true,
        members: [
          // All five, used or not, as the codegen plugin lists them.
          ...Object.keys(BUILT_IN_SCALAR_TYPES),
          ...scalars.map((s) => s.name).filter((name) => !(name in BUILT_IN_SCALAR_TYPES)),
        ].map((name) =>
          scalarMember(
            name,
            name in BUILT_IN_SCALAR_TYPES ? undefined : schema.getType(name)?.description,
          ),
        ),
      },
    },
  ];
  const names = moduleNames(schema);
  const texts = typeTexts(names);
  // Printed type by type, so only text is kept of the types already printed.
  const printed = declarations.map(declaration);
  for (const type of named) printed.push(...typeDeclarations(type, names, texts));
  return `${printed.join("\n\n")}\n`;
}

/** The TypeScript type `types.ts` gives a scalar: the built-ins', the API's custom ones', else `unknown`. */
export function scalarTypeText(name: string): string {
  return BUILT_IN_SCALAR_TYPES[name] ?? SCALAR_TYPES[name] ?? "unknown";
}

function scalarMember(name: string, description: string | null | undefined): Member {
  const ts = scalarTypeText(name);
  const value = union(ts.split(" | ").map((part) => typeName(part)));
  return {
    kind: "property",
    name,
    optional: false,
    doc: description ?? undefined,
    type: {
      kind: "object",
      expanded: false,
      members: [
        { kind: "property", name: "input", optional: false, type: value },
        { kind: "property", name: "output", optional: false, type: value },
      ],
    },
  };
}

/**
 * The flat text of a field's or argument's type (as the printer prints {@link typeRef}'s nodes),
 * kept by side, wrappers and named type: a large schema has many fields and few such types.
 */
type TypeTexts = (type: GraphQLType, side: "input" | "output") => string;

function typeTexts(names: ModuleNames): TypeTexts {
  const cache = new Map<string, string>();
  return (type, side) => {
    let key = side === "input" ? "i" : "o";
    let inner = type;
    for (;;) {
      if (isNonNullType(inner)) key += "!";
      else if (isListType(inner)) key += "[";
      else break;
      inner = inner.ofType;
    }
    key += (inner as GraphQLNamedType).name;
    let text = cache.get(key);
    if (text === undefined) {
      text = flatType(typeRef(type, side, names))!;
      cache.set(key, text);
    }
    return text;
  };
}

/**
 * The declarations of one type, printed: an enum or union as a declaration, an object,
 * interface or input object (and each field's argument set) as an expanded object of members
 * printed one by one, as {@link printDeclarations} prints them.
 */
function typeDeclarations(type: GraphQLNamedType, names: ModuleNames, texts: TypeTexts): string[] {
  const doc = type.description ?? undefined;
  const name = names.type(type.name);
  if (isEnumType(type)) {
    const values = type
      .getValues()
      .map((value) => value.name)
      .sort(compareText)
      .map((name) => literal(name));
    return [declaration({ kind: "alias", name, exported: true, doc, type: union(values) })];
  }
  if (isUnionType(type)) {
    const members = type
      .getTypes()
      .map((member) => member.name)
      .sort(compareText)
      .map((member) => typeName(names.type(member)));
    return [declaration({ kind: "alias", name, exported: true, doc, type: union(members) })];
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).sort((a, b) => compareText(a.name, b.name));
    const lines = fields.map((field) => inputMember(field, names, texts));
    return [printBlock(`export type ${name} = `, doc, lines, ";")];
  }
  if (!isObjectType(type) && !isInterfaceType(type)) return [];
  const fields = Object.values(type.getFields()).sort((a, b) => compareText(a.name, b.name));
  const lines = [
    ...(isObjectType(type)
      ? [printMember(property("__typename", true, literal(type.name)), MEMBER_INDENT)]
      : []),
    ...fields.map((field) => outputMember(field, names, texts)),
  ];
  const interfaces = [...type.getInterfaces()]
    .map((parent) => parent.name)
    .sort(compareText)
    .map((parent) => `${names.type(parent)} & `);
  const declarations = [
    printBlock(`export type ${name} = ${interfaces.join("")}`, doc, lines, ";"),
  ];
  for (const field of fields) {
    if (field.args.length === 0) continue;
    // Argument descriptions stay in the schema: repeated on every type's argument sets, they
    // would double the size of a large schema's module for text the query builders show anyway.
    const args = [...field.args]
      .sort((a, b) => compareText(a.name, b.name))
      .map((arg) => inputMember(arg, names, texts, false));
    declarations.push(
      printBlock(`export type ${names.fieldArgs(type.name, field.name)} = `, undefined, args, ";"),
    );
  }
  return declarations;
}

/** One declaration as {@link printDeclarations} prints it, without its final line break. */
function declaration(declaration: Declaration): string {
  return printDeclarations([declaration]).slice(0, -1);
}

/** Members of `types.ts` are those of top-level types: their lines are indented two spaces. */
const MEMBER_INDENT = 2;

function outputMember(
  field: GraphQLField<unknown, unknown>,
  names: ModuleNames,
  texts: TypeTexts,
): string {
  return printTextProperty(
    field.name,
    !isNonNullType(field.type),
    texts(field.type, "output"),
    MEMBER_INDENT,
    () => typeRef(field.type, "output", names),
    fieldDoc(field.description, field.deprecationReason),
  );
}

/** `Maybe` for what the API returns, `InputMaybe` for what a variable may omit. */
const MAYBE = { output: "Maybe", input: "InputMaybe" } as const;

/** A field's or argument's type, nullable ones wrapped as the codegen plugin wraps them. */
function typeRef(type: GraphQLType, side: "input" | "output", names: ModuleNames): TypeNode {
  if (isNonNullType(type)) return innerType(type.ofType, side, names);
  return typeName(MAYBE[side], [innerType(type, side, names)]);
}

function innerType(type: GraphQLType, side: "input" | "output", names: ModuleNames): TypeNode {
  if (isListType(type)) return typeName("Array", [typeRef(type.ofType, side, names)]);
  if (isNonNullType(type)) return innerType(type.ofType, side, names);
  return isScalarType(type) ? scalarRef(type.name, side) : typeName(names.type(type.name));
}

/** An input field's or argument's member; `withDoc` false leaves its description out. */
function inputMember(
  field: GraphQLArgument | GraphQLInputField,
  names: ModuleNames,
  texts: TypeTexts,
  withDoc = true,
): string {
  const required = isNonNullType(field.type) && field.defaultValue === undefined;
  return printTextProperty(
    field.name,
    !required,
    texts(field.type, "input"),
    MEMBER_INDENT,
    () => typeRef(field.type, "input", names),
    withDoc ? fieldDoc(field.description, field.deprecationReason) : undefined,
  );
}

function scalarRef(name: string, side: "input" | "output"): TypeNode {
  return {
    kind: "indexed",
    object: { kind: "indexed", object: typeName("Scalars"), index: literal(name) },
    index: literal(side),
  };
}

function fieldDoc(description: string | null | undefined, deprecation: string | null | undefined) {
  const parts = [description, deprecation ? `@deprecated ${deprecation}` : undefined];
  return parts.filter((part) => part).join("\n") || undefined;
}

function property(name: string, optional: boolean, type: TypeNode): Member {
  return { kind: "property", name, optional, type };
}
