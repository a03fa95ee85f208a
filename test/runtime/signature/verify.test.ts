import { verify as publicVerify } from "@typewire/runtime/signature";
import { describe, expect, it } from "vitest";
import * as node from "../../../runtime/src/signature/node/index.js";
import { implementations, knownAnswer } from "./implementations.js";

const { secret, payload, signature } = knownAnswer;
const hex = signature.slice("sha256=".length);

const malformed: [string, string][] = [
  ["empty", ""],
  ["prefix only", "sha256="],
  ["no prefix", hex],
  ["sha1 prefix", `sha1=${hex}`],
  ["sha512 prefix", `sha512=${hex}`],
  ["uppercase prefix", `SHA256=${hex}`],
  ["uppercase hex", `sha256=${hex.toUpperCase()}`],
  ["truncated", signature.slice(0, -1)],
  ["one character too long", `${signature}0`],
  ["leading space", ` ${signature}`],
  ["trailing newline", `${signature}\n`],
  ["non-hex character", `${signature.slice(0, -1)}g`],
  ["two signatures", `${signature},${signature}`],
  ["one changed digit", `${signature.slice(0, -1)}8`],
];

describe.each(implementations)("verify (%s)", (_label, { sign, verify }) => {
  it("accepts the known answer", async () => {
    await expect(verify(secret, payload, signature)).resolves.toBe(true);
  });

  it("accepts what sign produced for a non-ASCII payload", async () => {
    const body = '{"comment":"ça marche ✓"}';
    await expect(verify("k", body, await sign("k", body))).resolves.toBe(true);
  });

  it("refuses another payload or another secret", async () => {
    await expect(verify(secret, `${payload} `, signature)).resolves.toBe(false);
    await expect(verify("another secret", payload, signature)).resolves.toBe(false);
  });

  it.each(malformed)("returns false for a malformed signature: %s", async (_case, bad) => {
    await expect(verify(secret, payload, bad)).resolves.toBe(false);
  });

  it("passes when any of several secrets matches, primary first", async () => {
    await expect(verify(["new", secret], payload, signature)).resolves.toBe(true);
    await expect(verify([secret, "old"], payload, signature)).resolves.toBe(true);
    await expect(verify(["new", "old"], payload, signature)).resolves.toBe(false);
  });

  it("rejects a missing argument with a TypeError naming it", async () => {
    await expect(verify(undefined as never, payload, signature)).rejects.toThrow(
      /verify: secret is required/,
    );
    await expect(verify([], payload, signature)).rejects.toThrow(/verify: secret is required/);
    await expect(verify(secret, undefined as never, signature)).rejects.toThrow(
      /verify: payload is required/,
    );
    await expect(verify(secret, payload, undefined as never)).rejects.toThrow(
      /verify: signature is required/,
    );
    await expect(verify(secret, payload, null as never)).rejects.toBeInstanceOf(TypeError);
  });

  it("rejects a non-string payload, telling to pass the raw body string", async () => {
    await expect(verify(secret, JSON.parse('{"a":1}') as never, signature)).rejects.toThrow(
      /payload must be a string, got object: pass the raw request body as received: re-serialised JSON \(JSON.stringify\(req.body\)\) has other bytes and never matches/,
    );
    await expect(
      verify(secret, new TextEncoder().encode(payload) as never, signature),
    ).rejects.toThrow(/got a Uint8Array/);
  });

  it("rejects a non-string signature", async () => {
    await expect(verify(secret, payload, 42 as never)).rejects.toThrow(
      /signature must be a string, got number/,
    );
  });
});

describe("verify paths agree", () => {
  it("gives identical results on both paths for many inputs", async () => {
    const [[, a], [, b]] = implementations;
    const cases = [payload, "", "ü", "x".repeat(10_000), '{"a":"\u2028"}'];
    for (const body of cases) {
      const good = await a.sign(secret, body);
      expect(await b.sign(secret, body)).toBe(good);
      for (const candidate of [good, good.replace(/.$/, "0"), good.toUpperCase()]) {
        expect(await b.verify(secret, body, candidate)).toBe(
          await a.verify(secret, body, candidate),
        );
      }
    }
  });

  it("uses the node:crypto implementation through the public subpath on Node", () => {
    expect(publicVerify).toBe(node.verify);
  });
});
