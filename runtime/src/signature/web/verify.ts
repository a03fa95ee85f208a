import { assertSignature, assertStringPayload, toSecretList } from "../assert-arguments.js";
import type { SecretOrSecrets } from "../secret-or-secrets.js";
import { verifyDigest } from "./verify-digest.js";

/**
 * Checks, in constant time, that `signature` is the signature of the raw body `payload`.
 * Resolves `false` for a wrong or malformed signature; rejects with a `TypeError` for a missing
 * argument or a payload that is not a string. Web-standard (WebCrypto) implementation.
 *
 * @example
 * await verify("It's a Secret to Everybody", "Hello, World!",
 *   "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"); // true
 */
export async function verify(
  secret: SecretOrSecrets,
  payload: string,
  signature: string,
): Promise<boolean> {
  return verifyChecked(toSecretList("verify", secret), payload, signature);
}

/**
 * `verify` with the secrets already checked (by the `Webhooks` constructor): checks the payload
 * and the signature only.
 */
export async function verifyChecked(
  secrets: readonly string[],
  payload: string,
  signature: string,
): Promise<boolean> {
  assertStringPayload("verify", payload);
  assertSignature("verify", signature);
  return verifyDigest(secrets, payload, signature);
}
