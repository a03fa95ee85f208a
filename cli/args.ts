import { parseArgs } from "node:util";
import type { Command, OptionSpec } from "./command.js";
import { closest } from "../input/closest.js";

/** A mistake in how the command was called: printed with a hint, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Parses a command's arguments strictly: an unknown flag is a UsageError with a suggestion. */
export function parseCommandArgs(command: Command, argv: string[]) {
  const options = Object.fromEntries(
    Object.entries<OptionSpec>({
      ...command.options,
      help: { type: "boolean", short: "h", description: "" },
    }).map(([name, spec]) => [
      name,
      {
        type: spec.type,
        ...(spec.short ? { short: spec.short } : {}),
        ...(spec.multiple ? { multiple: true } : {}),
      },
    ]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(explain(error as Error, command));
  }
  const maxPositionals = command.positionals?.length ?? 0;
  if (parsed.positionals.length > maxPositionals) {
    throw new UsageError(
      `unexpected argument "${parsed.positionals[maxPositionals]}". Run \`typewire ${command.name} --help\` for usage.`,
    );
  }
  const missing = command.positionals?.find(
    (p, index) => p.required && parsed.positionals[index] === undefined,
  );
  if (missing && !parsed.values.help) {
    throw new UsageError(`missing <${missing.name}>. Usage: typewire ${command.usage}`);
  }
  return parsed as {
    values: Record<string, string | boolean | string[] | undefined>;
    positionals: string[];
  };
}

function explain(error: Error, command: Command): string {
  const unknown = /Unknown option '([^']+)'/.exec(error.message)?.[1];
  const help = `Run \`typewire ${command.name} --help\` for usage.`;
  if (unknown) {
    const flag = unknown.replace(/^-+/, "");
    const suggestion = closest(flag, Object.keys(command.options));
    return `unknown option ${unknown}.${suggestion ? ` Did you mean --${suggestion}?` : ""} ${help}`;
  }
  const missingValue = /Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(
    error.message,
  )?.[1];
  if (missingValue) return `option ${missingValue} needs a value. ${help}`;
  return `${error.message.replace(/\.$/, "")}. ${help}`;
}
