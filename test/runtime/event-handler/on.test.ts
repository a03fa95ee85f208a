import { createEventHandler } from "@typewire/runtime/event-handler";
import { validateEventName } from "@typewire/runtime/webhooks";
import { describe, expect, it, vi } from "vitest";
import { issuesOpened, push, spyLogger } from "./helpers.js";

describe("on / onAny / onError", () => {
  it("registers one handler for each name of a list", async () => {
    const handler = createEventHandler();
    const seen = vi.fn();
    handler.on(["issues.opened", "push"], seen);
    await handler.receive(issuesOpened);
    await handler.receive(push);
    expect(seen.mock.calls.map(([event]) => event.name)).toEqual(["issues", "push"]);
  });

  it("logs an unknown name through the logger and still registers it", async () => {
    const log = spyLogger();
    const handler = createEventHandler({ log });
    const seen = vi.fn();
    handler.on("issues.nope" as never, seen);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('"issues.nope" is not a known'));
    await handler.receive({ id: "1", name: "issues", payload: { action: "nope" } });
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('throws for "*" and "error", pointing to onAny and onError', () => {
    const handler = createEventHandler();
    expect(() => handler.on("*" as never, () => undefined)).toThrow(/use webhooks.onAny/);
    expect(() => handler.on("error" as never, () => undefined)).toThrow(/use webhooks.onError/);
  });

  it("registers nothing when one name of a list is refused", async () => {
    const handler = createEventHandler();
    const seen = vi.fn();
    expect(() => handler.on(["push", "*"] as never, seen)).toThrow(TypeError);
    await handler.receive(push);
    expect(seen).not.toHaveBeenCalled();
  });

  it("throws a TypeError for a handler that is not a function", () => {
    const handler = createEventHandler();
    expect(() => handler.on("push", undefined as never)).toThrow(
      "[typewire] on: handler must be a function, got undefined",
    );
    expect(() => handler.onAny(null as never)).toThrow(/onAny: handler must be a function/);
    expect(() => handler.onError("x" as never)).toThrow(/onError: handler must be a function/);
    expect(() => handler.on(42 as never, () => undefined)).toThrow(/event name or an array/);
  });

  it("calls a handler registered twice twice", async () => {
    const handler = createEventHandler();
    const seen = vi.fn();
    handler.on("push", seen);
    handler.on("push", seen);
    await handler.receive(push);
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it("leaves unknown names to validateEventName at run time: silent under ignore", () => {
    const log = spyLogger();
    expect(() =>
      validateEventName("issues.nope", { onUnknownEventName: "ignore", log }),
    ).not.toThrow();
    expect(log.warn).not.toHaveBeenCalled();
    expect(() => validateEventName("issues.nope")).toThrow(/not a known event name/);
  });
});
