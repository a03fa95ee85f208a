export { sign, signChecked } from "./sign.js";
export { verify, verifyChecked } from "./verify.js";
export { verifyBytes } from "./verify-bytes.js";
export { verifyDigest } from "./verify-digest.js";
