import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  getOperationAST,
} from "graphql";
import { introspectionItems } from "./introspection-items.js";
import { queryComplexity } from "./query-complexity.js";
import { queryDepth } from "./query-depth.js";

/** The limits checked on a query before it runs; 0 turns the real API's two off. */
export interface QueryLimits {
  maxGraphqlDepth: number;
  maxGraphqlComplexity: number;
  maxIntrospectionItems: number;
}

/**
 * Checks a valid query against the limits that can be known before it runs, and returns the
 * messages of those it is over (none: an empty list). Depth and complexity follow the real API:
 * off at 0, and not applied to a query whose text mentions `__schema` or `__type` (the real
 * API's test for an introspection query, which `__typename` also passes). The introspection
 * bound is the emulator's own and applies to every query.
 *
 * @example
 * checkQueryLimits(schema, document, query, undefined, {}, { maxGraphqlDepth: 5, maxGraphqlComplexity: 0, maxIntrospectionItems: 100_000 });
 */
export function checkQueryLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  query: string,
  operationName: string | undefined,
  variables: Record<string, unknown>,
  limits: QueryLimits,
): string[] {
  const operation = getOperationAST(document, operationName);
  // No single operation to run: execution reports that, with the real message.
  if (!operation) return [];
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const { selectionSet } = operation;
  const messages: string[] = [];
  const introspection = query.includes("__schema") || query.includes("__type");
  if (limits.maxGraphqlDepth > 0 && !introspection) {
    const depth = queryDepth(selectionSet, fragments);
    if (depth > limits.maxGraphqlDepth) {
      messages.push(
        `The query is ${depth} levels deep, more than maxGraphqlDepth (${limits.maxGraphqlDepth}) allows.`,
      );
    }
  }
  if (limits.maxGraphqlComplexity > 0 && !introspection) {
    const complexity = queryComplexity(schema, selectionSet, fragments, variables);
    if (complexity > limits.maxGraphqlComplexity) {
      messages.push(
        `The query's complexity is ${complexity}, more than maxGraphqlComplexity (${limits.maxGraphqlComplexity}) allows.`,
      );
    }
  }
  const items = introspectionItems(
    schema,
    selectionSet,
    fragments,
    variables,
    limits.maxIntrospectionItems,
  );
  if (items > limits.maxIntrospectionItems) {
    messages.push(
      `The introspection fields of this query would answer more than maxIntrospectionItems (${limits.maxIntrospectionItems}) values; ask for fewer fields or less nesting, or raise the setting for a large schema.`,
    );
  }
  return messages;
}
