const rawBodyHint =
  "pass the raw request body as received: re-serialised JSON (JSON.stringify(req.body)) has other bytes and never matches";

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value instanceof Uint8Array) return "a Uint8Array";
  return typeof value;
}

/**
 * Checks the secret of `sign`/`verify`: a non-empty string. Throws a `TypeError` naming the
 * function and what is wrong.
 *
 * @example
 * assertSecret("verify", ""); // throws: [typewire] verify: secret is required ...
 */
export function assertSecret(fn: string, secret: unknown): asserts secret is string {
  if (secret === undefined || secret === null || secret === "") {
    throw new TypeError(`[typewire] ${fn}: secret is required (a non-empty string)`);
  }
  if (typeof secret !== "string") {
    throw new TypeError(`[typewire] ${fn}: secret must be a string, got ${describe(secret)}`);
  }
}

/**
 * Checks a payload that must be the raw body as a string.
 *
 * @example
 * assertStringPayload("sign", { action: "opened" }); // throws, telling to pass the raw body
 */
export function assertStringPayload(fn: string, payload: unknown): asserts payload is string {
  if (payload === undefined || payload === null) {
    throw new TypeError(`[typewire] ${fn}: payload is required (the raw request body string)`);
  }
  if (typeof payload !== "string") {
    throw new TypeError(
      `[typewire] ${fn}: payload must be a string, got ${describe(payload)}: ${rawBodyHint}`,
    );
  }
}

/**
 * Checks a payload that must be the raw body as bytes.
 *
 * @example
 * assertBytesPayload("verifyBytes", "text"); // throws: payload must be a Uint8Array
 */
export function assertBytesPayload(fn: string, payload: unknown): asserts payload is Uint8Array {
  if (payload === undefined || payload === null) {
    throw new TypeError(`[typewire] ${fn}: payload is required (the raw request body bytes)`);
  }
  if (!(payload instanceof Uint8Array)) {
    throw new TypeError(
      `[typewire] ${fn}: payload must be a Uint8Array, got ${describe(payload)}: ${rawBodyHint}`,
    );
  }
}

/**
 * Checks the signature argument: present and a string. Malformed strings are not errors; they
 * make `verify` return `false`.
 *
 * @example
 * assertSignature("verify", undefined); // throws: signature is required
 */
export function assertSignature(fn: string, signature: unknown): asserts signature is string {
  if (signature === undefined || signature === null) {
    throw new TypeError(
      `[typewire] ${fn}: signature is required (the x-hub-signature-256 header value)`,
    );
  }
  if (typeof signature !== "string") {
    throw new TypeError(`[typewire] ${fn}: signature must be a string, got ${describe(signature)}`);
  }
}

/**
 * Normalises `secret | secrets[]` into a non-empty list, primary first, checking each entry.
 *
 * @example
 * toSecretList("verify", ["new", "old"]); // ["new", "old"]
 */
export function toSecretList(fn: string, secret: unknown): readonly string[] {
  if (Array.isArray(secret)) {
    if (secret.length === 0) {
      throw new TypeError(`[typewire] ${fn}: secret is required (got an empty list of secrets)`);
    }
    for (const entry of secret) assertSecret(fn, entry);
    return secret as readonly string[];
  }
  assertSecret(fn, secret);
  return [secret];
}
