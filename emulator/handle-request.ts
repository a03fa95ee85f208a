import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiSchemaDefinition } from "../site/site-model.js";
import { nextStatusChange } from "./content/status-changes.js";
import { executeGraphQL } from "./execute-graphql.js";
import { EXPLORER_PATH, answerExplorer, explorerTarget } from "./explorer-page.js";
import { CACHE_HEADER_NAME } from "./http/cache-header.js";
import { corsHeaders } from "./http/cors-headers.js";
import { errorBody } from "./http/error-body.js";
import { graphqlParams } from "./http/graphql-params.js";
import { HttpError } from "./http/http-error.js";
import { RequestBudget, tooLarge } from "./limits/request-budget.js";
import { NO_CACHE_HEADERS, describePreviewTokens, requestPreview } from "./preview-token.js";
import type { TurnShare } from "./limits/turn-share.js";
import type { Logger, RequestLogEntry } from "./logger.js";
import { ResultCache } from "./result-cache.js";
import { selectSchema } from "./select-schema.js";
import type { ServerConfig } from "./server-config.js";
import type { SiteStore } from "./site-store.js";

/** The header that says whether the body came from the result cache, as Node reads it. */
export const CACHE_HEADER = CACHE_HEADER_NAME.toLowerCase();

export interface RequestDeps {
  config: ServerConfig;
  store: SiteStore;
  cache: ResultCache;
  logger: Logger;
  now: () => Date;
  /** The event loop's turns, shared by the requests this server runs at once. */
  turns: TurnShare;
}

/**
 * Answers one HTTP request: the explorer page and its files (`/explorer`, `/`), or for the
 * endpoint: route, preview token, CORS preflight, method and content type, token, then the
 * GraphQL request (or each query of a batch, in order) through the result cache, within the
 * request's time and answer size budget. A request whose preview token shows a draft (or an
 * entry) is never answered from the cache nor stored in it, as in the CMS, and its answer says
 * so to browsers and proxies too. It never throws and never answers 5xx for anything a
 * client sends; an internal failure is logged and answered with a generic 500.
 *
 * @example
 * createServer((request, response) => void handleRequest(request, response, deps));
 */
export async function handleRequest(
  request: IncomingMessage,
  response: ServerResponse,
  deps: RequestDeps,
): Promise<void> {
  const cors = corsHeaders(
    typeof request.headers.origin === "string" ? request.headers.origin : undefined,
  );
  let budget: RequestBudget | undefined;
  // The request log: measured only when someone reads it, so a silent server pays nothing.
  const log = deps.logger.request;
  const arrived = log ? performance.now() : 0;
  let schema: string | undefined;
  let status = 500;
  let cache: RequestLogEntry["cache"];
  try {
    const url = new URL(request.url ?? "/", "http://emulator.invalid");
    const explorer = explorerTarget(url.pathname, deps.config.route);
    if (explorer !== undefined) {
      status = await answerExplorer(request, response, explorer, {
        route: deps.config.route,
        devMode: deps.config.devMode,
        caching: deps.config.enableGraphQlCaching,
        schemas: deps.config.schemas ?? deps.store.site.schemas,
        previewTokens: describePreviewTokens(deps.store.index),
        now: deps.now(),
      });
      return;
    }
    if (url.pathname.replace(/\/+$/, "") !== deps.config.route.replace(/\/+$/, "")) {
      throw new HttpError(
        404,
        `Not found: the endpoint is ${deps.config.route}; the explorer is at ${EXPLORER_PATH}`,
      );
    }
    const now = deps.now();
    // The CMS reads the token while routing, before the endpoint sees the request.
    const preview = requestPreview(url, request.headers["x-craft-token"], deps.store.index, now);
    if (request.method === "OPTIONS") {
      status = 200;
      send(response, 200, { ...cors, "content-length": "0" }, "");
      return;
    }
    if (!["GET", "HEAD", "POST"].includes(request.method ?? "")) {
      throw new HttpError(
        405,
        `Method ${request.method} is not allowed; use GET, POST or OPTIONS`,
        { allow: "GET, POST, OPTIONS" },
      );
    }
    const schemas: Record<string, ApiSchemaDefinition> =
      deps.config.schemas ?? deps.store.site.schemas;
    const selected = selectSchema(request.headers.authorization, schemas, now);
    schema = selected.handle;
    const { config, store } = deps;
    const { batch, operations } = await graphqlParams(request, url, config);
    // The request's time runs from here, once its body is in: what it bounds is the work.
    budget = new RequestBudget(config, deps.turns);
    // A preview shows what others must not see: its answers never touch the cache.
    const previewing = preview !== undefined && preview.placeholders.size > 0;
    const caching = config.enableGraphQlCaching && !previewing;
    // Entry statuses follow the clock: answers are cached for the period until the next change.
    const period = nextStatusChange(store.index.statusChanges, now);
    if (caching) deps.cache.enter(period);
    const context = {
      index: store.index,
      scope: selected.scope,
      now,
      budget,
      maxResults: config.maxGraphqlResults,
      preview,
    };
    const bodies: string[] = [];
    let size = batch ? 1 + operations.length : 0;
    let hits = 0;
    for (const params of operations) {
      const key = ResultCache.key(
        selected.handle,
        params.query,
        params.variables,
        params.operationName,
      );
      let body = caching ? deps.cache.get(key) : undefined;
      if (body !== undefined) hits++;
      else {
        const schema = store.schemaFor(selected.handle, selected.scope);
        const result = await executeGraphQL(schema, params, context, config);
        body = JSON.stringify(result);
        if (caching && result.errors === undefined) deps.cache.set(key, body, period);
      }
      // The exact size, for what the estimate made while answering could not see (escapes).
      size += Buffer.byteLength(body);
      if (size > config.maxResponseBytes) {
        body = JSON.stringify({ errors: [{ message: budget.fail(tooLarge(config)).message }] });
      }
      bodies.push(body);
    }
    const cacheState = !caching ? "BYPASS" : hits === operations.length ? "HIT" : "MISS";
    cache = cacheState;
    status = 200;
    send(
      response,
      200,
      { ...cors, ...json, ...(preview ? NO_CACHE_HEADERS : {}), [CACHE_HEADER]: cacheState },
      batch ? `[${bodies.join(",")}]` : bodies[0]!,
    );
  } catch (error) {
    if (error instanceof HttpError) {
      status = error.status;
      send(
        response,
        error.status,
        { ...cors, ...json, ...error.headers },
        errorBody(error.status, error.message),
      );
      return;
    }
    deps.logger.error(
      `internal error on ${request.method} ${request.url}: ${(error as Error)?.stack ?? String(error)}`,
    );
    send(response, 500, { ...cors, ...json }, errorBody(500, "Internal server error"));
  } finally {
    // Answered or refused: the request no longer takes a share of the event loop's turns.
    budget?.end();
    if (log) {
      const ms = performance.now() - arrived;
      const entry = {
        time: Date.now() - ms,
        method: request.method ?? "?",
        schema,
        status,
        cache,
        ms,
      };
      // The answer is already sent: a logger that throws must not turn it into anything else.
      try {
        log.call(deps.logger, entry);
      } catch {}
    }
  }
}

const json = { "content-type": "application/json; charset=utf-8" };

function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string,
): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
  response.end(body);
}
