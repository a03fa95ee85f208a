import { Webhooks } from "@typewire/runtime/webhooks";
import { describe, expect, it, vi } from "vitest";

describe("new Webhooks", () => {
  it.each([
    ["no options", undefined],
    ["no secret", {}],
    ["an empty secret", { secret: "" }],
    ["a non-string secret", { secret: 42 }],
  ])("throws a TypeError for %s", (_case, options) => {
    expect(() => new Webhooks(options as never)).toThrow(TypeError);
    expect(() => new Webhooks(options as never)).toThrow(/options.secret is required/);
  });

  it("throws for malformed additional secrets, naming the entry", () => {
    expect(() => new Webhooks({ secret: "s", additionalSecrets: "old" as never })).toThrow(
      /additionalSecrets must be an array/,
    );
    expect(() => new Webhooks({ secret: "s", additionalSecrets: ["ok", ""] })).toThrow(
      /additionalSecrets\[1\] must be a non-empty string/,
    );
  });

  it("throws for an event table without a validator, saying what it takes", () => {
    for (const table of [null, {}, { validateEventName: "no" }]) {
      expect(() => new Webhooks({ secret: "s" }, table as never)).toThrow(
        "[typewire] the event table must be a generated webhooks module's { validateEventName }",
      );
    }
  });

  it("checks names against the table it is given", () => {
    const checked: string[] = [];
    const webhooks = new Webhooks(
      { secret: "s" },
      { validateEventName: (name) => void checked.push(String(name)) },
    );
    webhooks.on(["issues.opened", "push"], () => undefined);
    expect(checked).toEqual(["issues.opened", "push"]);
  });

  it("exposes bound methods that work when destructured", async () => {
    const { on, receive, removeListener, sign, verify } = new Webhooks({ secret: "s" });
    const seen = vi.fn();
    on("push", seen);
    await receive({ name: "push", payload: {} });
    removeListener("push", seen);
    await receive({ name: "push", payload: {} });
    expect(seen).toHaveBeenCalledTimes(1);
    await expect(verify("x", await sign("x"))).resolves.toBe(true);
  });

  it("rejects sign and verify calls with missing arguments", async () => {
    const webhooks = new Webhooks({ secret: "s" });
    await expect(webhooks.sign(undefined as never)).rejects.toThrow(/sign: payload is required/);
    await expect(webhooks.verify("x", undefined as never)).rejects.toThrow(
      /verify: signature is required/,
    );
  });

  it("keeps instances apart", async () => {
    const a = new Webhooks({ secret: "a" });
    const b = new Webhooks({ secret: "b" });
    const seen = vi.fn();
    a.on("push", seen);
    await b.receive({ name: "push", payload: {} });
    expect(seen).not.toHaveBeenCalled();
    expect(await a.sign("x")).not.toBe(await b.sign("x"));
  });
});
