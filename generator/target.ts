import type { GeneratorError } from "../input/errors.js";
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
  /**
   * Folders `--watch` also watches, recursively, for files `matches` accepts: inputs named by
   * patterns, where a new file is a change.
   */
  watchFolders?(config: TypewireConfig): { dir: string; matches: (file: string) => boolean }[];
  /** Inputs that are not files (live endpoints): `--watch` polls them. */
  remoteInputs?(config: TypewireConfig): RemoteInput[];
  /**
   * Reads the inputs and returns the files, unformatted and without banner. Problems that do not
   * stop generation (see `GenerateOptions.strict`) go to `warn`.
   */
  emit(
    config: TypewireConfig,
    cwd: string,
    warn?: (warning: GeneratorError) => void,
  ): Promise<EmittedFile[]>;
}

/** An input `--watch` cannot watch on disk: it is polled, and a new fingerprint means a new run. */
export interface RemoteInput {
  /** For messages, for example the endpoint URL. */
  label: string;
  intervalMs: number;
  /** Reads the input now and returns text that changes exactly when the input does. */
  fingerprint(): Promise<string>;
}
