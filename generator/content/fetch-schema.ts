import { type GraphQLSchema, getIntrospectionQuery } from "graphql";
import { GeneratorError } from "../../input/errors.js";
import { messageOf } from "./error-message.js";
import { schemaFromIntrospection } from "./introspection-result.js";

export interface FetchSchemaOptions {
  /** Sent as `Authorization: Bearer <token>`; without it the endpoint answers with its public schema. */
  token?: string | undefined;
  /** Give up after this long. Default 30 seconds. */
  timeoutMs?: number | undefined;
  fetch?: typeof fetch;
}

/**
 * Sends the standard introspection query to a content API endpoint (POST, JSON body) and builds
 * the schema it answers with. Errors name the endpoint: unreachable, a non-2xx status with the
 * message from the body, a body that is not JSON, GraphQL errors, or data without `__schema`.
 *
 * @example
 * const schema = await fetchSchema("http://127.0.0.1:4000/api", { token: process.env.CMS_TOKEN });
 */
export async function fetchSchema(
  endpoint: string,
  options: FetchSchemaOptions = {},
): Promise<GraphQLSchema> {
  const where = { file: endpoint };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new GeneratorError("not a valid URL", where);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new GeneratorError("the endpoint must be an http or https URL", where);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ query: getIntrospectionQuery() }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (error) {
    throw new GeneratorError(`cannot reach the endpoint: ${describeNetworkError(error)}`, where, {
      cause: error,
    });
  }
  const text = await response.text().catch(() => "");
  const body = parseJson(text);
  if (!response.ok) {
    const message = messageOf(body) ?? snippet(text);
    throw new GeneratorError(
      `the endpoint answered ${response.status} ${response.statusText}`.trimEnd() +
        (message ? `: ${message}` : ""),
      where,
    );
  }
  if (body === undefined) {
    const type = response.headers.get("content-type") ?? "no content type";
    throw new GeneratorError(
      `the endpoint did not answer with JSON (${type}): ${snippet(text) || "empty body"}`,
      where,
    );
  }
  return schemaFromIntrospection(body, where.file);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}...` : flat;
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "no answer in time";
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === "ECONNREFUSED") return "connection refused (is the server running?)";
  if (cause?.code === "ENOTFOUND") return "host not found";
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}
