/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkHeaders } from "../check-headers.js";
import { handleDelivery } from "../handle-delivery.js";
import { matchTarget } from "../match-target.js";
import { createDeadlineList } from "../deadline-list.js";
import {
  DEFAULT_MAX_BODY_BYTES_IN_FLIGHT,
  type MiddlewareOptions,
  resolveOptions,
} from "../middleware-options.js";
import type { MiddlewareWebhooks } from "../middleware-webhooks.js";
import { type Reply, errorReply } from "../reply.js";
import { type BodyBudget, type BodyFailure, readNodeBody } from "./read-node-body.js";
import { hasUnreadBody, isClosing, writeReply } from "./write-reply.js";

/** A node (or Express, Connect) middleware; resolves `true` when it answered. */
export type NodeMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => Promise<boolean>;

/** Fields body parsers and Express leave on the request. */
interface ParsedRequest extends IncomingMessage {
  rawBody?: unknown;
  body?: unknown;
  originalUrl?: string;
}

const NOT_HANDLED = Promise.resolve(false);
const HANDLED = Promise.resolve(true);
const CONSUMED_REPLY = errorReply(
  500,
  "The request body was already read by a body parser: mount the webhook middleware before body parsers such as express.json(), or keep the raw bytes in req.rawBody",
);
const ABORTED_REPLY = errorReply(400, "The request body was cut off before its end");
const CLOSING_REPLY = errorReply(
  503,
  "An earlier request on this connection was refused and the connection is closing: send this delivery again on a new connection",
);

/**
 * Creates the node middleware. Everything here works on node's own objects: no web `Request`
 * is built, the body stays one Buffer, and fixed answers are prepared once.
 *
 * @example
 * import { createServer } from "node:http";
 * const middleware = createNodeMiddleware(webhooks, { path: "/api/platform/webhooks" });
 * createServer(async (req, res) => {
 *   if (await middleware(req, res)) return;
 *   res.writeHead(404).end();
 * }).listen(3000);
 */
export function createNodeMiddleware(
  webhooks: MiddlewareWebhooks,
  options?: MiddlewareOptions,
): NodeMiddleware {
  const resolved = resolveOptions(webhooks, options, createDeadlineList);
  const maxBodySize = resolved.maxBodySize;
  const limit = options?.maxBodyBytesInFlight ?? DEFAULT_MAX_BODY_BYTES_IN_FLIGHT;
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new TypeError(
      `[typewire] middleware: options.maxBodyBytesInFlight must be a whole number of bytes, got ${limit}`,
    );
  }
  const budget: BodyBudget = { held: 0, limit };
  // The answer to each way reading a body can fail, made once.
  const bodyFailures: Record<BodyFailure, Reply> = {
    "too-large": tooLarge(maxBodySize),
    busy: errorReply(
      503,
      `The receiver already holds its limit of ${budget.limit} bytes of request bodies in flight (maxBodyBytesInFlight): send this delivery again later`,
    ),
    aborted: ABORTED_REPLY,
  };
  return (req, res, next) => {
    // Express rewrites `req.url` under a mount path (`app.use("/api", ...)`); `originalUrl`
    // keeps the full target, so `path` is always the full path.
    const target = (req as ParsedRequest).originalUrl ?? req.url ?? "";
    const match = matchTarget(target, resolved.path);
    if (match === "other") {
      if (next) next();
      return NOT_HANDLED;
    }
    // A request pipelined behind a refusal that closes the connection: its answer could never
    // be sent, so it must not run either (the platform sends it again on a new connection).
    if (isClosing(req)) return answer(req, res, CLOSING_REPLY, true);
    if (match === "invalid") {
      return answer(
        req,
        res,
        errorReply(400, `Request target cannot be parsed: ${JSON.stringify(target.slice(0, 200))}`),
        hasUnreadBody(req),
      );
    }
    if (req.method !== "POST") {
      return answer(
        req,
        res,
        errorReply(404, `Unknown route: ${req.method} ${resolved.path} (deliveries use POST)`),
        hasUnreadBody(req),
      );
    }
    const headers = req.headers;
    const signature = headers["x-hub-signature-256"] as string | undefined;
    const name = headers["x-platform-event"] as string | undefined;
    const id = headers["x-platform-delivery"] as string | undefined;
    const refused = checkHeaders({
      contentType: headers["content-type"],
      event: name,
      signature,
      delivery: id,
    });
    if (refused) return answer(req, res, refused, hasUnreadBody(req));
    const declared = headers["content-length"];
    if (declared !== undefined && Number(declared) > maxBodySize)
      return answer(req, res, bodyFailures["too-large"], true);
    const parsed = req as ParsedRequest;
    const early = parsed.rawBody ?? parsed.body;
    if (early !== undefined || req.readableDidRead || req.readableEnded) {
      const body = early instanceof Uint8Array || typeof early === "string" ? early : undefined;
      if (body) {
        const size = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
        if (size > maxBodySize) return answer(req, res, bodyFailures["too-large"]);
        return new Promise<boolean>((resolve) => {
          handleDelivery(
            webhooks,
            resolved,
            { id: id!, name: name!, payload: body, signature: signature! },
            (reply) => {
              writeReply(req, res, reply, false);
              resolve(true);
            },
          );
        });
      }
      // Frameworks and body parsers that skip a request often leave a placeholder such as `{}`
      // in req.body without touching the stream: its bytes are still all there to read.
      if (!isUnread(req)) return answer(req, res, CONSUMED_REPLY);
      // A paused stream does not start flowing when a "data" listener is added.
      if (req.readableFlowing === false) req.resume();
    }
    return new Promise<boolean>((resolve) => {
      readNodeBody(req, maxBodySize, budget, (body, failure) => {
        if (failure !== undefined) {
          writeReply(req, res, bodyFailures[failure], true);
          resolve(true);
          return;
        }
        handleDelivery(
          webhooks,
          resolved,
          { id: id!, name: name!, payload: body!, signature: signature! },
          (reply) => {
            writeReply(req, res, reply, false);
            resolve(true);
          },
        );
      });
    });
  };
}

/**
 * Whether nobody has taken a single byte of the request stream yet. `readableDidRead` turns
 * true with the first `read()` or "data" event, whoever made it. A stream already flowing has a
 * reader attached that takes the bytes as they come, so it counts as read. `complete` and
 * `readableLength` say nothing here: they describe what arrived, not what was taken.
 */
function isUnread(req: IncomingMessage): boolean {
  return (
    !req.readableDidRead && !req.readableEnded && !req.destroyed && req.readableFlowing !== true
  );
}

function tooLarge(limit: number): Reply {
  return errorReply(413, `Request body is larger than the ${limit}-byte limit (maxBodySize)`);
}

function answer(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  close = false,
): Promise<boolean> {
  writeReply(req, res, reply, close);
  return HANDLED;
}
