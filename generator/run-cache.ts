import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { packageRoot, relativePath } from "../input/paths.js";
import { GeneratorError, type SourceLocation } from "../input/errors.js";
import type { TypewireConfig } from "./config.js";
import type { Target } from "./target.js";
import { type RenderedFile, compareText } from "./writer.js";

/**
 * What the last `generate` produced per target, so a run whose inputs did not change can skip
 * rendering. An entry is used only when three things hold: the key (the generator's own files,
 * the config, every input file's bytes) is the same, every file it lists still has the recorded
 * hash, and the output folders hold no other generated file. Anything else renders as usual.
 * Targets with a live endpoint are never cached: only fetching the schema tells whether it changed.
 *
 * The file lives in `node_modules/.cache/typewire/` of the working directory, where build caches
 * go by convention; without a `node_modules` folder there is no cache. `typewire check` never
 * reads it.
 */
export interface RunCache {
  /**
   * The files a target would render, read back from disk, with the warnings its run gave;
   * undefined when it must render.
   */
  lookup(
    target: Target,
  ): Promise<{ files: RenderedFile[]; warnings: GeneratorError[] } | undefined>;
  /** Records what a target rendered and warned about; `save` writes every record at once. */
  record(
    target: Target,
    files: readonly RenderedFile[],
    warnings?: readonly GeneratorError[],
  ): void;
  save(): Promise<void>;
}

interface CacheEntry {
  key: string;
  /** Absolute path → sha256 of the text. */
  files: Record<string, string>;
  /** The warnings of the run, so a run the cache answers repeats them. */
  warnings?: { message: string; location: SourceLocation }[];
}

interface CacheFile {
  version: 1;
  entries: Record<string, CacheEntry>;
}

const CACHE_PATH = join("node_modules", ".cache", "typewire", "generate.json");

/** Opens the cache of `cwd`; a missing, unreadable or foreign file is an empty cache. */
export async function openRunCache(config: TypewireConfig, cwd: string): Promise<RunCache> {
  const file = existsSync(join(cwd, "node_modules")) ? join(cwd, CACHE_PATH) : undefined;
  const stored = file ? await readCacheFile(file) : { version: 1 as const, entries: {} };
  const keys = new Map<Target, Promise<string | undefined>>();
  const keyOf = (target: Target) => {
    let key = keys.get(target);
    if (!key) {
      key = targetKey(target, config, cwd);
      keys.set(target, key);
    }
    return key;
  };
  const entryName = (target: Target) =>
    `${target.name} ${target
      .outDirs(config)
      .map((dir) => resolve(cwd, dir))
      .join(" ")}`;
  const pending: {
    target: Target;
    files: readonly RenderedFile[];
    warnings: readonly GeneratorError[];
  }[] = [];

  return {
    async lookup(target) {
      if (!file) return undefined;
      const key = await keyOf(target);
      const entry = stored.entries[entryName(target)];
      if (key === undefined || entry?.key !== key) return undefined;
      const files: RenderedFile[] = [];
      for (const [absolutePath, hash] of Object.entries(entry.files)) {
        const text = await readIfExists(absolutePath);
        if (text === undefined || sha256(text) !== hash) return undefined;
        files.push({
          absolutePath,
          displayPath: relativePath(cwd, absolutePath),
          text,
        });
      }
      const warnings = (entry.warnings ?? []).map((w) => new GeneratorError(w.message, w.location));
      return { files, warnings };
    },
    record(target, files, warnings = []) {
      if (!file) return;
      pending.push({ target, files, warnings });
    },
    async save() {
      if (!file || pending.length === 0) return;
      for (const { target, files, warnings } of pending) {
        const key = await keyOf(target);
        const name = entryName(target);
        if (key === undefined) {
          delete stored.entries[name];
          continue;
        }
        stored.entries[name] = {
          key,
          files: Object.fromEntries(files.map((f) => [f.absolutePath, sha256(f.text)])),
          ...(warnings.length
            ? { warnings: warnings.map((w) => ({ message: w.message, location: w.location })) }
            : {}),
        };
      }
      // Best effort: a cache that cannot be written only means the next run renders again.
      const temporary = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
      try {
        await mkdir(dirname(file), { recursive: true });
        await writeFile(temporary, `${JSON.stringify(stored)}\n`, "utf8");
        await rename(temporary, file);
      } catch {
        await rm(temporary, { force: true }).catch(() => {});
      }
    },
  };
}

/**
 * The key of one target's run: the generator's code and templates, the config, and the bytes of
 * every input file (a folder's files, recursively, names included). Undefined when the target
 * reads a live endpoint.
 */
async function targetKey(
  target: Target,
  config: TypewireConfig,
  cwd: string,
): Promise<string | undefined> {
  if ((target.remoteInputs?.(config) ?? []).length > 0) return undefined;
  const hash = createHash("sha256");
  hash.update(await generatorFingerprint());
  hash.update(`\0${target.name}\0${cwd}\0${JSON.stringify(config)}`);
  for (const input of target.inputs(config)) {
    const path = resolve(cwd, input);
    for (const file of await filesUnder(path)) {
      hash.update(`\0${file}\0`);
      hash.update(await readFile(file));
    }
  }
  return hash.digest("hex");
}

let fingerprint: Promise<string> | undefined;

/**
 * Names, sizes and modification times of the code that generates (this folder's tree, whether it
 * runs compiled or from sources) and of the templates, plus the package version: a rebuilt or
 * upgraded typewire never reuses an older run's record.
 */
function generatorFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const codeRoot = dirname(dirname(fileURLToPath(import.meta.url)));
    const roots = ["generator", "site", "input"].map((dir) => join(codeRoot, dir));
    roots.push(join(packageRoot, "templates"), join(packageRoot, "package.json"));
    const hash = createHash("sha256");
    for (const root of roots) {
      for (const file of await filesUnder(root)) {
        const info = await stat(file);
        hash.update(`${file}\0${info.size}\0${info.mtimeMs}\n`);
      }
    }
    return hash.digest("hex");
  })();
  return fingerprint;
}

/** A file, or every file below a folder in a stable order; nothing when the path is missing. */
async function filesUnder(path: string): Promise<string[]> {
  let info: import("node:fs").Stats;
  try {
    info = await stat(path);
  } catch {
    return [];
  }
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .sort((a, b) => compareText(a.name, b.name))
      .filter((entry) => entry.name !== "node_modules")
      .map((entry) => filesUnder(join(path, entry.name))),
  );
  return nested.flat();
}

async function readCacheFile(file: string): Promise<CacheFile> {
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as CacheFile;
    if (parsed?.version === 1 && typeof parsed.entries === "object" && parsed.entries !== null)
      return parsed;
  } catch {
    // Missing or damaged: start empty.
  }
  return { version: 1, entries: {} };
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch {
    return undefined;
  }
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
