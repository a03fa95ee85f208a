import type { TypewireConfig } from "./config.js";
import type { RemoteInput } from "./target.js";
import { targets } from "./targets.js";
import {
  type Difference,
  type RenderedFile,
  type WriteResult,
  diffFiles,
  renderFiles,
  writeFiles,
} from "./writer.js";

/** Generates every file in memory: nothing is written. Throws a GeneratorError on bad input. */
export async function renderAll(
  config: TypewireConfig,
  cwd = process.cwd(),
): Promise<RenderedFile[]> {
  const active = targets.filter((target) => target.enabled(config));
  const emitted = (await Promise.all(active.map((target) => target.emit(config, cwd)))).flat();
  return renderFiles(emitted, cwd);
}

/** The output folders of every enabled target. */
export function outDirsOf(config: TypewireConfig): string[] {
  return targets
    .filter((target) => target.enabled(config))
    .flatMap((target) => target.outDirs(config));
}

/** The input files and folders of every enabled target. */
export function inputsOf(config: TypewireConfig): string[] {
  return targets
    .filter((target) => target.enabled(config))
    .flatMap((target) => target.inputs(config));
}

/** The inputs of every enabled target that are polled rather than watched (live endpoints). */
export function remoteInputsOf(config: TypewireConfig): RemoteInput[] {
  return targets
    .filter((target) => target.enabled(config))
    .flatMap((target) => target.remoteInputs?.(config) ?? []);
}

/**
 * `typewire generate` as a function: generates every file first, then writes the changed ones.
 * A bad input throws before anything is written.
 *
 * @example
 * const config = await loadConfig(undefined);
 * const { written } = await generate(config);
 */
export async function generate(config: TypewireConfig, cwd = process.cwd()): Promise<WriteResult> {
  const files = await renderAll(config, cwd);
  return writeFiles(files, outDirsOf(config), cwd);
}

/**
 * `typewire check` as a function: the files that `generate` would write, remove or create.
 * An empty list means the output is current.
 */
export async function check(config: TypewireConfig, cwd = process.cwd()): Promise<Difference[]> {
  const files = await renderAll(config, cwd);
  return diffFiles(files, outDirsOf(config), cwd);
}
