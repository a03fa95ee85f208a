import {
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLIncludeDirective,
  type GraphQLNamedType,
  type GraphQLSchema,
  GraphQLSkipDirective,
  Kind,
  type SelectionSetNode,
  getDirectiveValues,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
} from "graphql";
import { INTERFACE_NAMES } from "../../site/api-tables.js";

/** The real API's weights: a plain field, a field that runs a query, one that eager-loads. */
export const COMPLEXITY = { field: 1, query: 10, eagerLoad: 25, relatedTo: 10 } as const;

const elementInterfaces = new Set(Object.values(INTERFACE_NAMES));

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  known: Map<string, number>;
}

/**
 * The complexity of a query as the real API weighs it (`maxGraphqlComplexity`): every field
 * costs 1 plus what its selection costs, except that a top-level element query costs 10 instead
 * of 1, a field that loads related elements (relation fields, `children`, `parent`, an entry's
 * `author`, matrix blocks) 25, `sectionHandle` and `typeHandle` 10, and each `relatedTo...`
 * argument given 10 more. Fields left out by `@skip`/`@include` cost nothing; a fragment costs
 * what its fields cost each time it is spread (computed once).
 *
 * @example
 * queryComplexity(schema, operation.selectionSet, fragments, {}); // 11 for { entries { id } }
 */
export function queryComplexity(
  schema: GraphQLSchema,
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  const root = schema.getQueryType();
  if (!root) return 0;
  return costOf(selectionSet, root, { schema, fragments, variables, known: new Map() });
}

function costOf(selectionSet: SelectionSetNode, parent: GraphQLNamedType, walk: Walk): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (!included(selection, walk.variables)) continue;
    if (selection.kind === Kind.FIELD) {
      total += fieldCost(selection, parent, walk);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition
        ? walk.schema.getType(selection.typeCondition.name.value)
        : parent;
      if (type) total += costOf(selection.selectionSet, type, walk);
    } else {
      const name = selection.name.value;
      let cost = walk.known.get(name);
      if (cost === undefined) {
        // Validation has already refused fragment cycles, so this recursion ends.
        const fragment = walk.fragments[name];
        const type = fragment && walk.schema.getType(fragment.typeCondition.name.value);
        cost = fragment && type ? costOf(fragment.selectionSet, type, walk) : 0;
        walk.known.set(name, cost);
      }
      total += cost;
    }
  }
  return total;
}

function fieldCost(node: FieldNode, parent: GraphQLNamedType, walk: Walk): number {
  const name = node.name.value;
  const fields = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields() : {};
  const definition = fields[name];
  const type = definition ? getNamedType(definition.type) : undefined;
  const children = node.selectionSet && type ? costOf(node.selectionSet, type, walk) : 0;
  const relatedTo =
    COMPLEXITY.relatedTo *
    (node.arguments ?? []).filter((argument) => argument.name.value.startsWith("relatedTo")).length;
  if (definition && type && isElementType(type)) {
    if (parent === walk.schema.getQueryType()) {
      // A list query is priced with its relatedTo arguments; a single element is one query.
      const list = isListType(getNullableType(definition.type));
      return children + COMPLEXITY.query + (list ? relatedTo : 0);
    }
    return children + COMPLEXITY.eagerLoad + relatedTo;
  }
  if ((name === "sectionHandle" || name === "typeHandle") && isEntryType(parent)) {
    return children + COMPLEXITY.query;
  }
  return children + COMPLEXITY.field;
}

function isElementType(type: GraphQLNamedType): boolean {
  if (isInterfaceType(type)) return elementInterfaces.has(type.name);
  return isObjectType(type) && type.getInterfaces().some((i) => elementInterfaces.has(i.name));
}

function isEntryType(type: GraphQLNamedType): boolean {
  const entry = INTERFACE_NAMES.entry;
  if (isInterfaceType(type)) return type.name === entry;
  return isObjectType(type) && type.getInterfaces().some((i) => i.name === entry);
}

function included(
  node: { readonly directives?: readonly DirectiveNode[] | undefined },
  variables: Record<string, unknown>,
): boolean {
  if (!node.directives?.length) return true;
  const skip = getDirectiveValues(GraphQLSkipDirective, node, variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, variables);
  return include?.if !== false;
}
