import {
  type ASTNode,
  type DefinitionNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLSchema,
  Kind,
  NoUnusedFragmentsRule,
  NoUnusedVariablesRule,
  type OperationDefinitionNode,
  Source,
  TypeInfo,
  getLocation,
  getNamedType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  parse,
  print as printNode,
  specifiedRules,
  stripIgnoredCharacters as stripIgnored,
  validate,
  visit,
  visitWithTypeInfo,
} from "graphql";
import { GeneratorError } from "../../input/errors.js";
import { readInputFile } from "../../input/json-source.js";
import { checkNestingDepth } from "../../input/nesting-depth.js";
import { returnsText } from "./standard-directives.js";

/** One parsed document file: its path for messages and its definitions (with locations). */
export interface DocumentFile {
  /** Absolute path. */
  file: string;
  /** The path messages show (relative to the working directory). */
  display: string;
  document: DocumentNode;
}

/**
 * A selection the production API drops without an error for one schema's token: a field or a
 * fragment's type the schema lacks while another schema the document is declared for has it.
 */
export class DocumentWarning extends GeneratorError {
  override readonly name = "GeneratorError";
}

/**
 * Reads and parses GraphQL document files. A syntax error, an anonymous operation, a definition
 * that is not an operation or a fragment, or an operation other than a query is a GeneratorError
 * at its file, line and column; every problem of every file is reported at once.
 *
 * @example
 * const files = await readDocuments(["/p/src/page.graphql"], (f) => relative("/p", f));
 */
export async function readDocuments(
  files: readonly string[],
  display: (file: string) => string,
): Promise<{ files: DocumentFile[]; problems: GeneratorError[] }> {
  const problems: GeneratorError[] = [];
  const read = await Promise.all(
    files.map(async (file): Promise<DocumentFile | undefined> => {
      const name = display(file);
      const text = await readInputFile(file, name);
      let document: DocumentNode;
      try {
        checkNestingDepth(text, name, "graphql");
        document = parse(new Source(text, name));
      } catch (error) {
        problems.push(located(error as GraphQLError, name));
        return undefined;
      }
      for (const definition of document.definitions) {
        const problem = definitionProblem(definition);
        if (problem) problems.push(at(definition, problem));
      }
      return { file, display: name, document };
    }),
  );
  return { files: read.filter((f) => f !== undefined), problems };
}

function definitionProblem(definition: DefinitionNode): string | undefined {
  if (definition.kind === Kind.OPERATION_DEFINITION) {
    if (!definition.name) {
      return "an operation needs a name (query PageByUri { ... }): the typed document is exported under it";
    }
    if (definition.operation !== "query") {
      return `${definition.operation} ${definition.name.value}: the content API answers queries only`;
    }
    return undefined;
  }
  if (definition.kind === Kind.FRAGMENT_DEFINITION) return undefined;
  const what = definition.kind.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return `a document holds operations and fragments only, not ${/^[aeiou]/.test(what) ? "an" : "a"} ${what}`;
}

/** The file, line and column of a node; `message` as a GeneratorError there. */
export function at(node: ASTNode, message: string): GeneratorError {
  const location = node.loc ? getLocation(node.loc.source, node.loc.start) : undefined;
  return new GeneratorError(message, {
    file: node.loc?.source.name ?? "(document)",
    ...(location ? { line: location.line, column: location.column } : {}),
  });
}

function located(error: GraphQLError, file: string): GeneratorError {
  const location = error.locations?.[0];
  const message = error.message.replace(/^Syntax Error: /, "syntax error: ");
  return new GeneratorError(
    message,
    {
      file: error.source?.name ?? file,
      ...(location ? { line: location.line, column: location.column } : {}),
    },
    { cause: error },
  );
}

/**
 * Every rule of the GraphQL specification but two: a fragment may be there for another file, and
 * a variable's use is checked in the document as written (see {@link checkDocuments}).
 */
