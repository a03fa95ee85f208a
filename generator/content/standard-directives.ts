import {
  type DefinitionNode,
  type DirectiveDefinitionNode,
  type DocumentNode,
  type GraphQLArgumentConfig,
  GraphQLDirective,
  type GraphQLInputType,
  GraphQLSchema,
  Kind,
  type DirectiveLocation,
  extendSchema,
  isInputType,
  parse,
  GraphQLList,
  GraphQLNonNull,
  type TypeNode,
  specifiedScalarTypes,
  valueFromAST,
} from "graphql";
import { GeneratorError, type SourceLocation } from "../../input/errors.js";
import { CRAFT5_DIRECTIVES, DIRECTIVES, OPT_IN_DIRECTIVES } from "../../site/api-tables.js";
import type { ConfiguredDirective } from "./content-config.js";

/**
 * The content API's standard field directives, `@formatDateTime`, `@transform` and `@markdown`,
 * as SDL, with the arguments and descriptions the example site's schema gives them; for a Craft 5
 * schema, Craft 5's always-on ones (`@formatDateTime`, `@markdown`, `@stripTags`, `@trim`,
 * `@money`).
 *
 * @example
 * standardDirectivesSdl().startsWith('"""Formats'); // true
 */
export function standardDirectivesSdl(craft5 = false): string {
  const text = (s: string) => JSON.stringify(s);
  // A Craft 5 schema has Craft 5's further directives; `@parseRefs` and `@transform` only when it
  // opted in to them (5.9), so a Craft 5 schema without them keeps without them.
  const directives = craft5
    ? [...DIRECTIVES, ...CRAFT5_DIRECTIVES].filter(({ name }) => !OPT_IN_DIRECTIVES.includes(name))
    : DIRECTIVES;
  return directives
    .map((d) => {
      const args = d.args.map(
        ([name, type, description]) => `  ${text(description)}\n  ${name}: ${type}`,
      );
      return `${text(d.description)}\ndirective @${d.name}${args.length ? `(\n${args.join("\n")}\n)` : ""} on FIELD\n`;
    })
    .join("\n");
}

/**
 * Whether a schema with these type names has Craft 5's shape: a section's union of entry types
 * (`<section>SectionEntryUnion`) or a matrix field's (`<field>_MatrixField`).
 */
function isCraft5(typeNames: Iterable<string>): boolean {
  for (const name of typeNames) if (/SectionEntryUnion$|_MatrixField$/.test(name)) return true;
  return false;
}

/**
 * The standard directive definitions (see {@link standardDirectivesSdl}) a schema with these type
 * and directive names lacks, for a schema read from SDL to be built with them at once (see
 * `load-schema.ts`): what {@link withDirectives} adds when the config names no directives.
 */
export function missingStandardDirectives(
  typeNames: Iterable<string>,
  directiveNames: ReadonlySet<string>,
): DirectiveDefinitionNode[] {
  return parse(standardDirectivesSdl(isCraft5(typeNames)), {
    noLocation: true,
  }).definitions.filter(
    (d): d is DirectiveDefinitionNode =>
      d.kind === Kind.DIRECTIVE_DEFINITION && !directiveNames.has(d.name.value),
  );
}

/**
 * A schema with the field directives it lacks: those `configured` names (the `directives` of its
 * entry in `typewire.config.json`), then the standard ones. A definition the schema has wins over
 * a configured one, and a configured one over a standard one, so a schema file without directive
 * definitions (as some editor plugins export them) still gets `formatDateTime`, `transform` and
 * `markdown`. A configured definition that is not one directive on `FIELD`, or names a type the
 * schema lacks, is an error at its config entry.
 *
 * @example
 * withDirectives(buildSchema("type Query { a: String }")).getDirective("markdown"); // defined
 */
export function withDirectives(
  schema: GraphQLSchema,
  configured: readonly ConfiguredDirective[] = [],
): GraphQLSchema {
  const taken = new Set(schema.getDirectives().map((d) => d.name));
  let extended = schema;
  for (const entry of configured) {
    const definition = directiveDefinition(entry.sdl, entry.at);
    const name = definition.name.value;
    if (taken.has(name)) {
      if (schema.getDirective(name)) continue;
      throw new GeneratorError(`directive @${name} is configured twice`, entry.at);
    }
    taken.add(name);
    extended = extend(extended, [definition], entry.at);
  }
  const standard = missingStandardDirectives(Object.keys(schema.getTypeMap()), taken);
  if (standard.length === 0) return extended;
  return withOwnDirectives(extended, standard) ?? extendSchema(extended, document(standard));
}

