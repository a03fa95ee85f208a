import { extname, resolve, sep } from "node:path";
import {
  type GraphQLArgument,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  buildASTSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  parse,
  validateSchema,
} from "graphql";
// graphql-js keeps the located errors of SDL validation here; buildSchema flattens them to text.
import { validateSDL } from "graphql/validation/validate.js";
import { GeneratorError } from "../../input/errors.js";
import { parseJsonSource, readInputFile } from "../../input/json-source.js";
import { checkNestingDepth } from "../../input/nesting-depth.js";
import { bundledFile } from "../../input/paths.js";
import { schemaFromIntrospection } from "./introspection-result.js";
import { sdlIsPlainlyValid } from "./sdl-check.js";
import { parseSharingNodes } from "./sharing-parser.js";
import { missingStandardDirectives } from "./standard-directives.js";

const SDL_EXTENSIONS = new Set([".graphql", ".graphqls", ".gql", ".sdl"]);

/**
 * Loads a content API schema from a file: an introspection result (`.json`, either
 * `{ "data": { "__schema" } }` or bare `{ "__schema" }`) or SDL (`.graphql`, `.graphqls`, `.gql`,
 * `.sdl`). Syntax errors and invalid schemas are GeneratorErrors with line and column.
 *
 * @example
 * const schema = await loadSchemaFile("schemas/content/schema.graphql");
 */
export async function loadSchemaFile(
  file: string,
  displayName = file,
  options: SdlOptions = {},
): Promise<GraphQLSchema> {
  const text = await readInputFile(file, displayName);
  const extension = extname(file).toLowerCase();
  if (extension === ".json") {
    const source = parseJsonSource(text, displayName);
    return checked(
      schemaFromIntrospection(source.value, displayName, (path) => source.locate(path)),
      displayName,
    );
  }
  if (!SDL_EXTENSIONS.has(extension)) {
    throw new GeneratorError(
      `unknown schema file type "${extension || "(none)"}": use .json for an introspection result or .graphql for SDL`,
      { file: displayName },
    );
  }
  if (resolve(file).startsWith(BUNDLED_SCHEMAS)) return bundledSchema(text, displayName, options);
  return schemaFromSdl(text, displayName, options);
}

/**
 * The SDL files the package ships (`schemas/content/`): `typewire introspect` printed them from a
 * valid schema and the test suite checks each one is still that (test/content/
 * bundled-schema-files.test.ts), so they are built without validating the SDL and the schema
 * again, which costs a third of building them. Anything unexpected falls back to the full check.
 */
const BUNDLED_SCHEMAS = bundledFile("schemas/content") + sep;

function bundledSchema(text: string, displayName: string, options: SdlOptions): GraphQLSchema {
  try {
    const schema = buildFromSdl(text, false, options, false);
    if (schema.getQueryType()) {
      if (options.dropSyntax) dropSyntaxNodes(schema);
      return schema;
    }
  } catch {
    // Not what the suite checked after all: the full check says what and where.
  }
  return schemaFromSdl(text, displayName, options);
}

export interface SdlOptions {
  /**
   * Build an SDL schema with the standard field directives it lacks (`missingStandardDirectives`),
   * as `withDirectives` would add them afterwards: one build of the schema instead of two.
   */
  standardDirectives?: boolean;
  /**
   * Let go of the syntax tree once the schema is built (see {@link dropSyntaxNodes}), type by
   * type, so a large schema never holds its tree and all its fields at once.
   */
  dropSyntax?: boolean;
}

/** Builds and validates a schema from SDL text; see {@link loadSchemaFile}. */
export function schemaFromSdl(
  text: string,
  displayName: string,
  options: SdlOptions = {},
): GraphQLSchema {
  checkNestingDepth(text, displayName, "graphql");
  // Source locations cost a third of the parse and keep every token alive, so a schema is read
  // without them first; only a schema with an error is read again, with them, to say where.
  try {
    const schema = buildFromSdl(text, false, options);
    // Validation reads the nodes only to place its errors, and a schema with errors is read again.
    if (options.dropSyntax) dropSyntaxNodes(schema);
    if (validateSchema(schema).length === 0 && schema.getQueryType()) return schema;
  } catch {
    // Fall through to the located read, which throws the same error with its position.
  }
  let schema: GraphQLSchema;
  try {
    schema = buildFromSdl(text, true, options);
  } catch (error) {
    throw located(error, displayName, "invalid SDL");
  }
  return checked(schema, displayName);
}

