/**
 * Formats digest bytes as the platform's signature string: `sha256=` and lowercase hex.
 *
 * @example
 * toSignature(new Uint8Array([0xab, 0x01])); // "sha256=ab01"
 */
export function toSignature(digest: Uint8Array): string {
  let hex = "sha256=";
  for (const byte of digest) hex += (byte < 16 ? "0" : "") + byte.toString(16);
  return hex;
}
