import { existsSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The toolkit's own folder, where the bundled `schemas/` and `templates/` live. The sources sit
 * one folder below it (`input/paths.ts`) and the compiled CLI two (`dist/input/paths.js`), so it
 * is found by looking upwards for the `templates/` folder the package ships.
 */
export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/**
 * The absolute path of a file the package ships, from its path in the package.
 *
 * @example
 * bundledFile("schemas/webhooks/events.json"); // "/…/node_modules/typewire/schemas/webhooks/events.json"
 */
export function bundledFile(path: string): string {
  return join(packageRoot, path);
}

/**
 * `to` relative to `from` with forward slashes, as messages, banners and manifests show paths
 * on every platform; `""` when they are the same folder.
 *
 * @example
 * relativePath("/work/site", "/work/site/schemas/events.json"); // "schemas/events.json"
 */
export function relativePath(from: string, to: string): string {
  return relative(from, to).split(sep).join("/");
}

function findPackageRoot(start: string): string {
  for (let dir = start, depth = 0; depth < 4; dir = dirname(dir), depth++) {
    if (existsSync(join(dir, "templates")) && existsSync(join(dir, "package.json"))) return dir;
  }
  throw new Error(`typewire cannot find its own package folder above ${start}`);
}