function buildFromSdl(
  text: string,
  withLocations: boolean,
  options: SdlOptions,
  validate = true,
): GraphQLSchema {
  // A schema that lets go of its tree is read into one whose equal leaves are shared.
  const document =
    !withLocations && options.dropSyntax
      ? parseSharingNodes(text)
      : parse(text, { noLocation: !withLocations });
  // graphql-js's own SDL check runs only where the plain one is not sure (sdl-check.ts).
  if (validate && !sdlIsPlainlyValid(document)) {
    const [first] = validateSDL(document);
    if (first) throw first;
  }
  const assumed = { assumeValidSDL: true, assumeValid: !validate };
  if (!options.standardDirectives) return buildASTSchema(document, assumed);
  const typeNames: string[] = [];
  const directiveNames = new Set<string>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.DIRECTIVE_DEFINITION) directiveNames.add(definition.name.value);
    else if ("name" in definition && definition.name) typeNames.push(definition.name.value);
  }
  const definitions = [
    ...document.definitions,
    ...missingStandardDirectives(typeNames, directiveNames),
  ];
  return buildASTSchema({ ...document, definitions }, assumed);
}

/**
 * Lets go of the syntax tree a schema built from SDL keeps (the `astNode` of every type, field,
 * argument, enum value and directive, and the definitions its fields, interfaces and members are
 * built from, which are built here, type by type): the emitters read only the schema itself, and
 * the tree is as large as the schema. Only for a schema no documents are checked against: the
 * documents' code generator reads some of these nodes.
 */
function dropSyntaxNodes(schema: GraphQLSchema): void {
  const values = (list: readonly { astNode?: unknown; extensions: unknown }[]) => {
    for (const value of list) {
      value.astNode = undefined;
      if (isEmpty(value.extensions)) value.extensions = NO_EXTENSIONS;
    }
  };
  for (const type of Object.values(schema.getTypeMap())) {
    type.astNode = undefined;
    type.extensionASTNodes = NO_NODES;
    if (isUnionType(type)) type.getTypes();
    if (isObjectType(type) || isInterfaceType(type)) {
      type.getInterfaces();
      for (const field of Object.values(type.getFields())) {
        field.astNode = undefined;
        // graphql-js gives every field a list of arguments and an extensions object of its own;
        // empty ones are shared, which is a sixth of a large schema's memory.
        if (field.args.length === 0) field.args = NO_ARGS;
        else values(field.args);
        if (isEmpty(field.extensions)) field.extensions = NO_EXTENSIONS;
      }
    } else if (isInputObjectType(type)) values(Object.values(type.getFields()));
    else if (isEnumType(type)) values(type.getValues());
  }
  for (const directive of schema.getDirectives()) {
    directive.astNode = undefined;
    values(directive.args);
  }
  schema.astNode = undefined;
  schema.extensionASTNodes = NO_NODES;
}

const NO_NODES: readonly never[] = Object.freeze([]);
const NO_ARGS: GraphQLArgument[] = Object.freeze([]) as unknown as GraphQLArgument[];
const NO_EXTENSIONS = Object.freeze(Object.create(null)) as Record<string, never>;

function isEmpty(extensions: unknown): boolean {
  for (const _ in extensions as object) return false;
  return true;
}

function checked(schema: GraphQLSchema, displayName: string): GraphQLSchema {
  const [first] = validateSchema(schema);
  if (first) throw located(first, displayName, "invalid schema");
  if (!schema.getQueryType())
    throw new GeneratorError("invalid schema: it has no query type", { file: displayName });
  return schema;
}

function located(error: unknown, file: string, what: string): GeneratorError {
  // Duck-typed: validateSDL may come from graphql's other build (CJS vs ESM), whose GraphQLError
  // is a different class.
  const locations = (error as { locations?: readonly { line: number; column: number }[] } | null)
    ?.locations;
  if (error instanceof GraphQLError || Array.isArray(locations)) {
    const location = locations?.[0];
    const message = (error as Error).message.replace(/^Syntax Error: /, "syntax error: ");
    return new GeneratorError(
      message.startsWith("syntax error") ? message : `${what}: ${message}`,
      { file, ...(location ? { line: location.line, column: location.column } : {}) },
      { cause: error },
    );
  }
  return new GeneratorError(`${what}: ${(error as Error).message}`, { file }, { cause: error });
}
