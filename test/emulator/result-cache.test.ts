import { expect, it } from "vitest";
import { nextStatusChange, statusChanges } from "../../emulator/content/status-changes.js";
import { ResultCache } from "../../emulator/result-cache.js";
import { indexSite } from "../../emulator/content/index-site.js";
import { exampleSite } from "./emulator-harness.js";

it("keys on schema, query, variables and operation name", () => {
  const keys = [
    ResultCache.key("public", "{ping}", undefined, undefined),
    ResultCache.key("partners", "{ping}", undefined, undefined),
    ResultCache.key("public", "{ ping }", undefined, undefined),
    ResultCache.key("public", "{ping}", { a: 1 }, undefined),
    ResultCache.key("public", "{ping}", undefined, "A"),
  ];
  expect(new Set(keys).size).toBe(keys.length);
  expect(ResultCache.key("public", "{ping}", null, undefined)).toBe(keys[0]);
});

it("holds at most maxEntries, dropping the oldest, and clears everything at once", () => {
  const cache = new ResultCache({ maxEntries: 2 });
  cache.set("a", "1");
  cache.set("b", "2");
  cache.set("a", "1'");
  cache.set("c", "3");
  expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, "2", "3"]);
  expect(cache.size).toBe(2);
  cache.clear();
  expect(cache.size).toBe(0);
  expect(cache.get("b")).toBeUndefined();
});

it("holds at most maxBytes of keys and answers (UTF-8), dropping the oldest, keeping none larger", () => {
  const cache = new ResultCache({ maxBytes: 20 });
  cache.set("a", "é".repeat(4)); // 1 + 8 bytes
  cache.set("b", "12345678"); // 9 bytes
  expect(cache.bytes).toBe(18);
  cache.set("c", "123"); // 4 bytes: "a" goes
  expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, "12345678", "123"]);
  expect(cache.bytes).toBe(13);
  cache.set("b", "1"); // replaced where it stands
  expect(cache.bytes).toBe(6);
  cache.set("d", "x".repeat(20)); // larger than the whole cache: not kept, nothing dropped
  expect(cache.get("d")).toBeUndefined();
  expect(cache.size).toBe(2);
  cache.set("c", "y".repeat(30)); // a replacement too large drops the old answer too
  expect(cache.get("c")).toBeUndefined();
  expect(cache.bytes).toBe(2);
  cache.clear();
  expect(cache.bytes).toBe(0);
});

it("empties when it enters another period of the clock, and keeps no answer from an old one", () => {
  const cache = new ResultCache();
  cache.enter(1000);
  cache.set("a", "1", 1000);
  cache.enter(1000);
  expect(cache.get("a")).toBe("1");
  cache.enter(2000);
  expect(cache.get("a")).toBeUndefined();
  cache.set("b", "2", 1000);
  expect(cache.get("b")).toBeUndefined();
  cache.set("c", "3", 2000);
  cache.enter(null);
  expect(cache.size).toBe(0);
});

it("finds the next post or expiry date after a moment", () => {
  const changes = statusChanges(indexSite(exampleSite()).byKind.entry);
  expect(changes).toEqual([...changes].sort((a, b) => a - b));
  expect(new Set(changes).size).toBe(changes.length);
  const at = (time: string) => {
    const next = nextStatusChange(changes, new Date(time));
    return next === null ? null : new Date(next).toISOString();
  };
  // Entry 45 expires at 2024-03-01; entry 40 is posted on 2024-03-04; entry 44 in 2030.
  expect(at("2024-02-29T12:00:00Z")).toBe("2024-03-01T00:00:00.000Z");
  expect(at("2024-03-01T00:00:00Z")).toBe("2024-03-04T08:30:00.000Z");
  expect(at("2026-06-01T00:00:00Z")).toBe("2030-01-06T09:00:00.000Z");
  expect(at("2030-01-06T09:00:00Z")).toBeNull();
  expect(at("2000-01-01T00:00:00Z")).toBe(new Date(changes[0]!).toISOString());
});
