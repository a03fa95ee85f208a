import type { MiddlewareWebhooks } from "../middleware/middleware-webhooks.js";
import {
  type WebMiddlewareOptions,
  createWebMiddleware,
} from "../middleware/web/create-web-middleware.js";

/**
 * The HTTP event a Lambda function receives from a function URL or an API Gateway HTTP API
 * (payload format 2.0), or from a REST API (payload format 1.0): the fields the handler reads.
 */
export interface LambdaHttpEvent {
  /** Format 2.0: the path, with the stage's name first on a named API Gateway stage. */
  rawPath?: string;
  /** Format 1.0: the path. */
  path?: string;
  /** Format 1.0: the method. */
  httpMethod?: string;
  headers?: Record<string, string | undefined> | null;
  body?: string | null;
  /** Whether `body` is base64: binary or non-text bodies arrive so. */
  isBase64Encoded?: boolean;
  requestContext?: { domainName?: string; http?: { method?: string } };
}

/** What the handler resolves: a function URL and both API Gateway formats read this shape. */
export interface LambdaHttpResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: false;
}

/** An async Lambda handler for HTTP events. */
export type LambdaHandler = (event: LambdaHttpEvent) => Promise<LambdaHttpResult>;

/**
 * Creates an AWS Lambda handler for deliveries arriving through a function URL or API Gateway.
 * It turns the event into a `Request` (decoding a base64 body), answers it with the web
 * middleware, and turns the `Response` back into the result Lambda expects, so it makes the
 * same decisions and replies as the other adapters. Needs no AWS package.
 *
 * @example
 * export const handler = createLambdaHandler(webhooks, { path: "/api/platform/webhooks" });
 */
export function createLambdaHandler(
  webhooks: MiddlewareWebhooks,
  options: WebMiddlewareOptions = {},
): LambdaHandler {
  const middleware = createWebMiddleware(webhooks, options);
  return async (event) => {
    const response = await middleware(toRequest(event));
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body: await response.text(),
      isBase64Encoded: false,
    };
  };
}

function toRequest(event: LambdaHttpEvent): Request {
  if (event === null || typeof event !== "object") {
    throw new TypeError("[typewire] Lambda handler: the event must be an HTTP event object");
  }
  const method = event.requestContext?.http?.method ?? event.httpMethod;
  const path = event.rawPath ?? event.path;
  if (typeof method !== "string" || typeof path !== "string") {
    throw new TypeError(
      "[typewire] Lambda handler: the event has no requestContext.http.method and rawPath (function URL, API Gateway HTTP API) nor httpMethod and path (API Gateway REST API)",
    );
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (typeof value === "string") headers.set(name, value);
  }
  const host = headers.get("host") ?? event.requestContext?.domainName ?? "localhost";
  const init: RequestInit = { method, headers };
  if (typeof event.body === "string" && method !== "GET" && method !== "HEAD") {
    init.body = event.isBase64Encoded ? fromBase64(event.body) : event.body;
  }
  return new Request(`https://${host}${path.startsWith("/") ? path : `/${path}`}`, init);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
