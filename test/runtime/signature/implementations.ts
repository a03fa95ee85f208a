import * as node from "../../../runtime/src/signature/node/index.js";
import * as web from "../../../runtime/src/signature/web/index.js";

/** Both crypto paths, so every signature test runs on Node's and on the WebCrypto one. */
export const implementations = [
  ["node:crypto", node],
  ["WebCrypto", web],
] as const;

export const knownAnswer = {
  secret: "It's a Secret to Everybody",
  payload: "Hello, World!",
  signature: "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
};
