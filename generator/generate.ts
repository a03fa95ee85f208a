import { relative, resolve, sep } from "node:path";
import { relativePath } from "../input/paths.js";
import { GeneratorError, throwAll } from "../input/errors.js";
import type { TypewireConfig } from "./config.js";
import { type RunCache, openRunCache } from "./run-cache.js";
import type { RemoteInput, Target } from "./target.js";
import { targets } from "./targets.js";
import {
  type Difference,
  type ManifestOwner,
  type RenderedFile,
  type WriteResult,
  diffFiles,
  renderFiles,
  withManifests,
  writeFiles,
} from "./writer.js";

/** What one target did in a `generate` run. */
export interface TargetReport extends WriteResult {
  /** The target's name: `webhooks` or `content`. */
  target: string;
  /** Its output folders, relative to the working directory. */
  outDirs: string[];
  /** Milliseconds spent reading its inputs and producing its files. */
  ms: number;
}

/** A `generate` run: every file's fate, and the same per target. */
export interface GenerateResult extends WriteResult {
  /** The config file the run read; undefined when it generated the bundled example. */
  configFile: string | undefined;
  targets: TargetReport[];
  /** Milliseconds for the whole run, writing included. */
  ms: number;
  /** Problems that did not stop the run (with `strict` they do), in the order found. */
  warnings: GeneratorError[];
}

/** Generates every file in memory: nothing is written. Throws a GeneratorError on bad input. */
export async function renderAll(
  config: TypewireConfig,
  cwd = process.cwd(),
): Promise<RenderedFile[]> {
  return (await renderTargets(config, cwd)).flatMap(({ files }) => files);
}

/** The output folders of every enabled target. */
export function outDirsOf(config: TypewireConfig): string[] {
  return enabled(config).flatMap((target) => target.outDirs(config));
}

/** The input files and folders of every enabled target. */
export function inputsOf(config: TypewireConfig): string[] {
  return enabled(config).flatMap((target) => target.inputs(config));
}

/** The folders every enabled target asks `--watch` to watch for matching files. */
export function watchFoldersOf(config: TypewireConfig) {
  return enabled(config).flatMap((target) => target.watchFolders?.(config) ?? []);
}

/** The inputs of every enabled target that are polled rather than watched (live endpoints). */
export function remoteInputsOf(config: TypewireConfig): RemoteInput[] {
  return enabled(config).flatMap((target) => target.remoteInputs?.(config) ?? []);
}

export interface GenerateOptions {
  /**
   * Reuse the record of the last run for targets whose inputs did not change (see
   * `run-cache.ts`). Default true; false renders every file.
   */
  cache?: boolean;
  /** Make warnings errors: the run throws them, writing nothing. */
  strict?: boolean;
  /**
   * Called as each target starts and when its files are ready (before anything is written, which
   * happens once every target is ready), for progress lines: the CLI prints one for each.
   */
  onTarget?: (progress: TargetProgress) => void;
}

/** A target starting, or its files ready: what {@link GenerateOptions.onTarget} is told. */
export type TargetProgress =
  | { phase: "start"; target: string; outDirs: string[] }
  | {
      phase: "done";
      target: string;
      outDirs: string[];
      /** How many files it produced. */
      files: number;
      /** Whether they came from the record of the last run (its inputs are unchanged). */
      cached: boolean;
      ms: number;
    };

/**
 * `typewire generate` as a function: generates every file first, then writes the changed ones.
 * A bad input throws before anything is written.
 *
 * @example
 * const config = await loadConfig(undefined);
 * const { written, targets } = await generate(config);
 */
export async function generate(
  config: TypewireConfig,
  cwd = process.cwd(),
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  const started = performance.now();
  const cache = options.cache === false ? undefined : await openRunCache(config, cwd);
  const display = (path: string) => relativePath(cwd, path) || ".";
  const rendered = await renderTargets(config, cwd, cache, options.strict, (target, done) =>
    options.onTarget?.({
      target: target.name,
      outDirs: target.outDirs(config).map((dir) => display(resolve(dir))),
      ...(done ? { phase: "done", ...done } : { phase: "start" }),
    }),
  );
  const owned = ownedFiles(config, rendered);
  const editors = await editorConfig(config, cwd);
  const result = await writeFiles(
    [...(await withManifests(owned, cwd)), ...editors.files],
    owned,
    cwd,
  );
  if (cache) {
    for (const { target, files, warnings } of rendered) cache.record(target, files, warnings);
    await cache.save();
  }
  const reports = rendered.map(({ target, files, ms }): TargetReport => {
    const dirs = target.outDirs(config).map((dir) => resolve(dir));
    // The manifests are the run's bookkeeping, counted in the run's totals, not in a target's.
    const mine = new Set(files.map((file) => file.displayPath));
    const inDirs = (path: string) => dirs.some((dir) => resolve(cwd, path).startsWith(dir + sep));
    return {
      target: target.name,
      outDirs: dirs.map(display),
      written: result.written.filter((path) => mine.has(path)),
      unchanged: result.unchanged.filter((path) => mine.has(path)),
      removed: result.removed.filter(inDirs),
      ms,
    };
  });
  return {
    ...result,
    configFile: config.file,
    targets: reports,
    ms: performance.now() - started,
    warnings: [...rendered.flatMap(({ warnings }) => warnings), ...editors.warnings],
  };
}

