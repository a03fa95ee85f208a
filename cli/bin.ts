import { setFlagsFromString } from "node:v8";
import { main } from "./main.js";

/**
 * The `typewire` process: runs the CLI with the real streams and working directory, turns
 * Ctrl-C into a graceful stop for long-running commands, and hands the exit code to the shell.
 */
const interrupted = new Promise<void>((resolve) => {
  process.once("SIGINT", () => resolve());
  process.once("SIGTERM", () => resolve());
});
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  interrupted,
  setV8Flag: (flag) => setFlagsFromString(flag),
});
