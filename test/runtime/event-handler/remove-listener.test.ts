import { createEventHandler } from "@typewire/runtime/event-handler";
import { describe, expect, it, vi } from "vitest";
import { push } from "./helpers.js";

describe("removeListener", () => {
  it("removes only the most recent registration of a handler for a name", async () => {
    const handler = createEventHandler();
    const calls: string[] = [];
    const h = () => {
      calls.push("h");
    };
    const g = () => {
      calls.push("g");
    };
    handler.on("push", h);
    handler.on("push", g);
    handler.on("push", h);
    handler.removeListener("push", h);
    await handler.receive(push);
    // The earlier registration of h (before g) stays; the later one is gone.
    expect(calls).toEqual(["h", "g"]);
    calls.length = 0;
    handler.removeListener("push", h);
    await handler.receive(push);
    expect(calls).toEqual(["g"]);
  });

  it('removes onAny handlers with "*" and onError handlers with "error"', async () => {
    const handler = createEventHandler();
    const any = vi.fn();
    const onError = vi.fn();
    handler.onAny(any);
    handler.onError(onError);
    handler.on("push", () => {
      throw new Error("x");
    });
    handler.removeListener(["*", "error"], any);
    handler.removeListener("error", onError);
    await expect(handler.receive(push)).rejects.toThrow();
    expect(any).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it("removes from each name of a list and ignores names it was not registered for", async () => {
    const handler = createEventHandler();
    const seen = vi.fn();
    handler.on(["push", "issues"], seen);
    handler.removeListener(["push", "issues", "star"], seen);
    await handler.receive(push);
    await handler.receive({ name: "issues", payload: { action: "opened" } });
    expect(seen).not.toHaveBeenCalled();
  });

  it("does not disturb a dispatch in progress", async () => {
    const handler = createEventHandler();
    const second = vi.fn();
    const first = () => {
      handler.removeListener("push", second);
    };
    handler.on("push", first);
    handler.on("push", second);
    await handler.receive(push);
    expect(second).toHaveBeenCalledTimes(1);
    await handler.receive(push);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