const RULES = specifiedRules.filter(
  (rule) => rule !== NoUnusedFragmentsRule && rule !== NoUnusedVariablesRule,
);

/** What one schema makes of the documents declared for it. */
export interface SchemaDocuments {
  /** The documents as the schema's token is answered: silently dropped selections taken out. */
  typed: DocumentNode;
  /** The documents as written (their operations are sent as written, to every token). */
  written: DocumentNode;
  /** Each problem, without the schema's name (the caller adds it, once for all schemas alike). */
  errors: GeneratorError[];
  warnings: DocumentWarning[];
}

/**
 * Checks the documents declared for `name` against its schema. `peers` gives, per file, the
 * other schemas that file is declared for: a field `schema` lacks and a peer has is what the
 * production API drops for this schema's token without an error, so it is a warning (and left
 * out of this schema's types). A fragment on a type `schema` lacks fails the request in
 * production too, so it is an error, saying which peer has the type. Anything else invalid is an
 * error naming the file, line, column and schema.
 */
export function checkDocuments(
  name: string,
  schema: GraphQLSchema,
  files: readonly DocumentFile[],
  peers: (file: string) => readonly { name: string; schema: GraphQLSchema }[],
): SchemaDocuments {
  const written: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: files.flatMap((file) => file.document.definitions),
  };
  const warnings: DocumentWarning[] = [];
  const fileOf = (node: ASTNode) => node.loc?.source.name ?? "";
  const drop = (node: ASTNode, what: string, has: (peer: GraphQLSchema) => boolean) => {
    const having = peers(fileOf(node)).filter((peer) => has(peer.schema));
    if (having.length === 0) return false;
    const others = having.map((peer) => `"${peer.name}"`).join(", ");
    const problem = at(
      node,
      `${what} is not in schema "${name}" but is in ${others}: the production API drops it without an error for a token of "${name}", so that token gets less data than one of ${others}; the types for "${name}" leave it out (move it to a document declared for ${others} only, or add it to "${name}")`,
    );
    warnings.push(new DocumentWarning(problem.message, problem.location));
    return true;
  };
  // A fragment on a type the schema lacks is not dropped: the API refuses the whole request. When
  // another declared schema has the type, the error says so (and the fragment goes, so that
  // GraphQL's own "Unknown type" is not reported a second time).
  const refused: GeneratorError[] = [];
  const refuse = (node: ASTNode, type: string) => {
    const having = peers(fileOf(node)).filter((peer) => peer.schema.getType(type) !== undefined);
    if (having.length === 0) return false;
    const others = having.map((peer) => `"${peer.name}"`).join(", ");
    refused.push(
      at(
        node,
        `fragment on type ${type}, which schema "${name}" lacks and ${others} has: the production API answers a token of "${name}" with an error for it (it drops unknown fields silently, not fragments on unknown types); move it to a document declared for ${others} only`,
      ),
    );
    return true;
  };
  // Fragments on a type this schema lacks (and a peer has) go, with every spread of them.
  const droppedFragments = new Set<string>();
  const definitions = written.definitions.filter((definition) => {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) return true;
    const type = definition.typeCondition.name.value;
    if (schema.getType(type)) return true;
    const dropped = refuse(definition.typeCondition, type);
    if (dropped) droppedFragments.add(definition.name.value);
    return !dropped;
  });
  const emptied: GeneratorError[] = [];
  const emptiedBy = (node: FieldNode | OperationDefinitionNode, what: string) => {
    if (!node.selectionSet || node.selectionSet.selections.length > 0) return undefined;
    emptied.push(
      at(
        node,
        `${what} selects nothing schema "${name}" has once the fields it lacks are dropped: select at least one field it has here too, or declare the document for the other schemas only`,
      ),
    );
    return null;
  };
  const typeInfo = new TypeInfo(schema);
  const typed = visit(
    { kind: Kind.DOCUMENT, definitions },
    visitWithTypeInfo(typeInfo, {
      FragmentSpread: (node) => (droppedFragments.has(node.name.value) ? null : undefined),
      InlineFragment(node) {
        const type = node.typeCondition?.name.value;
        if (!type || schema.getType(type)) return undefined;
        return refuse(node, type) ? null : undefined;
      },
      Field: {
        enter(node) {
          const parent = typeInfo.getParentType();
          if (!parent || node.name.value.startsWith("__")) return undefined;
          if (!isObjectType(parent) && !isInterfaceType(parent)) return undefined;
          if (parent.getFields()[node.name.value]) return undefined;
          return drop(node, `field ${node.name.value} of type ${parent.name}`, (peer) => {
            const type = peer.getType(parent.name);
            return (
              (isObjectType(type) || isInterfaceType(type)) &&
              type.getFields()[node.name.value] !== undefined
            );
          })
            ? null
            : undefined;
        },
        // A field whose every selection was dropped selects nothing this schema has: an error
        // that says so, in place of GraphQL's about an empty selection nobody wrote.
        leave(node) {
          return emptiedBy(node, `field ${node.name.value}`);
        },
      },
      OperationDefinition: {
        leave(node) {
          return emptiedBy(node, `operation ${node.name?.value ?? ""}`);
        },
      },
    }),
  );
  const errors = [
    ...refused,
    ...emptied,
    ...validate(schema, typed, RULES).map((error) => located(error, "(document)")),
    // A variable used only in what was taken out above (a dropped field, a refused fragment) is
    // used as written: an unused-variable error there would be a second error for one cause.
    ...validate(schema, written, [NoUnusedVariablesRule]).map((error) =>
      located(error, "(document)"),
    ),
  ];
  return { typed, written, errors, warnings };
}

