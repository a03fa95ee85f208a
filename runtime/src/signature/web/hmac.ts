// Importing a key costs far more than signing a small body, and a process uses one or two
// secrets, so keys are cached by secret. The bound keeps a caller that signs with many
// throwaway secrets from growing the cache without limit.
const maxCachedKeys = 16;
const keys = new Map<string, Promise<CryptoKey>>();
const encoder = new TextEncoder();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (key === undefined) {
    if (keys.size >= maxCachedKeys) keys.clear();
    key = crypto.subtle.importKey(
      "raw",
      encoder.encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    keys.set(secret, key);
    // A failed import must not stay cached; the caller still sees the rejection.
    key.catch(() => keys.delete(secret));
  }
  return key;
}

/**
 * HMAC-SHA256 of `data` with `secret` through WebCrypto (`crypto.subtle`), available in
 * browsers, Deno, Bun, Cloudflare Workers and Node.
 *
 * @example
 * const digest = await hmacSha256("secret", new TextEncoder().encode("body")); // 32 bytes
 */
export async function hmacSha256(secret: string, data: Uint8Array): Promise<Uint8Array> {
  const key = await keyFor(secret);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, data as Uint8Array<ArrayBuffer>));
}

/**
 * UTF-8 bytes of a string, as the platform signs them.
 *
 * @example
 * utf8("é"); // Uint8Array [195, 169]
 */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}
