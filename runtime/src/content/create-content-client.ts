import { ContentRequestError, type GraphQLErrorEntry } from "./content-request-error.js";
import { networkFailure } from "./network-failure.js";
import type { ContentDocument } from "./document.js";
import type { Query } from "./query.js";

/** How requests travel, as the content API's endpoint rules allow. Only `post-json` carries variables. */
export type Transport = "post-json" | "get" | "post-graphql";

export interface ContentClientOptions {
  /** The GraphQL endpoint URL. */
  endpoint: string | URL;
  /** A private schema's access token, sent as `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** `post-json` (default): JSON body; `get`: `query` URL parameter; `post-graphql`: raw document body. */
  transport?: Transport | undefined;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch | undefined;
  /** Extra headers for every request. */
  headers?: HeadersInit | undefined;
  /**
   * Milliseconds one request may take, from sending it to the end of the answer's body; past
   * it the request is aborted and rejects with a `ContentRequestError` that says so. Default:
   * no limit of the client's own.
   */
  timeoutMs?: number | undefined;
}

// biome-ignore lint/complexity/noBannedTypes: `{} extends V` asks whether every variable may be left out.
type VariablesArgument<V> = {} extends V ? [variables?: V] : [variables: V];

export interface ContentClient {
  /**
   * Sends a typed document generated from a `.graphql` file, as a query is sent; resolves its
   * `data`, typed by the operation. Variables the operation requires (non-null, no default) must
   * be given, and no others.
   */
  request<R, V>(
    document: ContentDocument<R, V>,
    ...variables: VariablesArgument<NoInfer<V>>
  ): Promise<R>;
  /** Sends a typed query; resolves its `data`, typed from the selection. */
  request<R, V>(query: Query<R, V>, ...variables: VariablesArgument<V>): Promise<R>;
  /** Sends a document written by hand; resolves its `data`. */
  request<R = unknown>(document: string, variables?: Record<string, unknown>): Promise<R>;
  /** Runs the health check `{ping}`; resolves `"pong"`. */
  ping(): Promise<"pong">;
}

/**
 * A client for a content GraphQL API. Every failure rejects with a `ContentRequestError`;
 * variables on a transport that cannot carry them reject with a `TypeError` before any request.
 *
 * @example
 * const client = createContentClient({ endpoint: "https://cms.example/api", token: process.env.CMS_TOKEN });
 * const data = await client.request(query({ posts: entries({ limit: 3 }, { title: true }) }));
 */
export function createContentClient(options: ContentClientOptions): ContentClient {
  const transport = options.transport ?? "post-json";
  const { timeoutMs } = options;
  if (timeoutMs !== undefined && !(typeof timeoutMs === "number" && timeoutMs > 0)) {
    throw new TypeError(
      `[typewire] createContentClient: options.timeoutMs must be a number of milliseconds > 0, got ${String(timeoutMs)}`,
    );
  }
  const send = async (
    document: string,
    variables: Record<string, unknown> | undefined,
    declared = 0,
  ) => {
    if (transport !== "post-json" && (declared || (variables && Object.keys(variables).length))) {
      throw new TypeError(
        `[typewire] variables can only be sent with the "post-json" transport, not "${transport}"`,
      );
    }
    const url = new URL(options.endpoint);
    const headers = new Headers(options.headers);
    headers.set("accept", "application/json");
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    const init: RequestInit = { method: "POST", headers };
    if (transport === "get") {
      init.method = "GET";
      url.searchParams.set("query", document);
    } else if (transport === "post-graphql") {
      headers.set("content-type", "application/graphql");
      init.body = document;
    } else {
      headers.set("content-type", "application/json");
      init.body = JSON.stringify(variables ? { query: document, variables } : { query: document });
    }
    // One signal per request, covering the body as well: a server that sends headers and then
    // stalls is as stuck as one that never answers.
    const signal = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
    if (signal) init.signal = signal;
    let response: Response;
    let text: string;
    try {
      response = await (options.fetch ?? fetch)(url, init);
      text = await response.text();
    } catch (cause) {
      const why = signal?.aborted
        ? `no complete answer within ${timeoutMs} ms (timeoutMs)`
        : networkFailure(cause, url);
      throw new ContentRequestError(
        `content request to ${url.origin}${url.pathname} failed: ${why}`,
        {
          cause,
        },
      );
    }
    const status = response.status;
    let body: { data?: unknown; errors?: GraphQLErrorEntry[]; message?: string } | undefined;
    try {
      body = JSON.parse(text);
    } catch {}
    const errors = Array.isArray(body?.errors) ? body.errors : [];
    const data = body?.data ?? null;
    const reason = errors.map((e) => e.message).join("; ") || body?.message || text.slice(0, 200);
    if (!response.ok)
      throw new ContentRequestError(`content API answered HTTP ${status}: ${reason}`, {
        status,
        errors,
        data,
      });
    if (errors.length)
      throw new ContentRequestError(`content API returned GraphQL errors: ${reason}`, {
        status,
        errors,
        data,
      });
    if (data === null)
      throw new ContentRequestError(`content API answered without data: ${reason}`, { status });
    return data;
  };
  return {
    request: ((
      query: Query<unknown, unknown> | ContentDocument<unknown, unknown> | string,
      variables?: Record<string, unknown>,
    ) =>
      typeof query === "string"
        ? send(query, variables)
        : send(query.document, variables, query.variables.length)) as ContentClient["request"],
    async ping() {
      const data = (await send("{ping}", undefined)) as { ping?: unknown };
      if (data.ping !== "pong")
        throw new ContentRequestError(
          `content API answered the health check with ${JSON.stringify(data.ping)}`,
        );
      return "pong";
    },
  };
}
