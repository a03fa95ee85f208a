/** Why a body could not be read: over the size limit, or cut off by the client. */
export type WebBodyFailure = "too-large" | "aborted";

/**
 * Reads a `Request` body into one `Uint8Array`, cancelling the stream as soon as it passes
 * `limit` so the rest is never buffered.
 *
 * @example
 * const body = await readWebBody(request, 1024); // Uint8Array, "too-large" or "aborted"
 */
export async function readWebBody(
  request: Request,
  limit: number,
): Promise<Uint8Array | WebBodyFailure> {
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        reader.cancel().catch(() => undefined);
        return "too-large";
      }
      chunks.push(value);
    }
  } catch {
    return "aborted";
  }
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
