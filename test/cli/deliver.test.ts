import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import { main } from "../../cli/main.js";
import { listen, type Running } from "../middleware/adapters.js";
import { recordingWebhooks } from "../middleware/test-webhooks.js";

function io(cwd = process.cwd()) {
  const out = { stdout: "", stderr: "" };
  return {
    out,
    io: {
      stdout: (text: string) => (out.stdout += text),
      stderr: (text: string) => (out.stderr += text),
      cwd,
      interrupted: new Promise<void>(() => undefined),
    },
  };
}

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function receiver() {
  const recording = recordingWebhooks();
  const middleware = createNodeMiddleware(recording.webhooks, { log: recording.log });
  const server = createServer((req, res) => {
    middleware(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  running = await listen(server);
  const { port } = server.address() as { port: number };
  return { recording, url: `http://127.0.0.1:${port}/api/platform/webhooks` };
}

describe("typewire deliver", () => {
  it("sends a signed delivery with the payload file and prints the answer", async () => {
    const { recording, url } = await receiver();
    const dir = mkdtempSync(join(tmpdir(), "typewire-deliver-"));
    writeFileSync(join(dir, "payload.json"), '{ "issue": { "number": 5 } }\n');
    const { out, io: cliIo } = io(dir);
    const code = await main(
      [
        "deliver",
        "issues.opened",
        "--url",
        url,
        "--secret",
        "<SIGNING_SECRET>",
        "--payload",
        "payload.json",
        "--id",
        "cli-1",
      ],
      cliIo,
    );
    expect(out.stderr).toBe("");
    expect(out.stdout).toBe('delivery cli-1: HTTP 200 OK\n{"ok":true}\n');
    expect(code).toBe(0);
    expect(recording.received).toEqual([
      { id: "cli-1", name: "issues", payload: { action: "opened", issue: { number: 5 } } },
    ]);
  });

  it("exits 1 and prints the receiver's error when the secret is wrong", async () => {
    const { url } = await receiver();
    const { out, io: cliIo } = io();
    const code = await main(["deliver", "push", "--url", url, "--secret", "wrong"], cliIo);
    expect(code).toBe(1);
    expect(out.stdout).toMatch(
      /^delivery [0-9a-f-]{36}: HTTP 400 Bad Request\n\{"error":".*signature does not match/,
    );
  });

  it("refuses an unknown event, a bad payload file and missing flags", async () => {
    const dir = mkdtempSync(join(tmpdir(), "typewire-deliver-"));
    writeFileSync(join(dir, "bad.json"), '{\n  "a": 1,\n}\n');
    const unknown = io(dir);
    expect(
      await main(
        ["deliver", "issues.nope", "--url", "http://127.0.0.1:1/", "--secret", "s"],
        unknown.io,
      ),
    ).toBe(1);
    expect(unknown.out.stderr).toContain("issues.nope");
    const bad = io(dir);
    expect(
      await main(
        [
          "deliver",
          "push",
          "--url",
          "http://127.0.0.1:1/",
          "--secret",
          "s",
          "--payload",
          "bad.json",
        ],
        bad.io,
      ),
    ).toBe(1);
    expect(bad.out.stderr).toMatch(/bad\.json:3:1/);
    const flags = io(dir);
    expect(await main(["deliver", "push"], flags.io)).toBe(2);
    expect(flags.out.stderr).toContain("missing --url and --secret");
  });

  it("says when the receiver cannot be reached", async () => {
    const { url } = await receiver();
    await running!.close();
    running = undefined;
    const { out, io: cliIo } = io();
    expect(await main(["deliver", "push", "--url", url, "--secret", "s"], cliIo)).toBe(1);
    expect(out.stderr).toContain("could not reach");
    expect(out.stderr).toContain("ECONNREFUSED");
  });
});
