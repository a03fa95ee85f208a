import { parseSignature } from "../parse-signature.js";
import { timingSafeEqual } from "../timing-safe-equal.js";
import { hmacSha256, utf8 } from "./hmac.js";

/**
 * True when `signature` is the HMAC of `data` (a string is taken as its UTF-8 bytes) under any of
 * `secrets`, tried in order. Arguments are already checked; a malformed signature is simply `false`.
 *
 * @example
 * await verifyDigest(["new", "old"], bytes, "sha256=..."); // true if either secret signed it
 */
export async function verifyDigest(
  secrets: readonly string[],
  data: string | Uint8Array,
  signature: string,
): Promise<boolean> {
  const expected = parseSignature(signature);
  if (expected === undefined) return false;
  const bytes = typeof data === "string" ? utf8(data) : data;
  for (const secret of secrets) {
    if (timingSafeEqual(await hmacSha256(secret, bytes), expected)) return true;
  }
  return false;
}
