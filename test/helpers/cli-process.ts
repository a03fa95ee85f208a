import { spawn } from "node:child_process";
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

/**
 * Runs the CLI from its sources as a child process and resolves with its exit code and output,
 * whatever the code: for tests of what a user sees in a terminal.
 *
 * @example
 * const { code, stderr } = await runCliProcess(["generate"], { cwd: dir });
 */
export function runCliProcess(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArgs(...args), {
      cwd: options.cwd,
      env: { ...process.env, NO_COLOR: "1", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
