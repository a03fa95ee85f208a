import { ContentRequestError, type GraphQLErrorEntry } from "./content-request-error.js";
import { networkFailure } from "./network-failure.js";
import type { Query } from "./query.js";
import { type TypedDocumentNode, documentText } from "./typed-document.js";

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
  /**
   * A preview token for every request (see {@link RequestOptions.preview}); one request's
   * `preview` option replaces it, and `preview: false` sends that request without it.
   */
  preview?: string | undefined;
}

/** Options of one request. */
export interface RequestOptions {
  /**
   * A preview token (the CMS's draft and live-preview links carry one as `?token=`): sent in the
   * `X-Craft-Token` header, beside the schema's Bearer token, so the API answers with the draft
   * or unsaved changes it stands for. Such a request asks for no caching (`fetch`'s
   * `cache: "no-store"`): a preview answer must never be served to anyone else. `false` sends
   * the request without the client's own preview token; an empty string is no token.
   */
  preview?: string | false | undefined;
}

// biome-ignore lint/complexity/noBannedTypes: `{} extends V` asks whether every variable may be left out.
type RequestArguments<V> = {} extends V
  ? [variables?: V, options?: RequestOptions]
  : [variables: V, options?: RequestOptions];

export interface ContentClient {
  /**
   * Sends a typed document (a `TypedDocumentNode`, as `typewire generate` writes one per
   * operation of a `.graphql` file) as its printed text, `loc.source.body`; resolves its `data`,
   * typed by the operation. Variables the operation requires (non-null, no default) must be
   * given, and no others.
   */
  request<R, V>(
    document: TypedDocumentNode<R, V>,
    ...args: RequestArguments<NoInfer<V>>
  ): Promise<R>;
  /** Sends a typed query; resolves its `data`, typed from the selection. */
  request<R, V>(query: Query<R, V>, ...args: RequestArguments<V>): Promise<R>;
  /** Sends a document written by hand; resolves its `data`. */
  request<R = unknown>(
    document: string,
    variables?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<R>;
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
  checkPreview(options.preview, "options.preview");
  const send = async (
    document: string,
    variables: Record<string, unknown> | undefined,
    declared = 0,
    requestOptions: RequestOptions | undefined = undefined,
  ) => {
    checkPreview(requestOptions?.preview, "the request's preview option");
    const preview =
      requestOptions?.preview === undefined ? options.preview : requestOptions.preview || undefined;
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
    if (preview) {
      headers.set("x-craft-token", preview);
      init.cache = "no-store";
    }
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
      query: Query<unknown, unknown> | TypedDocumentNode | string,
      variables?: Record<string, unknown>,
      requestOptions?: RequestOptions,
    ) => {
      if (typeof query === "string") return send(query, variables, 0, requestOptions);
      if ("kind" in query) {
        // A TypeError for a document without text rejects the promise, as every failure does.
        try {
          const { text, declared } = documentText(query);
          return send(text, variables, declared, requestOptions);
        } catch (error) {
          return Promise.reject(error);
        }
      }
      return send(query.document, variables, query.variables.length, requestOptions);
    }) as ContentClient["request"],
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

/** A preview token is a string (`false` too, for one request); anything else is a mistake. */
function checkPreview(preview: unknown, where: string): void {
  if (preview === undefined || typeof preview === "string" || preview === false) return;
  throw new TypeError(
    `[typewire] ${where} must be a preview token (a string), got ${typeof preview}`,
  );
}
