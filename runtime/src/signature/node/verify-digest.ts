// The Node adapter needs Node types; the build leaves them out everywhere else (types: []).
/// <reference types="node" />
import { createHmac, timingSafeEqual } from "node:crypto";
import { parseSignature } from "../parse-signature.js";
import { secretKey } from "./secret-key.js";

// Safe to share: the digest is parsed and compared without yielding, so no other call can
// write to it in between.
const expectedDigest = new Uint8Array(32);

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
  const expected = parseSignature(signature, expectedDigest);
  if (expected === undefined) return false;
  for (const secret of secrets) {
    const digest = createHmac("sha256", secretKey(secret)).update(data).digest();
    if (timingSafeEqual(digest, expected)) return true;
  }
  return false;
}
