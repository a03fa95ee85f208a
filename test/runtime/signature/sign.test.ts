import { createHmac } from "node:crypto";
import { sign as publicSign } from "@typewire/runtime/signature";
import { describe, expect, it } from "vitest";
import * as node from "../../../runtime/src/signature/node/index.js";
import { implementations, knownAnswer } from "./implementations.js";

const oracle = (secret: string, payload: string | Uint8Array) =>
  `sha256=${createHmac("sha256", secret).update(payload).digest("hex")}`;

describe.each(implementations)("sign (%s)", (_label, { sign }) => {
  it("gives the known answer", async () => {
    await expect(sign(knownAnswer.secret, knownAnswer.payload)).resolves.toBe(
      knownAnswer.signature,
    );
  });

  it("signs the UTF-8 bytes of non-ASCII payloads", async () => {
    const payload = '{"title":"héllo wörld ✓ 🚀","emoji":"\\ud83d"}';
    await expect(sign("sécret", payload)).resolves.toBe(oracle("sécret", payload));
  });

  it("signs the empty payload", async () => {
    await expect(sign("s", "")).resolves.toBe(oracle("s", ""));
  });

  it("gives the same signatures with more secrets than the key cache holds", async () => {
    const secrets = Array.from({ length: 40 }, (_, i) => `secret-${i}`);
    const signatures = await Promise.all(secrets.map((secret) => sign(secret, "body")));
    expect(signatures).toEqual(secrets.map((secret) => oracle(secret, "body")));
  });

  it("rejects a missing secret, naming it", async () => {
    await expect(sign(undefined as never, "x")).rejects.toThrow(
      new TypeError("[typewire] sign: secret is required (a non-empty string)"),
    );
    await expect(sign("", "x")).rejects.toThrow(/sign: secret is required/);
  });

  it("rejects a missing payload, naming it", async () => {
    await expect(sign("s", undefined as never)).rejects.toThrow(
      /^\[typewire\] sign: payload is required/,
    );
  });

  it("rejects a non-string payload, telling to pass the raw body", async () => {
    const failure = sign("s", { action: "opened" } as never);
    await expect(failure).rejects.toBeInstanceOf(TypeError);
    await expect(failure).rejects.toThrow(/payload must be a string, got object: pass the raw/);
  });
});

describe("@typewire/runtime/signature on Node", () => {
  it("resolves to the node:crypto implementation through the node condition", () => {
    expect(publicSign).toBe(node.sign);
  });
});
