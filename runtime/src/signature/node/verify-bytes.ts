import { assertBytesPayload, assertSignature, toSecretList } from "../assert-arguments.js";
import type { SecretOrSecrets } from "../secret-or-secrets.js";
import { verifyDigest } from "./verify-digest.js";

/**
 * Like `verify`, over the raw request body bytes instead of a string, so any byte sequence (a
 * byte-order mark, invalid UTF-8) verifies exactly when it was signed. Node implementation.
 *
 * @example
 * const body = Buffer.concat(chunks);
 * await verifyBytes(secret, body, String(request.headers["x-hub-signature-256"] ?? ""));
 */
export async function verifyBytes(
  secret: SecretOrSecrets,
  payload: Uint8Array,
  signature: string,
): Promise<boolean> {
  const secrets = toSecretList("verifyBytes", secret);
  assertBytesPayload("verifyBytes", payload);
  assertSignature("verifyBytes", signature);
  return verifyDigest(secrets, payload, signature);
}
