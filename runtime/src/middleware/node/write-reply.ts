/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Reply } from "../reply.js";

/**
 * A refused request's body is never read; closing the connection after the answer spares
 * reading (possibly megabytes of) it just to keep the connection for the next request.
 *
 * @example
 * hasUnreadBody(req); // true for a POST with content-length 10 that nobody read
 */
export function hasUnreadBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (
    !req.readableEnded &&
    (req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0"))
  );
}

/** Connections answered with `connection: close`: whatever else the client sent on them is dropped. */
const closingConnections = new WeakSet<object>();

/**
 * Whether an earlier request on the same connection was refused with `connection: close`. Node
 * still parses requests that a client pipelined behind the refused one and hands them over, but
 * their answers can never be sent: the connection ends after the refusal's answer. Running their
 * handlers would act on deliveries the platform is told nothing about, and so sends again.
 *
 * @example
 * if (isClosing(req)) return; // a pipelined request behind a refusal: never run
 */
export function isClosing(req: IncomingMessage): boolean {
  return closingConnections.has(req.socket);
}

/**
 * Writes a reply unless the connection is gone. The body goes as a string so node sends it in
 * the same write as the headers; `close` ends a connection whose body was left unread, and marks
 * it so nothing more read from it runs (see {@link isClosing}).
 *
 * @example
 * writeReply(req, res, errorReply(415, "Unsupported content type"), hasUnreadBody(req));
 */
export function writeReply(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  close: boolean,
): void {
  if (close) closingConnections.add(req.socket);
  if (res.headersSent || res.destroyed || !res.writable) return;
  res.writeHead(
    reply.status,
    close ? [...reply.headers, "connection", "close"] : (reply.headers as string[]),
  );
  res.end(reply.text);
}
