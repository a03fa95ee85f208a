import { readFile, readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../input/paths.js";

const examples = join(packageRoot, "examples");

async function exampleFiles(folder = examples): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await exampleFiles(path)));
    else files.push(relative(examples, path));
  }
  return files.sort();
}

describe("docs/recipes.md", () => {
  it("shows every file under examples/ whole, as the tests run it", async () => {
    const page = await readFile(join(packageRoot, "docs/recipes.md"), "utf8");
    const shown = new Map(
      [...page.matchAll(/^`examples\/([^`]+)`:\n\n```\w+\n([\s\S]*?)```$/gm)].map((match) => [
        match[1]!,
        match[2]!,
      ]),
    );
    const files = await exampleFiles();
    expect([...shown.keys()].sort()).toEqual(files);
    for (const file of files) {
      expect(shown.get(file), file).toBe(await readFile(join(examples, file), "utf8"));
    }
  });

  it("is linked from the README, one link per recipe", async () => {
    const readme = await readFile(join(packageRoot, "README.md"), "utf8");
    const page = await readFile(join(packageRoot, "docs/recipes.md"), "utf8");
    const sections = [...page.matchAll(/^## (.+)$/gm)].map((match) =>
      match[1]!
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, "")
        .replace(/ /g, "-"),
    );
    expect(sections).toHaveLength(8);
    for (const section of sections) expect(readme).toContain(`(docs/recipes.md#${section})`);
  });
});
