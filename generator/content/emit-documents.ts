import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type GraphQLSchema,
  Kind,
  extendSchema,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  type GraphQLOutputType,
} from "graphql";
import { dedupeUnionMembers } from "./dedupe-union-members.js";
import { formatOperationTypes } from "./format-operation-types.js";
import { scalarTypeText } from "./emit-content-types.js";
import type { EmittedFile } from "../writer.js";
import { TEXT_SUFFIX, operationText, operationsOf, withTextFields } from "./documents.js";

const SOURCE = "generator/content/emit-documents.ts";
/** The operations plugin's package (a devDependency: the build bundles it, see `loadOperationsPlugin`). */
export const OPERATIONS_PLUGIN = "@graphql-codegen/typescript-operations";

/**
 * The scalar mapping of the schema's `types.ts`, for the operations plugin: the built-ins, the
 * API's custom scalars, and `unknown` for any other custom scalar.
 */
export function scalarMapping(schema: GraphQLSchema): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isScalarType(type) || type.name.startsWith("__")) continue;
    mapping[type.name] = scalarTypeText(type.name);
  }
  return mapping;
}

/**
 * `documents.ts` of one schema's module: the result and variables types of every operation
 * declared for the schema (and of its fragments), written by the `typescript-operations` plugin
 * of the GraphQL Code Generator (variables' lists read-only), and one typed document per
 * operation: a `TypedDocumentNode` (its syntax tree, with the text sent in `loc.source.body`),
 * usable by the content client and by other GraphQL clients.
 *
 * `typed` is the documents as this schema's token is answered (see `checkDocuments`); `written`
 * as they are sent. `describe` says where an operation was written, for its doc comment.
 */
export async function emitDocuments(input: {
  schema: GraphQLSchema;
  outDir: string;
  typed: DocumentNode;
  written: DocumentNode;
  describe: (file: string) => string;
  /** The schema's name in the config. */
  name: string;
}): Promise<EmittedFile[]> {
  const text = await documentTypesText(input.schema, input.typed);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of input.written.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const documents = operationsOf(input.written).map((operation) => {
    const name = operation.name!.value;
    const where = input.describe(operation.loc?.source.name ?? "");
    return [
      `/** \`query ${name}\`, from ${where}. */`,
      // One line, as the client preset writes its documents: laid out, a syntax tree is long.
      "// prettier-ignore",
      `export const ${name}Document = ${documentNodeText(operationText(operation, fragments))} as unknown as TypedDocumentNode<${name}Query, ${name}QueryVariables>;`,
    ].join("\n");
  });
  // The plugin writes its own layout; the types are laid out as prettier lays out the
  // repository's code. The typed documents are written laid out already (each on its one line,
  // marked `prettier-ignore`) and make most of the file's bytes, so only the types are formatted.
  const formatted = formatOperationTypes(text) ?? (await formatWithPrettier(text));
  const contents = [formatted, ...documents.map((text) => `${text}\n`)].join("\n");
  return [
    {
      outDir: input.outDir,
      path: "documents.ts",
      source: SOURCE,
      contents,
      instruction: `It comes from the GraphQL documents declared for schema "${input.name}" (each operation names its file) and from that schema: change them, then run \`typewire generate\`.`,
    },
  ];
}

/**
 * The head of `documents.ts` before it is formatted: the import of `TypedDocumentNode` and the
 * operations plugin's types for the documents `typed` against `schema`, with union members
 * deduplicated and read-only lists in variables and input objects.
 */
export async function documentTypesText(
  schema: GraphQLSchema,
  typed: DocumentNode,
): Promise<string> {
  const printed = await runOperationsPlugin(operationsPluginInput(schema, typed));
  const inputs = new Set(
    Object.values(schema.getTypeMap())
      .filter(isInputObjectType)
      .map((type) => type.name),
  );
  const types = readonlyVariableLists(dedupeUnionMembers(printed), inputs);
  return [
    'import type { TypedDocumentNode } from "@typewire/runtime/content";',
    "",
    types.trim(),
  ].join("\n");
}

/**
 * `documents.ts`'s types formatted by prettier, for text that `formatOperationTypes` does not
 * know to print. Babel's TypeScript parser: the same syntax tree for the formatter's printer as
 * the TypeScript parser's (`test/content/documents-oracle.test.ts` formats the output again with
 * that one and gets the same text), in a module a third of the size.
 */
export async function formatWithPrettier(text: string): Promise<string> {
  const { format } = await import("prettier");
  return format(text, {
    parser: "babel-ts",
    filepath: "documents.ts",
    printWidth: 100,
    endOfLine: "lf",
  });
}

/** What the operations plugin's module exports: a plugin of the GraphQL Code Generator. */
export interface OperationsPlugin {
  plugin(
    schema: GraphQLSchema,
    documents: { document: DocumentNode; location: string }[],
    config: Record<string, unknown>,
    info: { outputFile: string; allPlugins: unknown[]; pluginContext: Record<string, unknown> },
  ): Promise<string | { prepend?: string[]; content: string; append?: string[] }>;
}

/** What the operations plugin types: the document, the schema and the plugin's config. */
export interface OperationsPluginInput {
  schema: GraphQLSchema;
  document: DocumentNode;
  config: Record<string, unknown>;
}

/**
 * The operations plugin's input for the documents `typed` against `schema`: fields under a
 * text-returning directive renamed to their `String` stand-ins (added to the schema), and the
 * scalar mapping of the schema's `types.ts`.
 */
