/** Where a command writes. Only the CLI layer prints; everything below it returns values. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** Resolves when the user asks a long-running command to stop (Ctrl-C). */
  interrupted: Promise<void>;
  /**
   * Sets a V8 flag for the rest of the run (`cli/v8-flags.ts`). Only the CLI's own process
   * (`cli/bin.ts`) gives it: a program that runs the CLI inside itself, such as a test, keeps
   * its flags.
   */
  setV8Flag?: (flag: string) => void;
}

export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  /** Shown in `--help`, with the value's placeholder for string options. */
  description: string;
  placeholder?: string;
  multiple?: boolean;
}

/** A CLI command: its flags, its work (through a programmatic API) and its presentation. */
export interface Command {
  name: string;
  summary: string;
  /** Paragraphs `--help` prints after the summary, for what a flag list cannot say. */
  details?: string[];
  /** Usage line after `typewire`, for example `generate [--config FILE] [--watch]`. */
  usage: string;
  /** Positional arguments, for the help text; none when absent. */
  positionals?: { name: string; description: string; required: boolean }[];
  options: Record<string, OptionSpec>;
  run(
    args: {
      values: Record<string, string | boolean | string[] | undefined>;
      positionals: string[];
    },
    io: Io,
  ): Promise<number>;
}
