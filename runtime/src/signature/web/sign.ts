import { assertSecret, assertStringPayload } from "../assert-arguments.js";
import { toSignature } from "../to-signature.js";
import { hmacSha256, utf8 } from "./hmac.js";

/**
 * Signs a payload as the platform does: HMAC-SHA256 over its UTF-8 bytes, formatted as
 * `sha256=` and 64 lowercase hex characters. Web-standard (WebCrypto) implementation.
 *
 * @example
 * await sign("It's a Secret to Everybody", "Hello, World!");
 * // "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
 */
export async function sign(secret: string, payload: string): Promise<string> {
  assertSecret("sign", secret);
  return signChecked(secret, payload);
}

/** `sign` with a secret already checked (by the `Webhooks` constructor): checks the payload only. */
export async function signChecked(secret: string, payload: string): Promise<string> {
  assertStringPayload("sign", payload);
  return toSignature(await hmacSha256(secret, utf8(payload)));
}
