// The Node adapter needs Node types; the build leaves them out everywhere else (types: []).
/// <reference types="node" />
import { createSecretKey, type KeyObject } from "node:crypto";

// A KeyObject skips re-encoding the secret on every createHmac call, about a tenth of the cost
// of signing a small body. Bounded for the same reason as the WebCrypto key cache.
const maxCachedKeys = 16;
const keys = new Map<string, KeyObject>();

/**
 * The HMAC key for `secret`, created once and cached.
 *
 * @example
 * createHmac("sha256", secretKey("my secret")).update(body).digest();
 */
export function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (key === undefined) {
    if (keys.size >= maxCachedKeys) keys.clear();
    key = createSecretKey(Buffer.from(secret, "utf8"));
    keys.set(secret, key);
  }
  return key;
}
