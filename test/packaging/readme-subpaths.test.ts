import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bundledFile } from "../../input/paths.js";

describe("the README's runtime subpath table", () => {
  it("lists every public subpath of @typewire/runtime, and no other", () => {
    const manifest = JSON.parse(readFileSync(bundledFile("runtime/package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    const exported = Object.keys(manifest.exports)
      .filter((path) => path !== "./package.json")
      .map((path) => (path === "." ? "@typewire/runtime" : `@typewire/runtime/${path.slice(2)}`))
      .sort();
    const readme = readFileSync(bundledFile("README.md"), "utf8");
    const table = readme.slice(readme.indexOf("| subpath "));
    const listed = [
      ...table.slice(0, table.indexOf("\n\n")).matchAll(/^\| `(@typewire\/runtime[^`]*)`/gm),
    ]
      .map((match) => match[1])
      .sort();
    expect(listed).toEqual(exported);
  });
});
