/**
 * An error as it may be logged: the runtime's errors carry the delivery they are about
 * (`error.event`, its payload included), and a log must not hold a payload, which may carry
 * personal data and secrets. Returns the error itself when it carries no `event`; otherwise a
 * copy of the same class with every own property but `event` (message, stack, cause), whose
 * `errors` (an `AggregateError`'s) are copied the same way. Never throws.
 *
 * @example
 * log.error(line, withoutPayload(error)); // the stack and .errors, never error.event.payload
 */
export function withoutPayload(error: unknown, depth = 0): unknown {
  try {
    if (typeof error !== "object" || error === null || depth > 8) return error;
    const own = Object.getOwnPropertyNames(error);
    const errors = (error as { errors?: unknown }).errors;
    const nested = Array.isArray(errors) && errors.some((each) => hasEvent(each));
    if (!own.includes("event") && !nested) return error;
    const copy = Object.create(Object.getPrototypeOf(error)) as Record<string, unknown>;
    for (const key of own) {
      if (key === "event") continue;
      const descriptor = Object.getOwnPropertyDescriptor(error, key)!;
      if (key === "errors" && Array.isArray(descriptor.value)) {
        descriptor.value = descriptor.value.map((each: unknown) => withoutPayload(each, depth + 1));
      }
      Object.defineProperty(copy, key, descriptor);
    }
    return copy;
  } catch {
    return "an error that cannot be read";
  }
}

function hasEvent(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.hasOwn(value, "event");
}
