export { sign } from "./sign.js";
export { verify } from "./verify.js";
export { verifyBytes } from "./verify-bytes.js";
