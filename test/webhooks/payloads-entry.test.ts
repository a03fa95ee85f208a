import { readFileSync, readdirSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const runtimePackage = JSON.parse(
  readFileSync(new URL("../../runtime/package.json", import.meta.url), "utf8"),
);
const payloadsDir = new URL("../../output/webhooks/payloads/", import.meta.url);

/** What a module leaves at run time once its types are erased. */
function runtimeCode(file: URL): string {
  const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
    },
  });
  return outputText.replace(/\/\/.*$/gm, "").trim();
}

describe("@typewire/runtime/payloads", () => {
  it("is a subpath of the runtime package with types first", () => {
    const entry = runtimePackage.exports["./payloads"];
    expect(Object.keys(entry)).toEqual(["typewire-source", "types", "default"]);
    expect(entry.types).toBe("./dist/payloads.d.ts");
  });

  it("carries no runtime code: the entry and every generated payload module erase to nothing", () => {
    expect(runtimeCode(new URL("../../runtime/src/payloads.ts", import.meta.url))).toBe(
      "export {};",
    );
    const modules = readdirSync(payloadsDir).filter((name) => name.endsWith(".ts"));
    expect(modules).toContain("definitions.ts");
    expect(modules).toContain("index.ts");
    for (const name of modules)
      expect(runtimeCode(new URL(name, payloadsDir)), name).toMatch(/^(export \{\};)?$/);
  });

  it("declares every payload type once across the generated modules", () => {
    const declared = readdirSync(payloadsDir)
      .filter((name) => name.endsWith(".ts"))
      .flatMap((name) =>
        [
          ...readFileSync(new URL(name, payloadsDir), "utf8").matchAll(
            /^export (?:interface|type) (\w+)/gm,
          ),
        ].map((match) => match[1]),
      );
    expect(declared).toContain("SimpleUser");
    expect(declared).toContain("PullRequestOpenedEvent");
    expect(declared.length).toBeGreaterThan(323);
    expect(declared.filter((name, index) => declared.indexOf(name) !== index)).toEqual([]);
  });
});
