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
