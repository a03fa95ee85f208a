import type { TypewireConfig } from "./config.js";
import type { EmittedFile } from "./writer.js";

/**
 * One family of generated files. The orchestrator asks every enabled target for its files; the
 * writer alone touches the disk.
 */
export interface Target {
  name: string;
  enabled(config: TypewireConfig): boolean;
  /** Files and folders whose change means this target must run again (for `--watch`). */
  inputs(config: TypewireConfig): string[];
  /** Folders this target owns: leftover generated files in them are removed. */
  outDirs(config: TypewireConfig): string[];
  /** Reads the inputs and returns the files, unformatted and without banner. */
  emit(config: TypewireConfig, cwd: string): Promise<EmittedFile[]>;
}
