import { type ChildProcess, spawn } from "node:child_process";
import { cliArgs } from "../helpers/cli-process.js";
import { once } from "node:events";
import { afterEach } from "vitest";

const children: ChildProcess[] = [];

// Every server a test started is stopped after it, whatever the test's outcome.
afterEach(async () => {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    }),
  );
});

/** A `typewire serve` process: its endpoint, the process, and what it printed so far. */
export interface ServeProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Stops the process (SIGTERM) and resolves once it has exited. */
  stop: () => Promise<void>;
}

/**
 * Runs `typewire serve --port 0` as its own process in `cwd` and resolves once it listens. It is
 * stopped after the test that started it.
 */
export async function serveProcess(cwd: string, args: string[] = []): Promise<ServeProcess> {
  const server = await startServeProcess(cwd, args);
  children.push(server.child);
  return server;
}

/**
 * Like {@link serveProcess}, for a process several tests share: the caller stops it with
 * `stop()` (in `afterAll`).
 */
export async function startServeProcess(cwd: string, args: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, cliArgs("serve", "--port", "0", ...args), {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const found = /content API at (\S+)/.exec(output)?.[1];
      if (found) resolve(found);
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) =>
      reject(new Error(`typewire serve exited with ${code}: ${output}`)),
    );
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  };
  return { url, child, output: () => output, stop };
}
