import { emitterEventNames, validateEventName } from "@typewire/runtime/webhooks";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("validateEventName", () => {
  it("accepts every name of emitterEventNames", () => {
    for (const name of emitterEventNames) expect(() => validateEventName(name)).not.toThrow();
  });

  it("accepts nothing else: not the compact lines the names are written as, nor parts of them", () => {
    const known = new Set<string>(emitterEventNames);
    const near = [
      "check_run.completed,created,requested_action,rerequested",
      "issues.closed,opened",
      "issues.",
      ".opened",
      "issues,opened",
      "create.created",
      "opened",
      "",
    ];
    for (const name of near) {
      expect(known.has(name), name).toBe(false);
      expect(() => validateEventName(name), name).toThrow(/not a known event name/);
    }
  });

  it("throws a TypeError for an unknown name by default and in throw mode", () => {
    const message =
      '[typewire] "issues.nope" is not a known event name or event.action combination (see emitterEventNames).';
    expect(() => validateEventName("issues.nope")).toThrow(new TypeError(message));
    expect(() => validateEventName("issues.nope", { onUnknownEventName: "throw" })).toThrow(
      message,
    );
  });

  it("warn: logs through options.log.warn and returns", () => {
    const warn = vi.fn();
    expect(() =>
      validateEventName("nope", { onUnknownEventName: "warn", log: { warn } }),
    ).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/"nope" is not a known event name/);
  });

  it("warn: defaults to console.warn", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    validateEventName("nope", { onUnknownEventName: "warn" });
    expect(warn).toHaveBeenCalledOnce();
  });

  it("ignore: neither logs nor throws", () => {
    const warn = vi.fn();
    const consoleWarn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(() =>
      validateEventName("nope", { onUnknownEventName: "ignore", log: { warn } }),
    ).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
  });

  it("any other mode, false included, throws for unknown names", () => {
    for (const mode of [false, "", "WARN", 0, null, true]) {
      const options = { onUnknownEventName: mode } as unknown as { onUnknownEventName: "ignore" };
      expect(() => validateEventName("nope", options)).toThrow(/not a known event name/);
      expect(() => validateEventName("push", options)).not.toThrow();
    }
  });

  it('"*" and "error" always throw, pointing to onAny() and onError()', () => {
    for (const mode of [undefined, "throw", "warn", "ignore"] as const) {
      const options = mode ? { onUnknownEventName: mode, log: { warn: () => {} } } : undefined;
      expect(() => validateEventName("*", options as never)).toThrow(
        /use webhooks\.onAny\(handler\)/,
      );
      expect(() => validateEventName("error", options as never)).toThrow(
        /use webhooks\.onError\(handler\)/,
      );
    }
  });

  it("a non-string name is a TypeError naming the type received", () => {
    expect(() => validateEventName(42)).toThrow(
      new TypeError("[typewire] validateEventName: the event name must be a string, got number"),
    );
    expect(() => validateEventName(null)).toThrow(/got null/);
    expect(() => validateEventName(undefined, { onUnknownEventName: "ignore" })).toThrow(TypeError);
  });

  it("does not treat prototype keys or near misses as known", () => {
    for (const name of [
      "constructor",
      "toString",
      "push ",
      "PUSH",
      "issues.",
      ".opened",
      "issues.opened.x",
    ]) {
      expect(() => validateEventName(name)).toThrow(/not a known event name/);
    }
  });
});
