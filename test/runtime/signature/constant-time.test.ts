import * as nodeCrypto from "node:crypto";
import { Webhooks } from "@typewire/runtime/webhooks";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as node from "../../../runtime/src/signature/node/index.js";
import { timingSafeEqual as webCompare } from "../../../runtime/src/signature/timing-safe-equal.js";
import * as web from "../../../runtime/src/signature/web/index.js";
import { hmacSha256 as webHmac } from "../../../runtime/src/signature/web/hmac.js";
import { knownAnswer } from "./implementations.js";

// The compare and HMAC functions of both paths are replaced by spies that still do the real
// work, so these tests see how many digests and comparisons a call makes, and with which
// secrets, without changing the result.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return {
    ...actual,
    timingSafeEqual: vi.fn(actual.timingSafeEqual),
    createHmac: vi.fn(actual.createHmac),
  };
});
vi.mock("../../../runtime/src/signature/timing-safe-equal.js", async (importOriginal) => {
  const actual =
    await importOriginal<typeof import("../../../runtime/src/signature/timing-safe-equal.js")>();
  return { timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
vi.mock("../../../runtime/src/signature/web/hmac.js", async (importOriginal) => {
  const actual =
    await importOriginal<typeof import("../../../runtime/src/signature/web/hmac.js")>();
  return { ...actual, hmacSha256: vi.fn(actual.hmacSha256) };
});

const nodeHmac = vi.mocked(nodeCrypto.createHmac);

/** The secrets each path computed an HMAC with, in call order. */
const hmacSecrets = {
  "node:crypto": () =>
    nodeHmac.mock.calls.map(([, key]) => (key as nodeCrypto.KeyObject).export().toString("utf8")),
  WebCrypto: () => vi.mocked(webHmac).mock.calls.map(([key]) => key),
};

function clearSpies() {
  nodeHmac.mockClear();
  vi.mocked(webHmac).mockClear();
  vi.mocked(nodeCrypto.timingSafeEqual).mockClear();
  vi.mocked(webCompare).mockClear();
}

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
    beforeEach(clearSpies);

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

    it("compares once per secret, in the order given, until one matches", async () => {
      await expect(impl.verify(["a", "b", secret], payload, signature)).resolves.toBe(true);
      expect(spy).toHaveBeenCalledTimes(3);
      expect(hmacSecrets[label]()).toEqual(["a", "b", secret]);
    });

    it("stops at the primary secret when it matches: one HMAC, one compare", async () => {
      await expect(impl.verify([secret, "old", "older"], payload, signature)).resolves.toBe(true);
      expect(hmacSecrets[label]()).toEqual([secret]);
      expect(spy).toHaveBeenCalledTimes(1);
    });

    it("rejects a malformed signature before any compare", async () => {
      await expect(impl.verify(secret, payload, signature.toUpperCase())).resolves.toBe(false);
      expect(spy).not.toHaveBeenCalled();
    });
  },
);

describe("Webhooks tries its primary secret first, then the additional ones in order", () => {
  const webhooks = new Webhooks({ secret: "new", additionalSecrets: ["old", "older"] });
  const compare = vi.mocked(nodeCrypto.timingSafeEqual);

  /** A signature made with `key`, then the spies cleared so only the call under test counts. */
  async function signedWith(key: string) {
    const made = await node.sign(key, payload);
    clearSpies();
    return made;
  }

  it("a delivery signed with the primary secret costs one HMAC and one compare", async () => {
    await expect(webhooks.verify(payload, await signedWith("new"))).resolves.toBe(true);
    expect(hmacSecrets["node:crypto"]()).toEqual(["new"]);
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it("a delivery signed with the oldest secret is tried against each, primary first", async () => {
    await expect(webhooks.verify(payload, await signedWith("older"))).resolves.toBe(true);
    expect(hmacSecrets["node:crypto"]()).toEqual(["new", "old", "older"]);
    expect(compare).toHaveBeenCalledTimes(3);
  });

  it("verifyAndReceive uses the same order", async () => {
    const body = '{"ref":"main"}';
    const signatureOld = await node.sign("old", body);
    clearSpies();
    await webhooks.verifyAndReceive({
      id: "1",
      name: "push",
      payload: body,
      signature: signatureOld,
    });
    expect(hmacSecrets["node:crypto"]()).toEqual(["new", "old"]);
  });

  it("a wrong signature is tried against every secret once", async () => {
    await expect(webhooks.verify(payload, await signedWith("other"))).resolves.toBe(false);
    expect(hmacSecrets["node:crypto"]()).toEqual(["new", "old", "older"]);
    expect(compare).toHaveBeenCalledTimes(3);
  });
});
