import { checkHeaders } from "../check-headers.js";
import { handleDelivery } from "../handle-delivery.js";
import { type MiddlewareOptions, resolveOptions, trimPath } from "../middleware-options.js";
import type { MiddlewareWebhooks } from "../middleware-webhooks.js";
import { type Reply, errorReply } from "../reply.js";
import { readWebBody } from "./read-web-body.js";

/** Options of `createWebMiddleware`: the shared ones, plus what to do with other paths. */
export interface WebMiddlewareOptions extends MiddlewareOptions {
  /**
   * Answers requests for any other path, so a router can fall through to its own routes.
   * Default: a 404 `{"error": "Unknown route: METHOD /path"}`.
   */
  onUnhandledRequest?: (request: Request) => Response | Promise<Response>;
}

/** A fetch-style handler: `Request` in, `Response` out. */
export type WebMiddleware = (request: Request) => Promise<Response>;

/**
 * Creates the web-standard middleware for serverless and edge runtimes. It makes the same
 * decisions as the node adapter (same path matching, header checks and replies).
 *
 * @example
 * const middleware = createWebMiddleware(webhooks, { path: "/api/platform/webhooks" });
 * export default { fetch: middleware };
 */
export function createWebMiddleware(
  webhooks: MiddlewareWebhooks,
  options: WebMiddlewareOptions = {},
): WebMiddleware {
  // One timer per request, cleared when the handlers finish: no list to keep between requests.
  const resolved = resolveOptions(webhooks, options, (timeout) => ({
    add: (expire: () => void) => setTimeout(expire, timeout),
    remove: clearTimeout,
  }));
  const { onUnhandledRequest } = options;
  if (onUnhandledRequest !== undefined && typeof onUnhandledRequest !== "function") {
    throw new TypeError("[typewire] middleware: options.onUnhandledRequest must be a function");
  }
  return async (request) => {
    const url = new URL(request.url);
    const isHead = request.method === "HEAD";
    // A URL's pathname has its dot segments resolved already (as matchTarget resolves them for
    // the node middleware): only trailing slashes are left to ignore.
    if (trimPath(url.pathname) !== resolved.path) {
      if (onUnhandledRequest) return onUnhandledRequest(request);
      return toResponse(
        errorReply(404, `Unknown route: ${request.method} ${url.pathname}`),
        isHead,
      );
    }
    if (request.method !== "POST") {
      return toResponse(
        errorReply(404, `Unknown route: ${request.method} ${resolved.path} (deliveries use POST)`),
        isHead,
      );
    }
    const headers = request.headers;
    const name = headers.get("x-platform-event") ?? undefined;
    const signature = headers.get("x-hub-signature-256") ?? undefined;
    const id = headers.get("x-platform-delivery") ?? undefined;
    const refused = checkHeaders({
      contentType: headers.get("content-type") ?? undefined,
      event: name,
      signature,
      delivery: id,
    });
    if (refused) return toResponse(refused, false);
    const declared = headers.get("content-length");
    if (declared !== null && Number(declared) > resolved.maxBodySize)
      return toResponse(tooLarge(resolved.maxBodySize), false);
    if (request.bodyUsed) {
      return toResponse(
        errorReply(
          500,
          "The request body was already read: pass the Request to the middleware before reading it",
        ),
        false,
      );
    }
    const body = await readWebBody(request, resolved.maxBodySize);
    if (body === "too-large") return toResponse(tooLarge(resolved.maxBodySize), false);
    if (body === "aborted")
      return toResponse(errorReply(400, "The request body was cut off before its end"), false);
    const reply = await new Promise<Reply>((resolve) => {
      handleDelivery(
        webhooks,
        resolved,
        { id: id!, name: name!, payload: body, signature: signature! },
        resolve,
      );
    });
    return toResponse(reply, false);
  };
}

function tooLarge(limit: number): Reply {
  return errorReply(413, `Request body is larger than the ${limit}-byte limit (maxBodySize)`);
}

function toResponse(reply: Reply, head: boolean): Response {
  // A reply's headers are content-type and content-length, flat: [name, value, name, value].
  const [typeName, type, lengthName, length] = reply.headers as [string, string, string, string];
  return new Response(head ? null : (reply.body as Uint8Array<ArrayBuffer>), {
    status: reply.status,
    headers: { [typeName]: type, [lengthName]: length },
  });
}
