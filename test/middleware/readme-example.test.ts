import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it, vi } from "vitest";
import { signDelivery } from "@typewire/runtime/testing";

const root = fileURLToPath(new URL("../../", import.meta.url));
// Inside node_modules so the example's bare `@typewire/runtime` import resolves from the
// workspace while git, tsc and the linters ignore the copy.
const workDir = `${root}node_modules/.cache/typewire-readme`;

/** The first ```ts block under "### Example" in the README's "## Webhook middleware" section. */
function readmeExample(): string {
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

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

it("runs the README example verbatim and receives a signed delivery", async () => {
  mkdirSync(workDir, { recursive: true });
  const file = `${workDir}/example.ts`;
  writeFileSync(file, readmeExample());
  const port = await freePort();
  let output = "";
  child = spawn(process.execPath, ["--import", "tsx", "--conditions=typewire-source", file], {
    cwd: root,
    env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: "<SIGNING_SECRET>" },
  });
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}/api/platform/webhooks`;
  const { headers, body } = await signDelivery({
    secret: "<SIGNING_SECRET>",
    name: "issues.opened",
    id: "readme-1",
    payload: { issue: { number: 42 } },
  });
  const response = await vi.waitFor(() => fetch(url, { method: "POST", headers, body }), {
    timeout: 15_000,
    interval: 100,
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  await vi.waitFor(() => expect(output).toContain("delivery readme-1: issue #42 opened"));
  expect((await fetch(`http://127.0.0.1:${port}/elsewhere`)).status).toBe(404);
});
