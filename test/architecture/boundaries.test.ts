import { readFileSync, readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../input/paths.js";

/**
 * The dependency rules of docs/architecture.md, checked on every import of every source file
 * (static, `export … from` and dynamic). A new edge between top-level folders fails here until
 * the rule and the document change together.
 */
const ALLOWED: Record<string, readonly string[]> = {
  cli: ["generator", "emulator", "site", "input"],
  generator: ["site", "input"],
  emulator: ["site", "input"],
  site: ["input"],
  input: [],
  // Self-contained: its copy of the platform's table is generated into runtime/src/generated/.
  runtime: [],
  output: [],
  // The browser page: from the emulator only the page config's shape (see the test below).
  explorer: ["emulator"],
};

/**
 * devDependencies a file may import when it runs from the sources, because the build replaces
 * what it does: Handlebars compiles `templates/` there, and `scripts/build-templates.ts`
 * precompiles them (with Handlebars' runtime bundled in) for the package.
 */
const SOURCES_ONLY: Record<string, readonly string[]> = {
  "generator/templates.ts": ["handlebars"],
};

/** npm packages each folder may import (besides `node:` built-ins). */
const rootManifest = readJson(join(packageRoot, "package.json"));
const runtimeManifest = readJson(join(packageRoot, "runtime/package.json"));
const cliPackages = Object.keys(rootManifest.dependencies ?? {});
const PACKAGES: Record<string, readonly string[]> = {
  cli: cliPackages,
  generator: cliPackages,
  emulator: cliPackages,
  site: cliPackages,
  input: cliPackages,
  // The runtime's own dependencies and optional peers only: it stays small.
  runtime: [
    ...Object.keys(runtimeManifest.dependencies ?? {}),
    ...Object.keys(runtimeManifest.peerDependencies ?? {}),
  ],
  output: ["@typewire/runtime"],
  // Bundled into dist/explorer/ at build time: devDependencies, never loaded by the CLI.
  explorer: ["graphiql", "@graphiql/react", "@graphiql/plugin-explorer", "react", "react-dom"],
};

const FOLDERS: Record<string, string> = {
  cli: "cli",
  generator: "generator",
  emulator: "emulator",
  site: "site",
  input: "input",
  runtime: "runtime/src",
  output: "output",
  explorer: "explorer",
};

/** Statements start a line; a dynamic import may stand anywhere (comments are removed first). */
const IMPORT =
  /^\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

interface Edge {
  file: string;
  specifier: string;
  target: string;
}

function imports(folder: string): Edge[] {
  const root = join(packageRoot, FOLDERS[folder]!);
  const edges: Edge[] = [];
  for (const file of sourceFiles(root)) {
    const text = withoutComments(readFileSync(file, "utf8"));
    for (const match of text.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2] ?? match[3])!;
      edges.push({
        file: relative(packageRoot, file),
        specifier,
        target: targetOf(file, specifier),
      });
    }
  }
  return edges;
}

/** The top-level folder a relative import lands in, or `package:<name>` for a bare one. */
function targetOf(file: string, specifier: string): string {
  if (specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0]!)) {
    return "builtin";
  }
  // `#signature` and the like: the package's own subpath imports, inside its folder.
  if (specifier.startsWith("#")) return "self";
  if (!specifier.startsWith(".")) {
    const parts = specifier.split("/");
    return `package:${specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]}`;
  }
  const path = relative(packageRoot, resolve(dirname(file), specifier)).split(sep);
  if (path[0] === "runtime" && path[1] === "src") return "runtime";
  return path[0]!;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

function readJson(path: string): {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
} {
  return JSON.parse(readFileSync(path, "utf8"));
}

describe("the dependency rules between top-level folders", () => {
  it.each(Object.keys(ALLOWED))("%s imports only what docs/architecture.md allows", (folder) => {
    const edges = imports(folder);
    expect(edges.length, `no imports found in ${folder}: the scan is broken`).toBeGreaterThan(0);
    const allowed = new Set([folder, "self", "builtin", ...ALLOWED[folder]!]);
    const packages = new Set(PACKAGES[folder]);
    const wrong = edges.filter(({ file, target }) =>
      target.startsWith("package:")
        ? !packages.has(target.slice(8)) && !SOURCES_ONLY[file]?.includes(target.slice(8))
        : !allowed.has(target),
    );
    expect(wrong.map((edge) => `${edge.file} imports ${edge.specifier}`)).toEqual([]);
  });

  it("the browser page takes nothing from the emulator but the page config, which imports nothing", () => {
    const fromEmulator = imports("explorer").filter(({ target }) => target === "emulator");
    expect(fromEmulator.map(({ specifier }) => specifier)).toEqual([
      "../emulator/explorer-config.js",
    ]);
    const configText = readFileSync(join(packageRoot, "emulator/explorer-config.ts"), "utf8");
    expect([...withoutComments(configText).matchAll(IMPORT)]).toEqual([]);
  });

  it("the rules themselves have no cycle", () => {
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (folder: string, path: string[]): void => {
      if (done.has(folder)) return;
      if (visiting.has(folder)) throw new Error(`cycle: ${[...path, folder].join(" -> ")}`);
      visiting.add(folder);
      for (const next of ALLOWED[folder] ?? []) visit(next, [...path, folder]);
      visiting.delete(folder);
      done.add(folder);
    };
    for (const folder of Object.keys(ALLOWED)) visit(folder, []);
  });

  it("the scan sees each kind of import, so a rule cannot pass by missing one", () => {
    const sample = [
      'import { a } from "../site/x.js";',
      'export { b } from "../input/y.js";',
      'const c = await import("../emulator/z.js");',
      'import type { D } from "graphql";',
      'import {\n  e,\n  f,\n} from "../cli/w.js";',
      'import "./side-effect.js";',
      '// import { g } from "../emulator/commented.js";',
      "const message = 'import { h } from \"not-a-dependency\"';",
    ].join("\n");
    const found = [...withoutComments(sample).matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
    expect(found).toEqual([
      "../site/x.js",
      "../input/y.js",
      "../emulator/z.js",
      "graphql",
      "../cli/w.js",
      "./side-effect.js",
    ]);
  });
});
