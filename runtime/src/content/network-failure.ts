/** The part of a system error (`connect ECONNREFUSED ...`) the message is built from. */
interface Coded {
  code: string;
  message: string;
}

/**
 * Says in words why a request never got an answer, from what `fetch` rejected with. Node's
 * `fetch` rejects with a `TypeError("fetch failed")` whose `cause` holds the real reason (a
 * system error with a `code` such as `ECONNREFUSED`, sometimes an `AggregateError` of one per
 * address tried); this looks through `cause` and `errors` for the first coded error, and names
 * the code and the host. Never throws.
 *
 * @example
 * networkFailure(new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:4000"), { code: "ECONNREFUSED" }) }), new URL("http://127.0.0.1:4000/api"));
 * // "127.0.0.1:4000 refused the connection (ECONNREFUSED): nothing listens there"
 */
export function networkFailure(error: unknown, url: URL): string {
  const coded = findCoded(error, 0);
  const host = url.host;
  if (coded === undefined) return describe(error, host);
  const { code } = coded;
  switch (code) {
    case "ECONNREFUSED":
      return `${host} refused the connection (ECONNREFUSED): nothing listens there`;
    case "ENOTFOUND":
      return `the host name ${url.hostname} could not be resolved (ENOTFOUND): check the endpoint's spelling`;
    case "EAI_AGAIN":
      return `the host name ${url.hostname} could not be resolved (EAI_AGAIN): DNS did not answer in time`;
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
      return `connecting to ${host} timed out (${code})`;
    case "UND_ERR_HEADERS_TIMEOUT":
      return `${host} sent no response headers in time (${code})`;
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return `${host} closed the connection before answering (${code})`;
    default:
      return `${coded.message} (${code}, host ${host})`;
  }
}

/** The first error along `cause` and `errors` that has a string `code`; a few levels deep. */
function findCoded(error: unknown, depth: number): Coded | undefined {
  if (depth > 4 || error === null || typeof error !== "object") return undefined;
  try {
    const { code, message, cause, errors } = error as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && code !== "") {
      return { code, message: typeof message === "string" ? message : code };
    }
    const inCause = findCoded(cause, depth + 1);
    if (inCause !== undefined) return inCause;
    if (Array.isArray(errors)) {
      for (const each of errors) {
        const found = findCoded(each, depth + 1);
        if (found !== undefined) return found;
      }
    }
  } catch {
    // An error whose properties cannot be read has no code to offer.
  }
  return undefined;
}

/** The error's message, and its cause's when that adds something ("fetch failed: bad port"). */
function describe(error: unknown, host: string): string {
  try {
    if (error instanceof Error) {
      const cause: unknown = error.cause;
      const inner = cause instanceof Error && cause.message ? `: ${cause.message}` : "";
      return `${error.message || error.name}${inner} (host ${host})`;
    }
    return `${String(error)} (host ${host})`;
  } catch {
    return `an unreadable error (host ${host})`;
  }
}
