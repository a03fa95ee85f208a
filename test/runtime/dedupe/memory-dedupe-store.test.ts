import {
  DEFAULT_DEDUPE_MAX_SIZE,
  DEFAULT_DEDUPE_WINDOW,
  createMemoryDedupeStore,
} from "@typewire/runtime/webhooks";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.useRealTimers();
});

describe("createMemoryDedupeStore", () => {
  it("claims an id once, and again after a release", () => {
    const store = createMemoryDedupeStore();
    expect(store.claim("a")).toBe(true);
    expect(store.claim("a")).toBe(false);
    expect(store.claim("b")).toBe(true);
    store.release("a");
    expect(store.claim("a")).toBe(true);
    expect(store.size).toBe(2);
  });

  it("forgets an id when its window ends (24 hours by default)", () => {
    vi.useFakeTimers({ now: 0, toFake: ["Date"] });
    expect(DEFAULT_DEDUPE_WINDOW).toBe(86_400_000);
    const store = createMemoryDedupeStore();
    store.claim("a");
    vi.setSystemTime(DEFAULT_DEDUPE_WINDOW - 1);
    expect(store.claim("a")).toBe(false);
    store.claim("b");
    vi.setSystemTime(DEFAULT_DEDUPE_WINDOW);
    expect(store.claim("a")).toBe(true);
    // "b" was claimed one millisecond before the end of "a"'s window: still remembered.
    expect(store.claim("b")).toBe(false);
  });

  it("drops expired ids on the next claim, so memory follows the window", () => {
    vi.useFakeTimers({ now: 0, toFake: ["Date"] });
    const store = createMemoryDedupeStore({ window: 1000 });
    for (let i = 0; i < 100; i++) store.claim(`old-${i}`);
    vi.setSystemTime(1000);
    store.claim("new");
    expect(store.size).toBe(1);
  });

  it("never holds more than maxSize ids, forgetting the oldest first", () => {
    const store = createMemoryDedupeStore({ maxSize: 3 });
    for (const id of ["a", "b", "c", "d"]) expect(store.claim(id)).toBe(true);
    expect(store.size).toBe(3);
    // "a" was evicted: a copy of it runs again. The newer ones are still refused.
    expect(store.claim("b")).toBe(false);
    expect(store.claim("d")).toBe(false);
    expect(store.claim("a")).toBe(true);
    expect(store.claim("b")).toBe(true);
    expect(DEFAULT_DEDUPE_MAX_SIZE).toBe(100_000);
  });

  it("keeps ids in expiry order when one is released and claimed again", () => {
    vi.useFakeTimers({ now: 0, toFake: ["Date"] });
    const store = createMemoryDedupeStore({ window: 1000 });
    store.claim("a");
    vi.setSystemTime(100);
    store.claim("b");
    vi.setSystemTime(200);
    store.release("a");
    store.claim("a");
    // "b" (claimed at 100) has expired, "a" (claimed again at 200) has not: were "a" still
    // first in line, the sweep would stop at it and "b" would wrongly count as a duplicate.
    vi.setSystemTime(1100);
    expect(store.claim("b")).toBe(true);
    expect(store.claim("a")).toBe(false);
  });

  it.each([
    [{ window: 0 }, /options.window must be a number of milliseconds > 0, got 0/],
    [{ window: Number.NaN }, /options.window must be a number of milliseconds > 0, got NaN/],
    [{ window: "1h" }, /options.window must be a number of milliseconds > 0, got 1h/],
    [{ maxSize: 0 }, /options.maxSize must be a whole number >= 1, got 0/],
    [{ maxSize: 1.5 }, /options.maxSize must be a whole number >= 1, got 1.5/],
  ])("throws a TypeError for %j", (options, message) => {
    expect(() => createMemoryDedupeStore(options as never)).toThrow(message);
  });
});
