import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-error.js";

/**
 * Reads a request body up to `limit` bytes. A larger body (by `content-length` or by what
 * actually arrives) is a 413 before it is buffered, so a client cannot exhaust memory.
 *
 * @example
 * const text = await readBody(request, 1_048_576);
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body is larger than the limit of ${limit} bytes`, {
    connection: "close",
  });
}
