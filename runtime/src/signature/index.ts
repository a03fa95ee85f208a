/**
 * `@typewire/runtime/signature`: standalone signing and verification. On Node the `node`
 * export condition selects `node:crypto`; other runtimes get WebCrypto. Both return promises
 * and give identical results.
 */
export { sign, verify, verifyBytes } from "#signature";
export type { SecretOrSecrets } from "./secret-or-secrets.js";
