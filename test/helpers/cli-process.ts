import { fileURLToPath } from "node:url";

const tsx = import.meta.resolve("tsx");
const bin = fileURLToPath(new URL("../../cli/bin.ts", import.meta.url));

/**
 * Node arguments that run the `typewire` CLI from its TypeScript sources, followed by `args`: a
 * child process that needs no build of the CLI, whatever its working directory. The compiled
 * `bin/typewire.js` is run from the packed package by the consumer-project test.
 *
 * @example
 * spawn(process.execPath, cliArgs("generate", "--watch"), { cwd: dir });
 */
export function cliArgs(...args: string[]): string[] {
  return ["--import", tsx, "--conditions=typewire-source", bin, ...args];
}
