import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyBytes as chosen } from "../../../runtime/src/signature/verify-bytes.js";
import * as node from "../../../runtime/src/signature/node/index.js";
import { implementations } from "./implementations.js";

const sign = (secret: string, bytes: Uint8Array) =>
  `sha256=${createHmac("sha256", secret).update(bytes).digest("hex")}`;

const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"a":1}')]);
const invalidUtf8 = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);

describe.each(implementations)("verifyBytes (%s)", (_label, { verifyBytes }) => {
  it.each([
    ["a byte-order mark", withBom],
    ["invalid UTF-8", invalidUtf8],
    ["no bytes", new Uint8Array()],
  ])("verifies a body with %s exactly as signed", async (_case, body) => {
    await expect(verifyBytes("s", body, sign("s", body))).resolves.toBe(true);
    await expect(verifyBytes("s", body, sign("t", body))).resolves.toBe(false);
  });

  it("does not confuse the bytes with their decoded text", async () => {
    const text = new TextDecoder().decode(withBom);
    const signatureOfText = sign("s", new TextEncoder().encode(text));
    await expect(verifyBytes("s", withBom, signatureOfText)).resolves.toBe(false);
  });

  it("verifies a Buffer view into a larger allocation", async () => {
    const pool = Buffer.from(`xxxx${'{"b":2}'}yyyy`);
    const view = pool.subarray(4, pool.length - 4);
    await expect(verifyBytes("s", view, sign("s", Buffer.from('{"b":2}')))).resolves.toBe(true);
  });

  it("accepts rotated secrets", async () => {
    await expect(verifyBytes(["a", "b"], withBom, sign("b", withBom))).resolves.toBe(true);
  });

  it("rejects a string payload and missing arguments with TypeErrors", async () => {
    await expect(verifyBytes("s", "text" as never, "sha256=")).rejects.toThrow(
      /verifyBytes: payload must be a Uint8Array, got string/,
    );
    await expect(verifyBytes("s", withBom, undefined as never)).rejects.toThrow(
      /verifyBytes: signature is required/,
    );
  });
});

describe("signature/verify-bytes", () => {
  it("is the node:crypto implementation on Node", () => {
    expect(chosen).toBe(node.verifyBytes);
  });
});
