import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyAndReceiveScenarios } from "./verify-and-receive.scenarios.js";

// `#signature` resolves to the node module under vitest's `node` condition; swapping that module
// for the WebCrypto one runs the whole class through the web path, as on Deno or Workers.
vi.mock(
  "../../runtime/src/signature/node/index.js",
  () => import("../../runtime/src/signature/web/index.js"),
);

const subtleSign = vi.spyOn(crypto.subtle, "sign");

describe("the WebCrypto path", () => {
  beforeAll(() => {
    subtleSign.mockClear();
  });
  afterAll(() => {
    subtleSign.mockRestore();
  });

  verifyAndReceiveScenarios("WebCrypto");

  it("was the one taken", () => {
    expect(subtleSign).toHaveBeenCalled();
  });
});
