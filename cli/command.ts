/** Where a command writes. Only the CLI layer prints; everything below it returns values. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** Resolves when the user asks a long-running command to stop (Ctrl-C). */
  interrupted: Promise<void>;
  /**
   * The process is the CLI's own (`cli/bin.ts`), so a command may set V8 flags for its run
   * (`cli/v8-flags.ts`). Unset when the CLI runs inside another program, such as a test.
   */
  ownsProcess?: boolean;
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