/**
 * The schema with directive definitions added, its types kept as they are: `extendSchema` would
 * build every type of the schema again for them, the largest single cost of loading a big schema
 * after parsing it. Undefined when an argument names a type the schema does not have (then
 * `extendSchema` adds it, or says what is wrong).
 */
function withOwnDirectives(
  schema: GraphQLSchema,
  definitions: readonly DirectiveDefinitionNode[],
): GraphQLSchema | undefined {
  const directives: GraphQLDirective[] = [];
  for (const definition of definitions) {
    const args: Record<string, GraphQLArgumentConfig> = {};
    for (const arg of definition.arguments ?? []) {
      const type = inputTypeOf(schema, arg.type);
      if (!type || !isInputType(type)) return undefined;
      const defaultValue = arg.defaultValue ? valueFromAST(arg.defaultValue, type) : undefined;
      if (arg.defaultValue && defaultValue === undefined) return undefined;
      args[arg.name.value] = {
        type,
        description: arg.description?.value,
        defaultValue,
        deprecationReason: undefined,
        astNode: arg,
      };
    }
    directives.push(
      new GraphQLDirective({
        name: definition.name.value,
        description: definition.description?.value,
        locations: definition.locations.map((location) => location.value as DirectiveLocation),
        isRepeatable: definition.repeatable,
        args,
        astNode: definition,
      }),
    );
  }
  const config = schema.toConfig();
  // A standard scalar an argument names but the schema did not use joins its types here, as
  // `extendSchema` adds it.
  return new GraphQLSchema({
    ...config,
    directives: [...config.directives, ...directives],
    assumeValid: false,
  });
}

function directiveDefinition(sdl: string, at: SourceLocation): DirectiveDefinitionNode {
  let parsed: DocumentNode;
  try {
    parsed = parse(sdl, { noLocation: true });
  } catch (error) {
    throw new GeneratorError(`not a directive definition: ${(error as Error).message}`, at, {
      cause: error,
    });
  }
  const [definition, ...more] = parsed.definitions;
  if (definition?.kind !== Kind.DIRECTIVE_DEFINITION || more.length > 0) {
    throw new GeneratorError(
      'expected one directive definition, such as "directive @name(arg: String) on FIELD"',
      at,
    );
  }
  if (!definition.locations.some((location) => location.value === "FIELD")) {
    throw new GeneratorError(
      `directive @${definition.name.value} is not used on fields: add "on FIELD" (only field directives get a helper)`,
      at,
    );
  }
  return definition;
}

function extend(
  schema: GraphQLSchema,
  definitions: DefinitionNode[],
  at: SourceLocation,
): GraphQLSchema {
  try {
    return extendSchema(schema, document(definitions));
  } catch (error) {
    throw new GeneratorError(`directive does not fit the schema: ${(error as Error).message}`, at, {
      cause: error,
    });
  }
}

/** An argument's type from the schema's types, or a standard scalar the schema does not use. */
function inputTypeOf(schema: GraphQLSchema, node: TypeNode): GraphQLInputType | undefined {
  if (node.kind === Kind.NON_NULL_TYPE) {
    const inner = inputTypeOf(schema, node.type);
    return inner && new GraphQLNonNull(inner);
  }
  if (node.kind === Kind.LIST_TYPE) {
    const inner = inputTypeOf(schema, node.type);
    return inner && new GraphQLList(inner);
  }
  const name = node.name.value;
  const type = schema.getType(name) ?? specifiedScalarTypes.find((scalar) => scalar.name === name);
  return type && isInputType(type) ? type : undefined;
}

function document(definitions: DefinitionNode[]): DocumentNode {
  return { kind: Kind.DOCUMENT, definitions };
}

/**
 * Whether a field directive makes the field's value text, as the content API applies them:
 * `@formatDateTime` on a `DateTime`, `@markdown` and `@transform` on a `String` (the API leaves
 * any other value as it is, so its type stays the field's own).
 */
export function returnsText(directive: string, leafType: string): boolean {
  if (directive === "formatDateTime") return leafType === "DateTime";
  return (directive === "markdown" || directive === "transform") && leafType === "String";
}
