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

/**
 * Writes a reply unless the connection is gone. The body goes as a string so node sends it in
 * the same write as the headers; `close` ends a connection whose body was left unread.
 *
 * @example
 * writeReply(res, errorReply(415, "Unsupported content type"), hasUnreadBody(req));
 */
export function writeReply(res: ServerResponse, reply: Reply, close: boolean): void {
  if (res.headersSent || res.destroyed || !res.writable) return;
  res.writeHead(
    reply.status,
    close ? [...reply.headers, "connection", "close"] : (reply.headers as string[]),
  );
  res.end(reply.text);
}
