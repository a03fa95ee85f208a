/**
 * Raw-bytes verification for the middleware: `node:crypto` on Node, WebCrypto elsewhere, chosen
 * by the `node` export condition of the `#signature` import.
 */
export { verifyBytes } from "#signature";
