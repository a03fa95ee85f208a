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
import { type QueryLimits, checkQueryLimits } from "./limits/check-query-limits.js";
import { LimitError } from "./limits/limit-error.js";
import { queryNesting } from "./limits/query-nesting.js";

/** What production mode says instead of an internal error's message, as the real API does. */
export const GENERIC_ERROR = "Something went wrong when processing the GraphQL query.";

/** What graphql-js says when validation gives up on work that would grow without bound. */
const VALIDATION_ABORTED = "Validation aborted.";

/** How a query is executed: dev mode, and the limits checked before and while it runs. */
export interface ExecutionOptions extends QueryLimits {
  devMode: boolean;
  maxNestingDepth: number;
  maxQueryTokens: number;
}

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
 * Every bound comes first, cheapest first: the nesting of the text before it is parsed, the
 * token count while it is parsed, then depth, complexity and introspection size once it is
 * valid. While it runs, `context.budget` paces it and stops it at its time or answer size
 * limit; a request stopped so answers one error saying which limit it reached, never a partial
 * answer.
 *
 * @example
 * const body = await executeGraphQL(schema, { query: "{ping}", variables: undefined, operationName: undefined }, context, options);
 */
export async function executeGraphQL(
  schema: GraphQLSchema,
  params: GraphQLParams,
  context: QueryContext,
  options: ExecutionOptions,
): Promise<GraphQLResponse> {
  const { budget } = context;
  try {
    await budget.checkpoint();
    const tooDeep = queryNesting(params.query, options.maxNestingDepth, options.maxQueryTokens);
    if (tooDeep) {
      return {
        errors: [
          {
            message: `The query nests deeper than maxNestingDepth (${options.maxNestingDepth} levels of braces, parentheses and brackets) allows.`,
            locations: [tooDeep],
          },
        ],
      };
    }
    let document: DocumentNode;
    try {
      document = parse(params.query, { maxTokens: options.maxQueryTokens });
    } catch (error) {
      return { errors: [syntaxError(error as GraphQLError, options.maxQueryTokens)] };
    }
    if (!options.devMode) document = dropUnknownFields(schema, document);
    const errors = validate(schema, document, undefined, { maxErrors: 50 });
    if (errors.length > 0) return { errors: errors.map(validationError) };
    await budget.checkpoint();
    const variables = params.variables ?? {};
    const over = checkQueryLimits(
      schema,
      document,
      params.query,
      params.operationName,
      variables,
      options,
    );
    if (over.length > 0) return { errors: over.map((message) => ({ message })) };
    await budget.checkpoint();
    const execution = execute({
      schema,
      document,
      rootValue: ROOT,
      contextValue: context,
      variableValues: variables,
      operationName: params.operationName ?? null,
      fieldResolver: resolveField,
    }) as ExecutionResult | Promise<ExecutionResult>;
    // A request stopped at a limit never finishes executing: answer as soon as it stops.
    const result = await Promise.race([execution, budget.stopped]);
    if (result instanceof LimitError) return { errors: [{ message: result.message }] };
    if (budget.failure) return { errors: [{ message: budget.failure.message }] };
    const body: GraphQLResponse = {};
    if (result.errors) body.errors = result.errors.map((e) => format(e, options.devMode));
    if ("data" in result) body.data = result.data;
    return body;
  } catch (error) {
    // Past its time limit between two steps: the same single error as during execution.
    if (error instanceof LimitError) return { errors: [{ message: error.message }] };
    throw error;
  }
}

/** A syntax error as sent; graphql-js's own words for too many tokens name the setting instead. */
function syntaxError(error: GraphQLError, maxQueryTokens: number) {
  const formatted = format(error, true);
  if (!/Document contains more th(?:an|at) \d+ tokens/.test(error.message)) return formatted;
  return {
    ...formatted,
    message: `The query has more than maxQueryTokens (${maxQueryTokens}) tokens (names, punctuation and values); parsing stopped here.`,
  };
}

/** A validation error as sent; graphql-js's bare "Validation aborted." gets an explanation. */
function validationError(error: GraphQLError) {
  if (error.message !== VALIDATION_ABORTED) return format(error, true);
  return {
    message:
      "The query is too large to validate: it repeats fields or fragment spreads too many times (validation was stopped).",
  };
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
