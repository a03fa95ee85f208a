/** The logger the middleware writes to: `debug` and `info` may do nothing. */
export interface MiddlewareLogger {
  debug(...args: unknown[]): unknown;
  info(...args: unknown[]): unknown;
  warn(...args: unknown[]): unknown;
  error(...args: unknown[]): unknown;
}

/** The event the middleware hands to `receive` once the signature checks out. */
export interface MiddlewareEvent {
  id: string;
  name: string;
  payload: Record<string, unknown>;
}

/**
 * What the middleware needs from a `Webhooks` instance, and nothing more: a check of the
 * signature over the exact body bytes, `receive` for the parsed event, and its logger. Keeping
 * it this narrow lets the adapters be tested and benchmarked without the whole event handler.
 */
export interface MiddlewareWebhooks {
  /**
   * Checks `signature` (`sha256=<hex>`) against the raw body bytes. May answer synchronously,
   * which the node adapter uses to skip a promise per request.
   */
  verifyBody(body: Uint8Array, signature: string): boolean | Promise<boolean>;
  /** Runs the handlers; rejects (with `.errors`) when any of them fails. */
  receive(event: MiddlewareEvent): Promise<void>;
  log?: MiddlewareLogger | undefined;
}
