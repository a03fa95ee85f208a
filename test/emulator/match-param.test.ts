import { describe, expect, it } from "vitest";
import { matchParam } from "../../emulator/content/match-param.js";

describe("matchParam", () => {
  it.each([
    [5, null, true],
    [5, undefined, true],
    [5, [], true],
    [5, 5, true],
    [5, [4, 5], true],
    [5, ["4"], false],
    [5, [">= 5"], true],
    [5, ["> 5"], false],
    [5, ["< 10", "> 100"], true],
    [5, ["and", "> 1", "< 4"], false],
    [5, ["and", "> 1", "< 9"], true],
    [5, ["not", 4, 6], true],
    [5, ["not", 5], false],
    [5, ["!= 5"], false],
    [5, ["not 4"], true],
    [5, ["abc"], false],
    ["News", ["news"], true],
    ["news/river", ["news/*"], true],
    ["pages/river", ["news/*"], false],
    ["a.b", ["a*b"], true],
    ["axb", ["a.b"], false],
    ["", [":empty:"], true],
    [null, [":empty:"], true],
    ["x", [":notempty:"], true],
    [null, ["x"], false],
    [new Date("2024-03-04T08:30:00Z"), [">= 2024-03-04"], true],
    [new Date("2024-03-04T08:30:00Z"), ["< 2024-03-04T08:00:00+00:00"], false],
    [new Date("2024-03-04T08:30:00Z"), ["and", ">= 2024-01-01", "< 2024-02-01"], false],
    [new Date("2024-03-04T08:30:00Z"), ["> not-a-date"], false],
    [true, [true], true],
    [true, ["1"], true],
    [false, ["true"], false],
  ])("%j against %j → %s", (value, param, expected) => {
    expect(matchParam(value, param)).toBe(expected);
  });
});

describe("wildcards", () => {
  it.each([
    ["news/river", "news/*", true],
    ["abc", "*", true],
    ["", "*", true],
    ["", "**", true],
    ["a", "a**", true],
    ["axxbyyc", "a*b*c", true],
    ["acb", "a*b*c", false],
    ["aba", "ab*ba", false],
    ["abba", "ab*ba", true],
    ["abab", "*ab", true],
    ["abab", "ba*", false],
    ["x.y", "x.*", true],
    ["x(y", "x(*", true],
  ])("%j against %j → %s", (value, pattern, expected) => {
    expect(matchParam(value, [pattern])).toBe(expected);
  });

  it("agrees with a regular expression on every short pattern and text over a small alphabet", () => {
    // Seeded, so a failure names a case that can be run again.
    let seed = 18;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const word = (alphabet: string, length: number) =>
      Array.from({ length }, () => alphabet[random(alphabet.length)]).join("");
    for (let i = 0; i < 3000; i++) {
      const pattern = word("ab*", 1 + random(7));
      if (!pattern.includes("*")) continue;
      const text = word("ab", random(9));
      const expected = new RegExp(`^${pattern.replaceAll("*", ".*")}$`).test(text);
      expect([text, pattern, matchParam(text, [pattern])]).toEqual([text, pattern, expected]);
    }
  });

  it("answers at once for a pattern of many stars that a backtracking matcher takes minutes over", () => {
    // "**********q" against a long title made a regular expression backtrack exponentially.
    const title = "a".repeat(20_000);
    expect(matchParam(title, [`${"*".repeat(40)}q`])).toBe(false);
    expect(matchParam(title, [`${"*a".repeat(2_000)}*q`])).toBe(false);
    expect(matchParam(`${title}q`, [`${"*a".repeat(2_000)}*q`])).toBe(true);
  });
});
