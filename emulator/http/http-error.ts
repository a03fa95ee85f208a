/**
 * A request the server refuses before any GraphQL runs: wrong method, content type, size, token.
 * `status` is the HTTP status; the body is rendered by {@link import("./error-body.js").errorBody}.
 *
 * @example
 * throw new HttpError(413, "Request body is larger than 1048576 bytes");
 */
export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}
