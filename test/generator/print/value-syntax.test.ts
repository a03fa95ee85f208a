import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { PRINT_WIDTH } from "../../../generator/print/ts-syntax.js";
import {
  type ValueNode,
  printArrowConst,
  printArrowMembers,
  printArrowMembersLaidOut,
} from "../../../generator/print/value-syntax.js";
import { seededRandom } from "../../helpers/seeded-random.js";

const prettier = (text: string) => format(text, { parser: "typescript", printWidth: PRINT_WIDTH });
const object = (members: [string, ValueNode][]): ValueNode => ({ kind: "object", members });
const array = (elements: ValueNode[]): ValueNode => ({ kind: "array", elements });
const call = (callee: string): ValueNode => ({ kind: "call", callee });

const values: [string, ValueNode][] = [
  [
    "scalars",
    object([
      ["a", "text"],
      ["b", 1],
      ["c", -2.5],
      ["d", true],
      ["e", null],
    ]),
  ],
  [
    "keys that need quotes",
    object([
      ["issues.opened", 1],
      ["x-y", "z"],
      ["$ok", 0],
    ]),
  ],
  [
    "empty object and array",
    object([
      ["o", object([])],
      ["a", array([])],
    ]),
  ],
  [
    "a string too long for its line",
    object([["repository_url", `https://api.platform.example/${"segment/".repeat(12)}end`]]),
  ],
  [
    "a string that still does not fit on its own line",
    object([["body", "word ".repeat(40).trim()]]),
  ],
  [
    "a long string after a quoted key",
    object([
      ["a-b", "x".repeat(95)],
      ["a", "y".repeat(95)],
    ]),
  ],
  [
    "quotes in a string",
    object([
      ["says", 'She said "hi"'],
      ["it", "it's"],
    ]),
  ],
  ["an array of calls that fits", object([["labels", array([call("exampleLabel")])]])],
  [
    "an array of calls that does not fit",
    object([["list", array(Array.from({ length: 9 }, (_, i) => call(`exampleThing${i}`)))]]),
  ],
  [
    "nested objects in arrays",
    object([
      [
        "commits",
        array([
          object([
            ["id", "abc"],
            ["nested", object([["deep", array([])]])],
          ]),
        ]),
      ],
    ]),
  ],
  // Around the edges: a string that just fits after its key, just fits on a line of its own,
  // and just does not, at the two depths the values are printed at.
  ...[95, 96, 97, 98, 99, 100].flatMap((width): [string, ValueNode][] => [
    [`a string ending at column ${width}`, object([["key", "x".repeat(width - 10)]])],
    [
      `a string after a long key ending at column ${width}`,
      object([["key_x", "x".repeat(width - 12)]]),
    ],
    [
      `a string after a 4-character key ending at column ${width}`,
      object([["keys", "x".repeat(width - 11)]]),
    ],
    [
      `a nested string ending at column ${width}`,
      object([["a", object([["b", array([object([["key", "x".repeat(width - 14)]])])]])]]),
    ],
  ]),
  ["a call", call("exampleUser")],
  ["a scalar", "OWNER"],
];

describe("printArrowConst", () => {
  it("writes a function returning the value, as the formatter would", () => {
    expect(printArrowConst("exampleLabel", "Label", object([["name", "bug"]]))).toBe(
      'const exampleLabel = (): Label => ({\n  name: "bug",\n});',
    );
  });

  it.each(values)("lays out %s exactly as the formatter does", async (_, value) => {
    const text = `${printArrowConst("exampleThing", "Thing", value)}\n`;
    expect(text).toBe(await prettier(text));
  });
});

describe("printArrowMembers", () => {
  it("writes one `key: () => value,` member after the other at the given level", () => {
    expect(
      printArrowMembers(
        [
          ["push", object([["ref", "refs/heads/main"]])],
          ["issues.opened", call("exampleIssue")],
        ],
        1,
      ),
    ).toBe(
      '  push: () => ({\n    ref: "refs/heads/main",\n  }),\n  "issues.opened": () => exampleIssue(),',
    );
  });

  it("lays out every kind of value exactly as the formatter does", async () => {
    const text = `const map = {\n${printArrowMembers(values, 1)}\n};\n`;
    expect(text).toBe(await prettier(text));
  });
});

describe("printArrowMembers printed directly", () => {
  /** A random value of every kind, arrays of objects and long strings included. */
  const randomValue = (random: ReturnType<typeof seededRandom>, depth: number): ValueNode => {
    const kind = random.pick([
      "string",
      "long",
      "number",
      "boolean",
      "null",
      "call",
      "array",
      "object",
    ]);
    if (depth > 3 && (kind === "array" || kind === "object")) return "leaf";
    switch (kind) {
      case "string":
        return "x".repeat(Math.floor(random.random() * 30));
      case "long":
        return "word ".repeat(5 + Math.floor(random.random() * 20)).trim();
      case "number":
        return Math.floor(random.random() * 1000) - 500;
      case "boolean":
        return random.chance(0.5);
      case "null":
        return null;
      case "call":
        return call(`example${"Thing".repeat(1 + Math.floor(random.random() * 4))}`);
      case "array":
        return array(
          Array.from({ length: Math.floor(random.random() * 6) }, () =>
            randomValue(random, depth + 1),
          ),
        );
      default:
        return object(
          Array.from({ length: Math.floor(random.random() * 5) }, (_, index) => [
            random.pick(["id", "node_id", "html_url", "a-b", "x", "repository_selection"]) +
              String(index),
            randomValue(random, depth + 1),
          ]),
        );
    }
  };

  it("as the document printer lays out 2,000 random members", () => {
    const random = seededRandom(61);
    for (let index = 0; index < 2_000; index++) {
      const members: [string, ValueNode][] = Array.from(
        { length: 1 + Math.floor(random.random() * 3) },
        (_, at) => [
          `member_${"n".repeat(Math.floor(random.random() * 20))}${at}`,
          randomValue(random, 0),
        ],
      );
      const level = 1 + Math.floor(random.random() * 3);
      expect(printArrowMembers(members, level)).toBe(printArrowMembersLaidOut(members, level));
    }
  });
});
