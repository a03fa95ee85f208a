/**
 * The HTTP status for a failed delivery: the error's own `status` when it is a valid 4xx/5xx
 * (a `WebhookRequestError` carries 400), else that of the first error in `.errors` that has
 * one (handler failures arrive aggregated), else 500. Never throws: a `status` or `errors`
 * getter that throws, or a Proxy, counts as having no status.
 *
 * @example
 * errorStatus(Object.assign(new Error("forbidden"), { status: 403 })); // 403
 * errorStatus(new AggregateError([new Error("boom")])); // 500
 */
export function errorStatus(error: unknown): number {
  const own = statusOf(error);
  if (own !== undefined) return own;
  try {
    const inner = (error as { errors?: unknown } | null)?.errors;
    if (Array.isArray(inner)) {
      for (const each of inner) {
        const status = statusOf(each);
        if (status !== undefined) return status;
      }
    }
  } catch {
    // An `errors` list that cannot be read has no status to offer.
  }
  return 500;
}

function statusOf(error: unknown): number | undefined {
  try {
    const status = (error as { status?: unknown } | null)?.status;
    return typeof status === "number" && Number.isInteger(status) && status >= 400 && status <= 599
      ? status
      : undefined;
  } catch {
    return undefined;
  }
}
