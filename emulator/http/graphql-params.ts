import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error.js";
import { readBody } from "./read-body.js";

/** What a GraphQL request asks for, whatever the transport. */
export interface GraphQLParams {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/**
 * Reads the GraphQL parameters the way the real endpoint accepts them: GET with `?query=`, POST
 * `application/json` with `query`, `variables` and `operationName`, or POST `application/graphql`
 * whose raw body is the query. Anything else is an {@link HttpError} that says what is wrong.
 *
 * @example
 * const { query, variables } = await graphqlParams(request, url, 1_048_576);
 */
export async function graphqlParams(
  request: IncomingMessage,
  url: URL,
  limit: number,
): Promise<GraphQLParams> {
  if (request.method === "GET" || request.method === "HEAD") {
    const query = url.searchParams.get("query");
    if (query === null || query.trim() === "")
      throw new HttpError(400, 'Missing "query" URL parameter');
    // Variables travel only in a JSON body, as the spec says; a GET may still name its operation.
    return {
      query,
      variables: undefined,
      operationName: url.searchParams.get("operationName") ?? undefined,
    };
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
    return { query, variables: undefined, operationName: undefined };
  }
  if (type !== "application/json") {
    throw new HttpError(
      415,
      `Unsupported Content-Type ${type === "" ? "(none)" : `"${type}"`}; use application/json or application/graphql`,
    );
  }
  return jsonParams(await readBody(request, limit));
}

function jsonParams(text: string): GraphQLParams {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The JSON body must be an object with a "query" string');
  }
  const { query, operationName } = body as Record<string, unknown>;
  let { variables } = body as Record<string, unknown>;
  if (typeof query !== "string" || query.trim() === "") {
    throw new HttpError(400, 'The JSON body needs a non-empty "query" string');
  }
  // Some clients send the variables as a JSON-encoded string; the real endpoint decodes it.
  if (typeof variables === "string" && variables.trim() !== "") {
    try {
      variables = JSON.parse(variables);
    } catch {
      throw new HttpError(400, '"variables" is a string that is not valid JSON');
    }
  } else if (variables === "") variables = undefined;
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== "object" || Array.isArray(variables))
  ) {
    throw new HttpError(400, '"variables" must be an object');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string") {
    throw new HttpError(400, '"operationName" must be a string');
  }
  return {
    query,
    variables: (variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: operationName ?? undefined,
  };
}
