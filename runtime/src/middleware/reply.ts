/** One middleware answer: status, JSON body bytes and the headers both adapters send. */
export interface Reply {
  readonly status: number;
  /** The JSON text. Node writes it as a string: headers and body then leave in one write. */
  readonly text: string;
  /** UTF-8 JSON bytes; `content-length` is their count, not the string length. */
  readonly body: Uint8Array;
  /** Flat `[name, value, ...]` pairs, the form node's `writeHead` takes without copying. */
  readonly headers: readonly string[];
}

const encoder = new TextEncoder();

/**
 * Builds a JSON reply once, so fixed answers cost nothing per request.
 *
 * @example
 * jsonReply(200, { ok: true }).headers; // ["content-type", "application/json; charset=utf-8", "content-length", "11"]
 */
export function jsonReply(status: number, value: unknown): Reply {
  const text = JSON.stringify(value);
  const body = encoder.encode(text);
  return {
    status,
    text,
    body,
    headers: [
      "content-type",
      "application/json; charset=utf-8",
      "content-length",
      String(body.byteLength),
    ],
  };
}

/**
 * Builds the `{"error": message}` reply every failure uses.
 *
 * @example
 * errorReply(415, "Unsupported content type").status; // 415
 */
export function errorReply(status: number, message: string): Reply {
  return jsonReply(status, { error: message });
}

export const OK_REPLY = jsonReply(200, { ok: true });
