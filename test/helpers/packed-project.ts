import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, readFile, rmdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";
import { packageRoot } from "../../input/paths.js";
import { signDelivery } from "@typewire/runtime/testing";
import { until } from "./until.js";

const run = promisify(execFile);

/** The root manifest's devDependencies: the exact versions a packed project installs. */
export const devDependencies = (
  JSON.parse(await readFile(join(packageRoot, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  }
).devDependencies;

/** `name@version` at the version this repository pins as a devDependency. */
export function pinned(name: string): string {
  const version = devDependencies[name];
  if (!version) throw new Error(`${name} is not a devDependency of the repository`);
  return `${name}@${version}`;
}

/**
 * Packs the package in `folder` as `npm publish` would (building it first, through its
 * `prepack`) into `destination`, and resolves the tarball's path.
 */
export async function pack(folder: string, destination: string): Promise<string> {
  const { stdout } = await run("npm", ["pack", "--silent", "--pack-destination", destination], {
    cwd: folder,
  });
  return join(destination, stdout.trim().split("\n").at(-1) ?? "");
}

/**
 * The tarball of the CLI (`typewire`, the repository root) or of `@typewire/runtime`, packed once
 * per test run and shared by every test file that asks (in the run's folder, see
 * global-setup.ts). Packs run one at a time, whichever files ask at once: each `npm pack`
 * rebuilds dist/ from scratch, and packing the CLI rebuilds the runtime's too.
 */
export async function packed(which: "cli" | "runtime"): Promise<string> {
  const root = inject("packDir");
  const lock = join(root, "packing.lock");
  // mkdir is atomic: whoever creates the folder packs, the others wait for it to go.
  await until(
    () =>
      mkdir(lock).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === "EEXIST") return false;
          throw error;
        },
      ),
    "another test file's npm pack",
    PACK_BOUND_MS,
  );
  try {
    const record = join(root, `${which}.tarball`);
    const done = await readFile(record, "utf8").catch(() => undefined);
    if (done !== undefined) return done;
    const destination = join(root, which);
    await mkdir(destination, { recursive: true });
    const tarball = await pack(
      which === "cli" ? packageRoot : join(packageRoot, "runtime"),
      destination,
    );
    await writeFile(record, tarball);
    return tarball;
  } finally {
    await rmdir(lock);
  }
}

/** Packing both packages builds both from scratch: generous, since the machine may be busy. */
const PACK_BOUND_MS = 600_000;

/**
 * Installs `specs` (tarballs, `name@version`) into the project in `cwd` as a user would, from
 * the npm cache `npm ci` filled where it can.
 */
export async function npmInstall(cwd: string, specs: string[]): Promise<void> {
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...specs], { cwd });
}

/** A free TCP port of 127.0.0.1, for servers that cannot be told to take any (port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A server started as a child process, with what it printed so far. */
export interface RunningServer {
  readonly child: ChildProcess;
  /** Standard output and standard error, interleaved. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `command` in `cwd` and waits until its output matches `ready` (an error naming the
 * output if it exits first or takes longer than `ms`).
 */
export async function startServer(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; ready: RegExp; ms?: number },
): Promise<RunningServer> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (text: string) => {
    output += text;
  };
  child.stdout?.setEncoding("utf8").on("data", append);
  child.stderr?.setEncoding("utf8").on("data", append);
  const server: RunningServer = {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
  try {
    await until(
      () => {
        if (child.exitCode !== null) throw new Error(`${command} exited early:\n${output}`);
        return options.ready.test(output);
      },
      `${args.join(" ")} to start (output so far:\n${output})`,
      options.ms ?? 60_000,
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** The secret every recipe's receiver is started with. */
export const RECIPE_SECRET = "recipe-secret";

/**
 * Posts a signed `issues.opened` delivery (issue #7) to `url`, with the right signature or a
 * wrong one, and resolves the answer's status and body.
 */
export async function deliver(
  url: string,
  id: string,
  signature: "signed" | "bad-signature" = "signed",
): Promise<{ status: number; body: string }> {
  const { headers, body } = await signDelivery({
    secret: RECIPE_SECRET,
    name: "issues.opened",
    payload: { issue: { number: 7 } },
    id,
  });
  if (signature === "bad-signature") headers["x-hub-signature-256"] = `sha256=${"0".repeat(64)}`;
  const response = await fetch(url, { method: "POST", headers, body });
  return { status: response.status, body: await response.text() };
}
