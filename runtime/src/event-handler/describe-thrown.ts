/**
 * Says what was thrown, in words, without ever throwing itself. Handlers can throw anything:
 * `null`, a symbol, a BigInt, a frozen error, an object whose `message` getter throws, a Proxy
 * whose every trap throws. Reading such a value carelessly (`error.message`, `instanceof`,
 * `String(error)`) throws again, in a place where nothing catches it any more. Every read here
 * is guarded, so the worst case is a fixed description.
 *
 * @example
 * describeThrown(new Error("boom")); // "boom"
 * describeThrown(null); // "null"
 * describeThrown(Symbol("x")); // "Symbol(x)"
 */
export function describeThrown(value: unknown): string {
  try {
    if (typeof value === "string") return value;
    if (value instanceof Error) {
      const message: unknown = value.message;
      if (typeof message === "string" && message !== "") return message;
      const name: unknown = value.name;
      return typeof name === "string" && name !== "" ? name : "an error without a message";
    }
    // String() rather than a template: a template literal throws on symbols.
    return String(value);
  } catch {
    return "a value that cannot be read";
  }
}

/**
 * {@link describeThrown} without a leading `[typewire] `: for a message that quotes an error
 * after its own prefix, so a line carries the prefix once.
 *
 * @example
 * `[typewire] relay: failed: ${describeCause(new Error("[typewire] bad"))}`; // "... failed: bad"
 */
export function describeCause(value: unknown): string {
  return withoutPrefix(describeThrown(value));
}

const PREFIX = "[typewire] ";

/**
 * `text` without a leading `[typewire] `, to quote after a line's own prefix.
 *
 * @example
 * withoutPrefix("[typewire] bad"); // "bad"
 */
export function withoutPrefix(text: string): string {
  return text.startsWith(PREFIX) ? text.slice(PREFIX.length) : text;
}
