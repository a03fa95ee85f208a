const prefix = "sha256=";
const signatureLength = prefix.length + 64;

/**
 * Decodes a `sha256=<64 lowercase hex>` signature into its 32 digest bytes, or returns
 * `undefined` for anything else. Uppercase hex, a missing or different prefix, a short or long
 * string and stray characters are all rejected, so callers never compare malformed input.
 * `into` lets a synchronous caller reuse one buffer instead of allocating per call.
 *
 * @example
 * parseSignature("sha256=" + "ab".repeat(32)); // Uint8Array(32) [171, 171, ...]
 * parseSignature("sha1=abc"); // undefined
 */
export function parseSignature(
  signature: string,
  into: Uint8Array = new Uint8Array(32),
): Uint8Array | undefined {
  if (signature.length !== signatureLength || !signature.startsWith(prefix)) return undefined;
  const bytes = into;
  for (let i = 0; i < 32; i++) {
    const high = hexValue(signature.charCodeAt(prefix.length + 2 * i));
    const low = hexValue(signature.charCodeAt(prefix.length + 2 * i + 1));
    if (high < 0 || low < 0) return undefined;
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

// Lowercase only: the platform always sends lowercase, and accepting two spellings of the same
// signature would make `verify` more permissive than `sign`.
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}
