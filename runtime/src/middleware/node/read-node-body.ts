/// <reference types="node" />
import type { IncomingMessage } from "node:http";

/**
 * Why a body could not be read: over the size limit, over the budget of bytes in flight, or cut
 * off by the client.
 */
export type BodyFailure = "too-large" | "busy" | "aborted";

/** The bytes of bodies being read, shared by every request of one middleware. */
export interface BodyBudget {
  /** Bytes held now. */
  held: number;
  /** Most bytes held at once. */
  readonly limit: number;
}

const EMPTY = Buffer.alloc(0);

/**
 * Reads a request body into one Buffer without copying when it arrives in one chunk, and
 * stops keeping bytes as soon as it passes `limit` (the rest is discarded, never buffered), or
 * as soon as a chunk would take `budget` past its limit. The bytes it holds count in `budget`
 * until it calls `done`, exactly once.
 *
 * @example
 * const budget = { held: 0, limit: 100 * 1024 * 1024 };
 * readNodeBody(req, 1024, budget, (body, failure) => (failure ? reject(failure) : resolve(body)));
 */
export function readNodeBody(
  req: IncomingMessage,
  limit: number,
  budget: BodyBudget,
  done: (body: Buffer | undefined, failure: BodyFailure | undefined) => void,
): void {
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let size = 0;
  let settled = false;
  const settle = () => {
    settled = true;
    budget.held -= size;
    first = chunks = undefined;
  };
  req.on("data", (chunk: Buffer) => {
    if (settled) return;
    if (size + chunk.length > limit) {
      settle();
      done(undefined, "too-large");
      return;
    }
    if (budget.held + chunk.length > budget.limit) {
      settle();
      done(undefined, "busy");
      return;
    }
    size += chunk.length;
    budget.held += chunk.length;
    if (first === undefined) first = chunk;
    else if (chunks === undefined) chunks = [first, chunk];
    else chunks.push(chunk);
  });
  req.on("end", () => {
    if (settled) return;
    const body = chunks ? Buffer.concat(chunks, size) : (first ?? EMPTY);
    settle();
    done(body, undefined);
  });
  // A client that goes away mid-body makes node destroy the request with an "aborted" error.
  req.on("error", () => {
    if (settled) return;
    settle();
    done(undefined, "aborted");
  });
}
