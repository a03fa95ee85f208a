import * as nodeCrypto from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as node from "../../../runtime/src/signature/node/index.js";
import { timingSafeEqual as webCompare } from "../../../runtime/src/signature/timing-safe-equal.js";
import * as web from "../../../runtime/src/signature/web/index.js";
import { knownAnswer } from "./implementations.js";

// Both compare functions are replaced by spies that still do the real comparison, so these
// tests see whether the constant-time path is taken without changing the result.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
vi.mock("../../../runtime/src/signature/timing-safe-equal.js", async (importOriginal) => {
  const actual =
    await importOriginal<typeof import("../../../runtime/src/signature/timing-safe-equal.js")>();
  return { timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const { secret, payload, signature } = knownAnswer;
const wrongSameLength = `sha256=${"0".repeat(64)}`;

const paths = {
  "node:crypto": { impl: node, compare: nodeCrypto.timingSafeEqual },
  WebCrypto: { impl: web, compare: webCompare },
};

describe.each(Object.keys(paths) as (keyof typeof paths)[])(
  "verify compares in constant time (%s)",
  (label) => {
    const { impl, compare } = paths[label];
    const spy = vi.mocked(compare as (a: Uint8Array, b: Uint8Array) => boolean);
    beforeEach(() => {
      spy.mockClear();
    });

    it("uses the constant-time compare for a matching signature", async () => {
      await expect(impl.verify(secret, payload, signature)).resolves.toBe(true);
      expect(spy).toHaveBeenCalledTimes(1);
      const [a, b] = spy.mock.calls[0]!;
      expect([a.byteLength, b.byteLength]).toEqual([32, 32]);
    });

    it("uses the constant-time compare for a wrong signature of the same length", async () => {
      await expect(impl.verify(secret, payload, wrongSameLength)).resolves.toBe(false);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.results[0]).toEqual({ type: "return", value: false });
    });

    it("compares once per secret until one matches", async () => {
      await expect(impl.verify(["a", "b", secret], payload, signature)).resolves.toBe(true);
      expect(spy).toHaveBeenCalledTimes(3);
    });

    it("rejects a malformed signature before any compare", async () => {
      await expect(impl.verify(secret, payload, signature.toUpperCase())).resolves.toBe(false);
      expect(spy).not.toHaveBeenCalled();
    });
  },
);
