import type { Command } from "./command.js";

/** `typewire --help`. */
export function formatMainHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "typewire: typed code for platform webhooks and content GraphQL APIs",
    "",
    "Usage: typewire <command> [options]",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Options:",
    "  -v, --version  Print typewire's version.",
    "  -h, --help     Show this help.",
    "",
    "Run `typewire <command> --help` for a command's options.",
    "",
  ].join("\n");
}

/** `typewire <command> --help`. */
export function formatCommandHelp(command: Command): string {
  const flags = Object.entries(command.options).map(([name, spec]) => {
    const short = spec.short ? `-${spec.short}, ` : "";
    const value = spec.type === "string" ? ` ${spec.placeholder ?? "VALUE"}` : "";
    return { left: `${short}--${name}${value}`, right: spec.description };
  });
  flags.push({ left: "-h, --help", right: "Show this help." });
  const width = Math.max(...flags.map((f) => f.left.length));
  const positionals = command.positionals ?? [];
  return [
    `Usage: typewire ${command.usage}`,
    "",
    command.summary,
    ...(command.details ?? []).flatMap((paragraph) => ["", paragraph]),
    ...(positionals.length
      ? ["", "Arguments:", ...positionals.map((p) => `  <${p.name}>  ${p.description}`)]
      : []),
    "",
    "Options:",
    ...flags.map((f) => `  ${f.left.padEnd(width)}  ${f.right}`),
    "",
  ].join("\n");
}
