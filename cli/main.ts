import { closest } from "../input/closest.js";
import { UsageError, parseCommandArgs } from "./args.js";
import type { Io } from "./command.js";
import { commands } from "./commands.js";
import { formatCommandHelp, formatMainHelp } from "./help.js";
import { formatFailure } from "./present.js";
import { readVersion } from "./version.js";

/**
 * Runs the CLI and returns its exit code: 0 success, 1 failure (bad input, stale output),
 * 2 wrong usage. It never throws.
 */
export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-v") {
    io.stdout(`${readVersion()}\n`);
    return 0;
  }
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(formatMainHelp(commands));
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    const suggestion = closest(
      name,
      commands.map((c) => c.name),
    );
    io.stderr(
      `typewire: unknown command "${name}".${suggestion ? ` Did you mean "${suggestion}"?` : ""} Run \`typewire --help\` for the list.\n`,
    );
    return 2;
  }
  try {
    const args = parseCommandArgs(command, rest);
    if (args.values.help) {
      io.stdout(formatCommandHelp(command));
      return 0;
    }
    return await command.run(args, io);
  } catch (error) {
    io.stderr(`${formatFailure(error)}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}
