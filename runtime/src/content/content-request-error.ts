/** One entry of a GraphQL response's `errors` array. */
export interface GraphQLErrorEntry {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

/**
 * Why a content request failed: an HTTP failure (`status` set), a network failure (`status`
 * undefined, the cause attached), or GraphQL errors (`errors` set, and `data` holding whatever
 * part of the result the server still returned).
 *
 * @example
 * try {
 *   await client.request(q);
 * } catch (error) {
 *   if (error instanceof ContentRequestError) console.log(error.status, error.errors, error.data);
 * }
 */
export class ContentRequestError extends Error {
  override readonly name = "ContentRequestError";
  /** The HTTP status; undefined when no response arrived. */
  readonly status: number | undefined;
  /** The GraphQL `errors` of the response (empty when there were none). */
  readonly errors: readonly GraphQLErrorEntry[];
  /** The partial `data` of the response, or null. */
  readonly data: unknown;

  constructor(
    message: string,
    details: {
      status?: number | undefined;
      errors?: readonly GraphQLErrorEntry[];
      data?: unknown;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
    this.status = details.status;
    this.errors = details.errors ?? [];
    this.data = details.data ?? null;
  }
}
