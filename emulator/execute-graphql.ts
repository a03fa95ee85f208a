import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  TypeInfo,
  execute,
  parse,
  validate,
  visit,
  visitWithTypeInfo,
} from "graphql";
import { ROOT, resolveField } from "./content/resolve-field.js";
import type { QueryContext } from "./content/query-context.js";
import type { GraphQLParams } from "./http/graphql-params.js";

/** What production mode says instead of an internal error's message, as the real API does. */
export const GENERIC_ERROR = "Something went wrong when processing the GraphQL query.";

/** A GraphQL response body: `data` and/or `errors` with `message` and `locations`. */
export interface GraphQLResponse {
  data?: unknown;
  errors?: {
    message: string;
    locations?: { line: number; column: number }[];
    path?: (string | number)[];
  }[];
}

/**
 * Parses, validates and executes one request. Syntax and validation errors come back as
 * `{errors:[{message, locations}]}` (the server answers them with status 200). In dev mode every
 * error is reported in full; with dev mode off, fields the schema does not have are dropped
 * before validation, as production does, and internal errors are reported generically.
 *
 * @example
 * const body = await executeGraphQL(schema, { query: "{ping}", variables: undefined, operationName: undefined }, context, true);
 */
export async function executeGraphQL(
  schema: GraphQLSchema,
  params: GraphQLParams,
  context: QueryContext,
  devMode: boolean,
): Promise<GraphQLResponse> {
  let document: DocumentNode;
  try {
    document = parse(params.query, { maxTokens: 20_000 });
  } catch (error) {
    return { errors: [format(error as GraphQLError, true)] };
  }
  if (!devMode) document = dropUnknownFields(schema, document);
  const errors = validate(schema, document, undefined, { maxErrors: 50 });
  if (errors.length > 0) return { errors: errors.map((e) => format(e, true)) };
  const result = (await execute({
    schema,
    document,
    rootValue: ROOT,
    contextValue: context,
    variableValues: params.variables ?? null,
    operationName: params.operationName ?? null,
    fieldResolver: resolveField,
  })) as ExecutionResult;
  const body: GraphQLResponse = {};
  if (result.errors) body.errors = result.errors.map((e) => format(e, devMode));
  if ("data" in result) body.data = result.data;
  return body;
}

function format(error: GraphQLError, full: boolean) {
  const original = error.originalError;
  const internal =
    original !== undefined &&
    !(original instanceof GraphQLError) &&
    !(original instanceof RangeError);
  const message = internal && !full ? GENERIC_ERROR : error.message;
  return {
    message,
    ...(error.locations
      ? { locations: error.locations.map(({ line, column }) => ({ line, column })) }
      : {}),
    ...(error.path ? { path: [...error.path] } : {}),
  };
}

/**
 * Removes every field selection the schema does not define, the production behaviour.
 *
 * @example
 * print(dropUnknownFields(schema, parse("{ entry { id nope } }"))); // "{ entry { id } }", formatted
 */
export function dropUnknownFields(schema: GraphQLSchema, document: DocumentNode): DocumentNode {
  const typeInfo = new TypeInfo(schema);
  return visit(
    document,
    visitWithTypeInfo(typeInfo, {
      [Kind.FIELD]: {
        enter(node) {
          if (node.name.value.startsWith("__")) return undefined;
          return typeInfo.getParentType() && !typeInfo.getFieldDef() ? null : undefined;
        },
      },
    }),
  );
}
