import { expect, it } from "vitest";
import { ResultCache } from "../../emulator/result-cache.js";

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
  const cache = new ResultCache(2);
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
