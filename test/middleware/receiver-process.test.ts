import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import { hostileValues } from "./hostile-values.js";
import { signBytes } from "./test-webhooks.js";

const receiver = fileURLToPath(new URL("./fixtures/hostile-receiver.ts", import.meta.url));
let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill();
  child = undefined;
});

/** Starts the receiver as its own process; resolves with its port and everything it printed. */
async function startReceiver(): Promise<{ port: number; output: () => string }> {
  child = spawn(process.execPath, ["--import", "tsx", "--conditions=typewire-source", receiver], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    child!.stdout!.on("data", () => {
      const found = /listening (\d+)/.exec(output)?.[1];
      if (found) resolve(Number(found));
    });
    child!.once("exit", (code) => reject(new Error(`the receiver exited with ${code}: ${output}`)));
  });
  return { port, output: () => output };
}

async function deliver(port: number, payload: object): Promise<number> {
  const body = JSON.stringify(payload);
  const response = await fetch(`http://127.0.0.1:${port}/api/platform/webhooks`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-platform-event": "issues",
      "x-platform-delivery": "d-1",
      "x-hub-signature-256": signBytes(body),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
}

it("a receiver process answers every hostile thrown value with 500 and keeps running", async () => {
  const { port, output } = await startReceiver();
  const statuses: Record<string, number> = {};
  for (const way of ["throw", "reject"]) {
    for (const [index, [name]] of hostileValues.entries()) {
      statuses[`${way} ${name}`] = await deliver(port, { action: "opened", value: index, way });
    }
  }
  expect(
    Object.values(statuses).every((status) => status === 500),
    JSON.stringify(statuses),
  ).toBe(true);
  expect(Object.keys(statuses)).toHaveLength(hostileValues.length * 2);
  expect(await deliver(port, { action: "opened" })).toBe(200);
  expect(child!.exitCode).toBeNull();
  expect(child!.signalCode).toBeNull();
  expect(output()).not.toMatch(/Uncaught|Unhandled|triggerUncaughtException/);
});
