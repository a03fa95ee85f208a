import { createEventHandler } from "@typewire/runtime/event-handler";
import { describe, expect, it, vi } from "vitest";
import { deferred, issuesOpened } from "./helpers.js";

describe("transform", () => {
  it("gives its result to on handlers only, computed once per event", async () => {
    const transform = vi.fn((event: { id: string }) => ({ delivery: event.id }));
    const handler = createEventHandler({ transform });
    const onName = vi.fn();
    const onAction = vi.fn();
    const any = vi.fn();
    handler.on("issues", onName);
    handler.on("issues.opened", onAction);
    handler.onAny(any);
    await handler.receive(issuesOpened);
    expect(transform).toHaveBeenCalledTimes(1);
    expect(onName).toHaveBeenCalledWith({ delivery: "d-1" });
    expect(onAction).toHaveBeenCalledWith({ delivery: "d-1" });
    expect(any).toHaveBeenCalledWith(issuesOpened);
  });

  it("may be async, and receive waits for the handlers that run after it", async () => {
    const gate = deferred();
    const handler = createEventHandler({
      transform: async (event) => {
        await gate.promise;
        return { ...event, enriched: true };
      },
    });
    const slow = deferred();
    const seen: unknown[] = [];
    handler.on("issues.opened", async (event) => {
      await slow.promise;
      seen.push(event.enriched);
    });
    let settled = false;
    const receiving = handler.receive(issuesOpened).then(() => {
      settled = true;
    });
    gate.resolve();
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    slow.resolve();
    await receiving;
    expect(seen).toEqual([true]);
  });

  it("is not called when no on handler matches", async () => {
    const transform = vi.fn((event: unknown) => event);
    const handler = createEventHandler({ transform });
    handler.onAny(() => undefined);
    await handler.receive(issuesOpened);
    expect(transform).not.toHaveBeenCalled();
  });

  it.each([
    [
      "throws",
      () => {
        throw new Error("transform failed");
      },
    ],
    [
      "rejects",
      async () => {
        throw new Error("transform failed");
      },
    ],
  ])(
    "when it %s: skips on handlers, still runs onAny, and reports the error",
    async (_, transform) => {
      const handler = createEventHandler({ transform });
      const onHandler = vi.fn();
      const any = vi.fn();
      const onError = vi.fn();
      handler.on("issues", onHandler);
      handler.onAny(any);
      handler.onError(onError);
      const error = (await handler
        .receive(issuesOpened)
        .catch((e: unknown) => e)) as AggregateError;
      expect(error.errors.map((e: Error) => e.message)).toEqual(["transform failed"]);
      expect(error.errors[0].event).toBe(issuesOpened);
      expect(onHandler).not.toHaveBeenCalled();
      expect(any).toHaveBeenCalledTimes(1);
      expect(onError).toHaveBeenCalledTimes(1);
    },
  );

  it("refuses a transform that is not a function", () => {
    expect(() => createEventHandler({ transform: 1 as never })).toThrow(
      /options.transform must be a function/,
    );
  });
});
