import { createHmac, timingSafeEqual } from "node:crypto";
import { parseSignature } from "../parse-signature.js";

/**
 * True when `signature` is the HMAC of `data` under any of `secrets`, tried in order, using
 * `node:crypto` (synchronous, no key import, no copies). Arguments are already checked.
 *
 * @example
 * verifyDigest(["new", "old"], body, "sha256=..."); // true if either secret signed it
 */
export function verifyDigest(
  secrets: readonly string[],
  data: string | Uint8Array,
  signature: string,
): boolean {
  const expected = parseSignature(signature);
  if (expected === undefined) return false;
  for (const secret of secrets) {
    const digest = createHmac("sha256", secret).update(data).digest();
    if (timingSafeEqual(digest, expected)) return true;
  }
  return false;
}
