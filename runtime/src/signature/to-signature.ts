const hexDigits = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/**
 * Formats digest bytes as the platform's signature string: `sha256=` and lowercase hex.
 *
 * @example
 * toSignature(new Uint8Array([0xab, 0x01])); // "sha256=ab01"
 */
export function toSignature(digest: Uint8Array): string {
  let hex = "sha256=";
  for (const byte of digest) hex += hexDigits[byte];
  return hex;
}
