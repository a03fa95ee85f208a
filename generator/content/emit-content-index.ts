import type { EmittedFile } from "../writer.js";
import { compareText } from "../writer.js";

/**
 * `index.ts` of one schema's module: re-exports every top-level file the emitters produced, so a
 * project imports one schema's types from one place and never another schema's by accident.
 */
export function emitContentIndex(outDir: string, files: readonly EmittedFile[]): EmittedFile {
  const modules = files
    .filter(
      (file) => !file.path.includes("/") && file.path.endsWith(".ts") && file.path !== "index.ts",
    )
    .map((file) => `./${file.path.replace(/\.ts$/, ".js")}`)
    .sort(compareText);
  const contents = modules.map((module) => `export * from "${module}";`).join("\n");
  return {
    outDir,
    path: "index.ts",
    source: "generator/content/emit-content-index.ts",
    contents: `${contents}\n`,
  };
}