/** The operations of a document, in order. */
export function operationsOf(document: DocumentNode): OperationDefinitionNode[] {
  return document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
}

/**
 * The text an operation is sent as: the operation, then every fragment it spreads (directly or
 * through other fragments) in name order, with ignored characters stripped. It depends only on
 * the definitions, not on how the files were laid out, so the API's cache keys stay stable.
 */
export function operationText(
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): string {
  const used = new Set<string>();
  const walk = (node: ASTNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        const fragment = fragments.get(name);
        if (used.has(name) || !fragment) return;
        used.add(name);
        walk(fragment);
      },
    });
  walk(operation);
  const parts = [operation, ...[...used].sort().map((name) => fragments.get(name)!)];
  return parts.map((part) => compactPrint(part)).join(" ");
}

function compactPrint(node: ASTNode): string {
  // graphql's own printer, then its ignored-character stripper, which keeps string values intact.
  return stripIgnored(printNode(node));
}

/** The suffix of the stand-in field a text-returning directive's field is typed through. */
export const TEXT_SUFFIX = "_typewireText";

/**
 * The document the operations plugin types, and the fields to add to the schema for it: each leaf
 * field under a directive that returns text is renamed to a stand-in (`postDate_typewireText`,
 * aliased to the name the result has) whose type is `String` with the field's lists and nulls.
 */
export function withTextFields(
  schema: GraphQLSchema,
  document: DocumentNode,
): { document: DocumentNode; fields: Map<string, Set<string>> } {
  const fields = new Map<string, Set<string>>();
  const typeInfo = new TypeInfo(schema);
  const rewritten = visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node): FieldNode | undefined {
        const type = typeInfo.getType();
        const parent = typeInfo.getParentType();
        if (!type || !parent) return undefined;
        const leaf = getNamedType(type);
        if (!isLeafType(leaf)) return undefined;
        if (!node.directives?.some((d) => returnsText(d.name.value, leaf.name))) return undefined;
        const set = fields.get(parent.name) ?? new Set<string>();
        set.add(node.name.value);
        fields.set(parent.name, set);
        return {
          ...node,
          alias: node.alias ?? node.name,
          name: { ...node.name, value: `${node.name.value}${TEXT_SUFFIX}` },
        };
      },
    }),
  );
  return { document: rewritten, fields };
}
