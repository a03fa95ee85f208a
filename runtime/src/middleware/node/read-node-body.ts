/// <reference types="node" />
import type { IncomingMessage } from "node:http";

/** Why a body could not be read: over the size limit, or cut off by the client. */
export type BodyFailure = "too-large" | "aborted";

const EMPTY = Buffer.alloc(0);

/**
 * Reads a request body into one Buffer without copying when it arrives in one chunk, and
 * stops keeping bytes as soon as it passes `limit` (the rest is discarded, never buffered).
 * Calls `done` exactly once.
 *
 * @example
 * readNodeBody(req, 1024, (body, failure) => (failure ? reject(failure) : resolve(body)));
 */
export function readNodeBody(
  req: IncomingMessage,
  limit: number,
  done: (body: Buffer | undefined, failure: BodyFailure | undefined) => void,
): void {
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let size = 0;
  let settled = false;
  req.on("data", (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size > limit) {
      settled = true;
      first = chunks = undefined;
      done(undefined, "too-large");
    } else if (first === undefined) first = chunk;
    else if (chunks === undefined) chunks = [first, chunk];
    else chunks.push(chunk);
  });
  req.on("end", () => {
    if (settled) return;
    settled = true;
    done(chunks ? Buffer.concat(chunks, size) : (first ?? EMPTY), undefined);
  });
  // A client that goes away mid-body makes node destroy the request with an "aborted" error.
  req.on("error", () => {
    if (settled) return;
    settled = true;
    first = chunks = undefined;
    done(undefined, "aborted");
  });
}
