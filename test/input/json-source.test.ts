import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GeneratorError } from "../../input/errors.js";
import { parseJsonSource, readCheckedJsonSource } from "../../input/json-source.js";
import { tempDir } from "../helpers/temp-project.js";

function errorOf(text: string): GeneratorError {
  try {
    parseJsonSource(text, "in.json");
  } catch (error) {
    if (error instanceof GeneratorError) return error;
    throw error;
  }
  throw new Error("no error");
}

// Valid text is read with JSON.parse and a count of the members it spells out; the reader with
// positions runs only on a problem or a question about where a value is. These pin both sides.
describe("parseJsonSource", () => {
  it("reads valid JSON, colons and escaped quotes inside strings included", () => {
    const text = '{\n  "a:b": "x\\": \\\\",\n  "c": [{ "d": ":" }, "\\\\\\"{"],\n  "e": {}\n}';
    const source = parseJsonSource(text, "in.json");
    expect(source.value).toEqual({ "a:b": 'x": \\', c: [{ d: ":" }, '\\"{'], e: {} });
    expect(source.locate(["c", 0, "d"])).toEqual({ line: 3, column: 11 });
    expect(source.locate(["e"])).toEqual({ line: 4, column: 3 });
  });

  it("a duplicate key is an error at its line, however deep", () => {
    const error = errorOf('{\n  "a": { "b": 1,\n    "b": 2 },\n  "c": 3\n}');
    expect(error.message).toBe('duplicate key "b"');
    expect(error.format()).toContain("in.json:3:5");
    expect(errorOf('[{"x": 1}, {"y": {"z": "a:b", "z": "c"}}]').message).toBe('duplicate key "z"');
  });

  it("keeps `__proto__` as a plain key", () => {
    const source = parseJsonSource('{"__proto__": {"polluted": true}}', "in.json");
    expect(Object.keys(source.value as object)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a syntax error, a trailing comma, a comment and an empty file are located errors", () => {
    expect(errorOf('{\n  "a": 1,\n}').format()).toContain("in.json:3:1");
    expect(errorOf('{\n  "a": 1 // note\n}').message).toBe(
      "invalid JSON: comments are not allowed",
    );
    expect(errorOf("").format()).toContain("in.json:1:1");
    expect(errorOf('{"a": tru}').message).toMatch(/^invalid JSON: /);
  });

  it("a byte order mark is skipped", () => {
    expect(parseJsonSource('\uFEFF{"a": 1}', "in.json").value).toEqual({ a: 1 });
  });

  it("nesting past the limit is an error at the bracket that passes it", () => {
    expect(errorOf(`${"[".repeat(70)}${"]".repeat(70)}`).format()).toContain("in.json:1:65");
  });

  it("errorAt names the file, line and entry", () => {
    const source = parseJsonSource('{\n  "events": {\n    "push": []\n  }\n}', "in.json");
    const error = source.errorAt(["events", "push"], "bad");
    expect(error.format()).toContain("in.json:3:5");
    expect(error.format()).toContain("events.push");
  });
});

// What typewire ships is read with JSON.parse alone (the suite reads it strictly): still located
// on demand, and a file that turns out not to be JSON is the strict reader's located error.
describe("readCheckedJsonSource", () => {
  it("reads the value and locates it like the strict reader", async () => {
    const dir = await tempDir("typewire-json-");
    const file = join(dir, "ok.json");
    await writeFile(file, '{\n  "a": {\n    "b": [1, 2]\n  }\n}');
    const source = await readCheckedJsonSource(file, "ok.json");
    expect(source.value).toEqual({ a: { b: [1, 2] } });
    expect(source.locate(["a", "b"])).toEqual({ line: 3, column: 5 });
  });

  it("a file that is not valid JSON is a located error", async () => {
    const dir = await tempDir("typewire-json-");
    const file = join(dir, "bad.json");
    await writeFile(file, '{\n  "a": 1,\n}');
    await expect(readCheckedJsonSource(file, "bad.json")).rejects.toThrow(GeneratorError);
    const error = await readCheckedJsonSource(file, "bad.json").catch((e: GeneratorError) => e);
    expect((error as GeneratorError).format()).toContain("bad.json:3:1");
  });
});

describe("checkNestingDepth", () => {
  it("an unterminated SDL string ends at its line, and the next line is counted", async () => {
    const { checkNestingDepth } = await import("../../input/nesting-depth.js");
    let error: unknown;
    try {
      checkNestingDepth(`"abc\n${"[".repeat(65)}`, "deep.graphql", "graphql");
    } catch (caught) {
      error = caught;
    }
    expect((error as GeneratorError).format()).toContain("deep.graphql:2:65");
  });

  it("skips brackets in block strings (escaped triple quotes included) and comments", async () => {
    const { checkNestingDepth } = await import("../../input/nesting-depth.js");
    const text = `"""a \\""" ${"{".repeat(80)} """\n# ${"(".repeat(80)}\ntype A { b: [[Int]] }\n`;
    expect(() => checkNestingDepth(text, "ok.graphql", "graphql")).not.toThrow();
    expect(() => checkNestingDepth(`${text}${"(".repeat(65)}`, "deep.graphql", "graphql")).toThrow(
      /nesting deeper than 64 levels/,
    );
  });
});
