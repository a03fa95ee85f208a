import { mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { packageRoot } from "../../input/paths.js";

/**
 * A temporary ES module project outside the repository, with the repository's `node_modules`
 * linked in, so `@typewire/runtime` resolves there as it would in a user's project. The caller
 * removes the folder.
 */
export async function linkedProject(prefix = "typewire-project-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await symlink(join(packageRoot, "node_modules"), join(dir, "node_modules"), "dir");
  await writeFile(join(dir, "package.json"), '{ "type": "module" }\n');
  return dir;
}

/**
 * Type-checks `files` (relative to `dir`) with the strictest options under a module resolution,
 * with `@typewire/runtime` resolved to its sources. Returns one `file:line message` per diagnostic.
 */
export function typeCheck(
  dir: string,
  files: string[],
  resolution: "NodeNext" | "Node16" = "NodeNext",
): string[] {
  const program = ts.createProgram(
    files.map((file) => join(dir, file)),
    {
      strict: true,
      noEmit: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      module: ts.ModuleKind[resolution],
      moduleResolution: ts.ModuleResolutionKind[resolution],
      target: ts.ScriptTarget.ES2022,
      types: [],
      lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
      customConditions: ["typewire-source"],
    },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}
