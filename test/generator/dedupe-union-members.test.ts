import { describe, expect, it } from "vitest";
import { dedupeUnionMembers } from "../../generator/content/dedupe-union-members.js";

describe("dedupeUnionMembers", () => {
  it("keeps one of each repeated member of a union, in first-seen order", () => {
    const text = [
      "export type Q = { entry:",
      "    | { a: string }",
      "    | { b: number }",
      "    | { a: string }",
      "    | { b: number }",
      "   | null };",
    ].join("\n");
    expect(dedupeUnionMembers(text)).toBe(
      [
        "export type Q = { entry:",
        "    | { a: string }",
        "    | { b: number }",
        "   | null };",
      ].join("\n"),
    );
  });

  it("compares members with all their lines, after deduplicating the unions inside them", () => {
    const member = (inner: string[]) => [
      "    | { id: string, items: Array<",
      ...inner.map((line) => `        | ${line}`),
      "       | null> }",
    ];
    const text = [
      "export type Q = { entry:",
      ...member(["{ x: 1 }", "{ x: 1 }"]),
      ...member(["{ x: 1 }"]),
      ...member(["{ x: 2 }"]),
      "   | null };",
    ].join("\n");
    expect(dedupeUnionMembers(text)).toBe(
      [
        "export type Q = { entry:",
        ...member(["{ x: 1 }"]),
        ...member(["{ x: 2 }"]),
        "   | null };",
      ].join("\n"),
    );
  });

  it("never merges members of different unions, nor members that differ in a deeper line", () => {
    const text = [
      "export type A = { a:",
      "    | { x: 1 }",
      "   | null };",
      "",
      "export type B = { b:",
      "    | { x: 1 }",
      "   | null };",
      "export type C = { c:",
      "    | { y: Array<",
      "        | { z: 1 }",
      "       > }",
      "    | { y: Array<",
      "        | { z: 2 }",
      "       > }",
      "   | null };",
    ].join("\n");
    expect(dedupeUnionMembers(text)).toBe(text);
  });
});
