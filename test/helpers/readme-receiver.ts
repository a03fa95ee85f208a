import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The first ```ts block under "### Example" in the README's "## Webhook middleware" section. */
export function readmeExample(): string {
  const readme = readFileSync(`${root}README.md`, "utf8");
  const section = readme.slice(readme.indexOf("## Webhook middleware"));
  const example = section.slice(section.indexOf("### Example"));
  const match = /```ts\n([\s\S]*?)```/.exec(example);
  if (!match) throw new Error("README: no ts block under ## Webhook middleware / ### Example");
  return match[1]!;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The README's receiver, running as its own process. */
export interface ReadmeReceiver {
  /** Its delivery endpoint on 127.0.0.1. */
  url: string;
  /** What it has printed so far, stdout and stderr. */
  output(): string;
  /** Ends the process and waits for it. */
  stop(): Promise<void>;
}

/**
 * Starts the README's webhook middleware example verbatim, with `WEBHOOK_SECRET` set to
 * `secret`, on a free port of 127.0.0.1. `name` keeps the copies of concurrent callers apart.
 *
 * @example
 * const receiver = await startReadmeReceiver("deliver", "<SIGNING_SECRET>");
 * await receiver.stop();
 */
export async function startReadmeReceiver(name: string, secret: string): Promise<ReadmeReceiver> {
  // Inside node_modules so the example's bare `@typewire/runtime` import resolves from the
  // workspace while git, tsc and the linters ignore the copy.
  const workDir = `${root}node_modules/.cache/typewire-readme`;
  mkdirSync(workDir, { recursive: true });
  const file = `${workDir}/${name}.ts`;
  writeFileSync(file, readmeExample());
  const port = await freePort();
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=typewire-source", file],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: secret },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return {
    url: `http://127.0.0.1:${port}/api/platform/webhooks`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill();
      await exited;
    },
  };
}
