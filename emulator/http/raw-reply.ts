import { corsHeaders } from "./cors-headers.js";
import { errorBody } from "./error-body.js";

const reasons: Record<number, string> = {
  400: "Bad Request",
  405: "Method Not Allowed",
  431: "Request Header Fields Too Large",
};

/**
 * A whole HTTP/1.1 response as text, for the requests node's HTTP server never hands to the
 * request handler (a CONNECT, or a method its parser does not know): the answer is written on
 * the socket directly, and the connection closes after it.
 *
 * @example
 * socket.end(rawReply(405, "Method CONNECT is not allowed; use GET, POST or OPTIONS", { allow: "GET, POST, OPTIONS" }));
 */
export function rawReply(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): string {
  const body = errorBody(status, message);
  const lines = Object.entries({
    ...corsHeaders(undefined),
    "content-type": "application/json; charset=utf-8",
    ...headers,
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${reasons[status] ?? "Error"}\r\n${lines.join("")}\r\n${body}`;
}