export function operationsPluginInput(
  schema: GraphQLSchema,
  typed: DocumentNode,
): OperationsPluginInput {
  const { document, fields } = withTextFields(schema, typed);
  return {
    schema: withTextStandIns(schema, fields),
    document,
    config: {
      scalars: scalarMapping(schema),
      defaultScalarType: "unknown",
      namingConvention: "keep",
      mergeFragmentTypes: true,
      useTypeImports: true,
      skipDocumentsValidation: true,
    },
  };
}

/**
 * The operations plugin's text, put together as `@graphql-codegen/core` puts together the output
 * of a single plugin (its prepended lines, comments first, then imports, then the rest; its
 * content; its appended lines; empty parts left out), for the same bytes without loading the Code
 * Generator's core and the schema-merging libraries it imports, which a schema given as an object
 * (merged with nothing) and documents not validated again (they were, see `checkDocuments`) do
 * not use. `test/content/documents-oracle.test.ts` checks it against the core.
 */
export async function runOperationsPlugin(
  input: OperationsPluginInput,
  operations?: OperationsPlugin,
): Promise<string> {
  operations ??= await loadOperationsPlugin();
  const result = await operations.plugin(
    input.schema,
    [{ document: input.document, location: "documents" }],
    { ...input.config },
    { outputFile: "documents.ts", allPlugins: [{ operations: {} }], pluginContext: {} },
  );
  if (typeof result === "string") return result;
  const unique = (items: readonly string[] | undefined) => [...new Set(items?.filter(Boolean))];
  const rank = (line: string) =>
    /^(\/\*|\/\/| \*|\*\/)/.test(line)
      ? 0
      : line.startsWith("package")
        ? 1
        : line.startsWith("import")
          ? 2
          : 3;
  const prepend = unique(result.prepend).sort((a, b) => rank(a) - rank(b));
  return [...prepend, result.content, ...unique(result.append)].filter(Boolean).join("\n");
}

/**
 * The operations plugin, loaded only when there are documents to type. The build bundles it
 * with this module (`scripts/build-render-bundle.ts`), so an installed typewire has the package
 * inside its render bundle; from the sources it is the package itself. The plugin's own
 * declarations do not compile under this project's settings (`skipLibCheck` off), so the
 * specifier is not a literal to the compiler, which then reads no types for it; the compiled
 * code keeps the literal, which the bundler follows.
 */
export async function loadOperationsPlugin(): Promise<OperationsPlugin> {
  return (await import("@graphql-codegen/typescript-operations" as string)) as OperationsPlugin;
}

/**
 * The syntax tree of a printed operation (with its fragments) as a JavaScript literal: the
 * `DocumentNode` graphql-js parses from it, without locations, plus `loc.source.body`, the text
 * itself, as graphql-tag's `gql` leaves it. Clients that send text read it there (typewire's
 * content client, urql) instead of printing the tree again; the others print the tree.
 */
function documentNodeText(text: string): string {
  const tree = parse(text, { noLocation: true });
  const loc = {
    start: 0,
    end: text.length,
    source: { body: text, name: "GraphQL request", locationOffset: { line: 1, column: 1 } },
  };
  return JSON.stringify({ ...tree, loc });
}

/**
 * The plugin's text with `ReadonlyArray` for `Array` in every variables type and input object
 * type, so that a read-only array (`["a"] as const`) is accepted for a list variable, as the
 * query builders accept it. Result types keep their mutable arrays.
 */
function readonlyVariableLists(text: string, inputs: ReadonlySet<string>): string {
  const starts = [...text.matchAll(/^(?:export )?type (\w+)/gm)];
  let out = text.slice(0, starts[0]?.index ?? text.length);
  for (const [index, start] of starts.entries()) {
    const chunk = text.slice(start.index, starts[index + 1]?.index ?? text.length);
    const name = start[1]!;
    out +=
      name.endsWith("QueryVariables") || inputs.has(name)
        ? chunk.replace(/\bArray</g, "ReadonlyArray<")
        : chunk;
  }
  return out;
}

/**
 * The names `documents.ts` exports for one definition: an operation's result, variables and typed
 * document (`<Name>Query`, `<Name>QueryVariables`, `<Name>Document`), a fragment's type
 * (`<Name>Fragment`), as the operations plugin and `emitDocuments` write them.
 */
export function exportedNames(
  definition: OperationDefinitionNode | FragmentDefinitionNode,
): string[] {
  const name = definition.name?.value ?? "";
  return definition.kind === Kind.FRAGMENT_DEFINITION
    ? [`${name}Fragment`]
    : [`${name}Query`, `${name}QueryVariables`, `${name}Document`];
}

/**
 * The schema with a `String` stand-in (same lists and nulls) for each field a text-returning
 * directive is used on, on every object and interface type that has a field of that name, so
 * that the plugin finds it whichever concrete type it resolves the selection on.
 */
function withTextStandIns(
  schema: GraphQLSchema,
  used: ReadonlyMap<string, ReadonlySet<string>>,
): GraphQLSchema {
  if (used.size === 0) return schema;
  const names = new Set([...used.values()].flatMap((set) => [...set]));
  const extensions: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const own = type.getFields();
    const added = [...names]
      .filter((name) => own[name])
      .map((name) => `  ${name}${TEXT_SUFFIX}: ${textType(own[name]!.type)}`);
    if (added.length === 0) continue;
    const keyword = isObjectType(type) ? "type" : "interface";
    extensions.push(`extend ${keyword} ${type.name} {\n${added.join("\n")}\n}`);
  }
  return extendSchema(schema, parse(extensions.join("\n")), {
    assumeValid: true,
    assumeValidSDL: true,
  });
}

/** `String` with the list and non-null wrappers of `type`. */
function textType(type: GraphQLOutputType): string {
  if (isNonNullType(type)) return `${textType(type.ofType)}!`;
  if (isListType(type)) return `[${textType(type.ofType)}]`;
  return "String";
}
