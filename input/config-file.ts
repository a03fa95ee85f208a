import { access } from "node:fs/promises";
import { resolve } from "node:path";

/**
 * The names a config file may have, looked for in this order when no `--config` names one: the
 * JSON file `typewire init` writes, then a module whose default export is the same object.
 * Kept apart from the generator so that a command that only looks for a config loads nothing
 * more.
 */
export const CONFIG_FILE_NAMES = [
  "typewire.config.json",
  "typewire.config.ts",
  "typewire.config.mts",
  "typewire.config.mjs",
  "typewire.config.js",
] as const;

/**
 * The config files present in `cwd`, by absolute path, in {@link CONFIG_FILE_NAMES} order: none,
 * one, or (a mistake the caller reports) more than one.
 */
export async function configFilesIn(cwd: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of CONFIG_FILE_NAMES) {
    const path = resolve(cwd, name);
    try {
      await access(path);
      found.push(path);
    } catch {
      // Not there.
    }
  }
  return found;
}
