import type { IncomingMessage } from "node:http";
import { nestsDeeperThan } from "../limits/value-nesting.js";
import { HttpError } from "./http-error.js";
import { readBody } from "./read-body.js";

/** What a GraphQL request asks for, whatever the transport. */
export interface GraphQLParams {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/** One HTTP request's queries: one, or several sent as a batch (a JSON array). */
export interface GraphQLRequest {
  batch: boolean;
  operations: GraphQLParams[];
}

/** The limits that apply while the request is read. */
export interface ParamLimits {
  maxBodyBytes: number;
  maxNestingDepth: number;
  /** 0: any number of queries in a batch. */
  maxGraphqlBatchSize: number;
}

/**
 * Reads the GraphQL parameters the way the real endpoint accepts them: GET with `?query=`, POST
 * `application/json` with `query`, `variables` and `operationName` (or an array of such objects,
 * a batch, answered with an array), or POST `application/graphql` whose raw body is the query.
 * Anything else is an {@link HttpError} that says what is wrong, as are a batch larger than
 * `maxGraphqlBatchSize` and variables nested deeper than `maxNestingDepth`.
 *
 * @example
 * const { batch, operations } = await graphqlParams(request, url, { maxBodyBytes: 1_048_576, maxNestingDepth: 100, maxGraphqlBatchSize: 0 });
 */
export async function graphqlParams(
  request: IncomingMessage,
  url: URL,
  limits: ParamLimits,
): Promise<GraphQLRequest> {
  const single = (params: GraphQLParams): GraphQLRequest => ({
    batch: false,
    operations: [params],
  });
  const limit = limits.maxBodyBytes;
  if (request.method === "GET" || request.method === "HEAD") {
    const query = url.searchParams.get("query");
    if (query === null || query.trim() === "")
      throw new HttpError(400, 'Missing "query" URL parameter');
    // Variables travel only in a JSON body, as the spec says; a GET may still name its operation.
    return single({
      query,
      variables: undefined,
      operationName: url.searchParams.get("operationName") ?? undefined,
    });
  }
  if (request.method !== "POST") {
    throw new HttpError(405, `Method ${request.method} is not allowed; use GET, POST or OPTIONS`, {
      allow: "GET, POST, OPTIONS",
    });
  }
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/graphql") {
    const query = await readBody(request, limit);
    if (query.trim() === "")
      throw new HttpError(400, "The request body is empty; send a GraphQL query");
    return single({ query, variables: undefined, operationName: undefined });
  }
  if (type !== "application/json") {
    throw new HttpError(
      415,
      `Unsupported Content-Type ${type === "" ? "(none)" : `"${type}"`}; use application/json or application/graphql`,
    );
  }
  return jsonRequest(await readBody(request, limit), limits);
}

function jsonRequest(text: string, limits: ParamLimits): GraphQLRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(body)) return { batch: false, operations: [jsonParams(body, limits, "")] };
  if (body.length === 0) {
    throw new HttpError(400, 'The batch is empty: send an array of { "query": ... } objects');
  }
  const most = limits.maxGraphqlBatchSize;
  if (most > 0 && body.length > most) {
    throw new HttpError(
      400,
      `A batch may hold at most ${most} ${most === 1 ? "query" : "queries"} (maxGraphqlBatchSize); this one holds ${body.length}.`,
    );
  }
  return {
    batch: true,
    operations: body.map((item, index) => jsonParams(item, limits, `Batch item ${index}: `)),
  };
}

function jsonParams(body: unknown, limits: ParamLimits, where: string): GraphQLParams {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(
      400,
      `${where}The JSON body must be an object with a "query" string, or an array of them (a batch)`,
    );
  }
  const { query, operationName } = body as Record<string, unknown>;
  let { variables } = body as Record<string, unknown>;
  if (typeof query !== "string" || query.trim() === "") {
    throw new HttpError(400, `${where}The JSON body needs a non-empty "query" string`);
  }
  // Some clients send the variables as a JSON-encoded string; the real endpoint decodes it.
  if (typeof variables === "string" && variables.trim() !== "") {
    try {
      variables = JSON.parse(variables);
    } catch {
      throw new HttpError(400, `${where}"variables" is a string that is not valid JSON`);
    }
  } else if (variables === "") variables = undefined;
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== "object" || Array.isArray(variables))
  ) {
    throw new HttpError(400, `${where}"variables" must be an object`);
  }
  // Checked before anything walks them recursively (the cache key, variable coercion).
  if (nestsDeeperThan(variables, limits.maxNestingDepth)) {
    throw new HttpError(
      400,
      `${where}"variables" nest deeper than maxNestingDepth (${limits.maxNestingDepth} levels of arrays and objects) allows`,
    );
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string") {
    throw new HttpError(400, `${where}"operationName" must be a string`);
  }
  return {
    query,
    variables: (variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: operationName ?? undefined,
  };
}
