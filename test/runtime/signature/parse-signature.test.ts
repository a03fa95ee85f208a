import { describe, expect, it } from "vitest";
import { parseSignature } from "../../../runtime/src/signature/parse-signature.js";
import { toSignature } from "../../../runtime/src/signature/to-signature.js";

describe("parseSignature / toSignature", () => {
  it("round-trips every byte value", () => {
    const bytes = new Uint8Array(32).map((_, i) => i * 8 + 7);
    const signature = toSignature(bytes);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(parseSignature(signature)).toEqual(bytes);
  });

  it.each([`sha256=${"A".repeat(64)}`, `sha256=${"0".repeat(63)}`, `md5=${"0".repeat(67)}`])(
    "rejects %s",
    (bad) => {
      expect(parseSignature(bad)).toBeUndefined();
    },
  );
});
