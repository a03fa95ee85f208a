/**
 * `value instanceof type` that cannot throw: a Proxy's `getPrototypeOf` trap may, and this runs
 * where a throw would go unanswered (in promise callbacks). Such a value is not an instance.
 *
 * @example
 * isInstance(new WebhookRequestError("bad", event), WebhookRequestError); // true
 */
export function isInstance(
  value: unknown,
  type: abstract new (...args: never[]) => unknown,
): boolean {
  try {
    return value instanceof type;
  } catch {
    return false;
  }
}
