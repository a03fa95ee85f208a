import { createEventHandler } from "@typewire/runtime/event-handler";
import { describe, expect, it, vi } from "vitest";
import { deferred, issuesOpened, push, spyLogger } from "./helpers.js";

/**
 * Rejects with `message` when `promise` is still pending after a generous bound, so a deadlock
 * fails the test instead of hanging it. It asserts nothing about speed.
 */
function failAfter<T>(promise: Promise<T>, message: string, ms = 10_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

describe("receive", () => {
  it("runs name.action, then name, then onAny handlers, each with { id, name, payload }", async () => {
    const handler = createEventHandler();
    const calls: string[] = [];
    handler.onAny((event) => {
      calls.push(`any:${event.name}`);
    });
    handler.on("issues", (event) => {
      calls.push(`name:${event.name}`);
    });
    handler.on("issues.opened", (event) => {
      calls.push(`action:${event.payload.action}`);
    });
    handler.on("issues.closed", () => {
      calls.push("wrong action");
    });
    handler.on("push", () => {
      calls.push("wrong name");
    });
    await handler.receive(issuesOpened);
    expect(calls).toEqual(["action:opened", "name:issues", "any:issues"]);
  });

  it("passes the very event object received", async () => {
    const handler = createEventHandler();
    const seen = vi.fn();
    handler.on("issues.opened", seen);
    await handler.receive(issuesOpened);
    expect(seen).toHaveBeenCalledWith(issuesOpened);
    expect(seen.mock.calls[0]![0]).toBe(issuesOpened);
  });

  it("runs only name and onAny handlers for a payload without an action", async () => {
    const handler = createEventHandler();
    const calls: string[] = [];
    handler.on("push", () => {
      calls.push("push");
    });
    handler.onAny(() => {
      calls.push("any");
    });
    await handler.receive(push);
    expect(calls).toEqual(["push", "any"]);
  });

  it('gives an event without an id the id ""', async () => {
    const handler = createEventHandler();
    const seen = vi.fn();
    handler.onAny(seen);
    await handler.receive({ name: "push", payload: { ref: "x" } });
    expect(seen).toHaveBeenCalledWith({ id: "", name: "push", payload: { ref: "x" } });
  });

  const parallelCases = [
    { name: "without a transform", options: {} },
    {
      name: "after an async transform",
      options: { transform: async (event: object) => ({ ...event, transformed: true }) },
    },
  ];

  for (const c of parallelCases) {
    it(`starts every handler before any finishes (parallel), ${c.name}`, async () => {
      const handler = createEventHandler(c.options);
      const started: string[] = [];
      const allStarted = deferred();
      // Every handler waits until all three have started, so the one started first waits on a
      // promise that only the one started last resolves: a dispatcher that awaited each handler
      // before starting the next would wait forever on the first.
      const waitForTheOthers = (who: string) => () => {
        started.push(who);
        if (started.length === 3) allStarted.resolve();
        return allStarted.promise;
      };
      handler.on("issues.opened", waitForTheOthers("action"));
      handler.on("issues", waitForTheOthers("name"));
      handler.onAny(waitForTheOthers("any"));
      await expect(
        failAfter(
          handler.receive(issuesOpened),
          "receive never settled: the handlers were not started in parallel",
        ),
      ).resolves.toBeUndefined();
      expect([...started].sort()).toEqual(["action", "any", "name"]);
    });
  }

  it("waits for every handler before resolving", async () => {
    const handler = createEventHandler();
    const slow = deferred();
    let finished = false;
    handler.on("push", async () => {
      await slow.promise;
      finished = true;
    });
    const receiving = handler.receive(push);
    let settled = false;
    void receiving.then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    slow.resolve();
    await receiving;
    expect(finished).toBe(true);
  });

  it("resolves with no value when nothing is registered", async () => {
    await expect(createEventHandler().receive(push)).resolves.toBeUndefined();
  });

  it("aggregates every failure in an AggregateError, each error carrying .event", async () => {
    const handler = createEventHandler();
    const syncFailure = new Error("sync failure");
    const asyncFailure = new Error("async failure");
    handler.on("issues", () => {
      throw syncFailure;
    });
    handler.on("issues.opened", async () => {
      throw asyncFailure;
    });
    handler.onAny(() => undefined);
    const error = await handler.receive(issuesOpened).then(
      () => expect.unreachable(),
      (e: unknown) => e as AggregateError & { event: unknown },
    );
    expect(error).toBeInstanceOf(AggregateError);
    expect(error.errors).toHaveLength(2);
    expect(error.errors).toEqual(expect.arrayContaining([syncFailure, asyncFailure]));
    for (const each of error.errors) expect(each.event).toBe(issuesOpened);
    expect(error.event).toBe(issuesOpened);
    expect(error.message).toMatch(/2 handler\(s\) failed for "issues": .*sync failure/);
  });

  it("wraps a thrown non-error, keeping it as the cause", async () => {
    const handler = createEventHandler();
    handler.on("push", () => {
      throw "plain string";
    });
    const error = (await handler.receive(push).catch((e: unknown) => e)) as AggregateError;
    const [wrapped] = error.errors as (Error & { event: unknown })[];
    expect(wrapped).toBeInstanceOf(Error);
    expect(wrapped!.cause).toBe("plain string");
    expect(wrapped!.message).toMatch(/handler for "push" threw plain string/);
    expect(wrapped!.event).toBe(push);
  });

  it("wraps a frozen error instead of failing to tag it", async () => {
    const handler = createEventHandler();
    const frozen = Object.freeze(new Error("frozen"));
    handler.on("push", () => {
      throw frozen;
    });
    const error = (await handler.receive(push).catch((e: unknown) => e)) as AggregateError;
    expect(error.errors[0].cause).toBe(frozen);
    expect(error.errors[0].event).toBe(push);
  });

  it("calls onError handlers with each failure, .event set", async () => {
    const handler = createEventHandler();
    const onError = vi.fn();
    handler.onError(onError);
    handler.on("push", () => {
      throw new Error("one");
    });
    handler.onAny(async () => {
      throw new Error("two");
    });
    await expect(handler.receive(push)).rejects.toBeInstanceOf(AggregateError);
    expect(onError).toHaveBeenCalledTimes(2);
    const messages = onError.mock.calls.map(([error]) => error.message);
    expect(messages.sort()).toEqual(["one", "two"]);
    for (const [error] of onError.mock.calls) expect(error.event).toBe(push);
  });

  it("does not wait for asynchronous error handlers", async () => {
    const handler = createEventHandler();
    const never = deferred();
    const onError = vi.fn(() => never.promise);
    handler.onError(onError);
    handler.on("push", () => {
      throw new Error("fails");
    });
    await expect(handler.receive(push)).rejects.toThrow(/fails/);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("reports an error thrown or rejected inside an error handler through the logger", async () => {
    const log = spyLogger();
    const handler = createEventHandler({ log });
    const thrown = new Error("error handler threw");
    const rejected = new Error("error handler rejected");
    handler.onError(() => {
      throw thrown;
    });
    handler.onError(async () => {
      throw rejected;
    });
    const later = vi.fn();
    handler.onError(later);
    handler.on("push", () => {
      throw new Error("original");
    });
    await expect(handler.receive(push)).rejects.toThrow(/original/);
    await new Promise((r) => setTimeout(r, 0));
    expect(later).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      '[typewire] an "error" event handler failed while handling: original',
      thrown,
    );
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining("original"), rejected);
  });

  it("survives a logger that throws while reporting an error handler failure", async () => {
    const handler = createEventHandler({
      log: {
        error: () => {
          throw new Error("logger down");
        },
      },
    });
    handler.onError(() => {
      throw new Error("error handler threw");
    });
    handler.on("push", () => {
      throw new Error("original");
    });
    await expect(handler.receive(push)).rejects.toThrow(/original/);
  });

  it("rejects a malformed event with a TypeError naming the field", async () => {
    const handler = createEventHandler();
    await expect(handler.receive({ name: "", payload: {} })).rejects.toThrow(
      /receive: event.name is required/,
    );
    await expect(handler.receive({ name: "push", payload: null as never })).rejects.toThrow(
      /receive: event.payload must be the parsed payload object/,
    );
    await expect(handler.receive({ name: "push", payload: [] })).rejects.toBeInstanceOf(TypeError);
    await expect(handler.receive(undefined as never)).rejects.toThrow(/expected an event/);
  });
});