/**
 * The graphql-config file beside a config file with a content section (see
 * `content/graphql-config.ts`), kept in step with the config on every run; a file of that name
 * that typewire did not write is left alone, with a warning (never an error, even with `--strict`).
 */
async function editorConfig(
  config: TypewireConfig,
  cwd: string,
): Promise<{ files: RenderedFile[]; warnings: GeneratorError[] }> {
  if (!config.file || !config.content) return { files: [], warnings: [] };
  const { graphqlConfigFor } = await import("./content/graphql-config.js");
  const found = await graphqlConfigFor(config.content, config.file);
  const displayPath = relativePath(cwd, found.path);
  if ("foreign" in found) {
    return {
      files: [],
      warnings: [
        new GeneratorError(
          "was not written by typewire, so it is left as it is; remove it to have `typewire generate` write one naming each content schema and its documents, for editors",
          { file: displayPath },
        ),
      ],
    };
  }
  return {
    files: [{ absolutePath: found.path, displayPath, text: found.text }],
    warnings: [],
  };
}

/**
 * `typewire check` as a function: the files that `generate` would write, remove or create.
 * An empty list means the output is current.
 */
export async function check(
  config: TypewireConfig,
  cwd = process.cwd(),
  options: Pick<GenerateOptions, "strict"> & { warn?: (warning: GeneratorError) => void } = {},
): Promise<Difference[]> {
  const rendered = await renderTargets(config, cwd, undefined, options.strict);
  for (const { warnings } of rendered) for (const warning of warnings) options.warn?.(warning);
  const owned = ownedFiles(config, rendered);
  const editors = await editorConfig(config, cwd);
  for (const warning of editors.warnings) options.warn?.(warning);
  return diffFiles([...(await withManifests(owned, cwd)), ...editors.files], owned, cwd);
}

/**
 * Each target's files per output folder, with the owner its folder's manifest lists them under:
 * the target's name and the config file, relative to the folder, so a committed manifest reads
 * the same on every machine and two configs sharing a folder keep separate entries.
 */
function ownedFiles(
  config: TypewireConfig,
  rendered: readonly { target: Target; files: RenderedFile[] }[],
): (ManifestOwner & { outDirs: string[]; files: RenderedFile[] })[] {
  return rendered.flatMap(({ target, files }) =>
    target.outDirs(config).map((dir) => {
      const outDir = resolve(dir);
      const from = config.file ? relativePath(outDir, config.file) : "(bundled inputs)";
      return { outDir, outDirs: [outDir], owner: `${target.name} ${from}`, files };
    }),
  );
}

function enabled(config: TypewireConfig): Target[] {
  return targets.filter((target) => target.enabled(config));
}

/**
 * Each enabled target's files, one target after the other so each one's time is its own. With a
 * cache, a target whose inputs and output are as the last run left them is read back from disk.
 */
async function renderTargets(
  config: TypewireConfig,
  cwd: string,
  cache?: RunCache,
  strict = false,
  progress?: (target: Target, done?: { files: number; cached: boolean; ms: number }) => void,
) {
  const out: { target: Target; files: RenderedFile[]; warnings: GeneratorError[]; ms: number }[] =
    [];
  for (const target of enabled(config)) {
    const started = performance.now();
    progress?.(target);
    let rendered = await cache?.lookup(target);
    const cached = rendered !== undefined;
    if (!rendered) {
      const warnings: GeneratorError[] = [];
      const emitted = await target.emit(config, cwd, (warning) => warnings.push(warning));
      rendered = { files: await renderFiles(emitted, cwd), warnings };
    }
    if (strict) throwAll(rendered.warnings);
    const ms = performance.now() - started;
    progress?.(target, { files: rendered.files.length, cached, ms });
    out.push({ target, ...rendered, ms });
  }
  const seen = new Map<string, string>();
  for (const { target, files } of out) {
    for (const file of files) {
      const other = seen.get(file.absolutePath);
      if (other) {
        throw new GeneratorError(
          `the ${other} and ${target.name} targets both write ${file.displayPath}; give them different output folders`,
          { file: config.file ? relative(cwd, config.file) || config.file : "(bundled config)" },
        );
      }
      seen.set(file.absolutePath, target.name);
    }
  }
  return out;
}
