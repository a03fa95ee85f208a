import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_PATH, createNodeMiddleware } from "@typewire/runtime/middleware";
import { examplePayload } from "@typewire/runtime/testing";
import { DEFAULT_DELIVER_URL } from "../../cli/commands/deliver.js";
import { bundledFile } from "../../input/paths.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { type ReadmeReceiver, startReadmeReceiver } from "../helpers/readme-receiver.js";
import { runCli, tempDir, writeTree } from "../helpers/temp-project.js";
import { until } from "../helpers/until.js";
import { listen, type Running } from "../middleware/adapters.js";
import { recordingWebhooks } from "../middleware/test-webhooks.js";

/** Runs `typewire` as its own process, from the sources; resolves with its exit code and output. */
function typewire(args: string[], env: Record<string, string> = {}) {
  return runCliProcess(args, { cwd: process.cwd(), env });
}

/** Several CLI processes from the sources on a busy 2-core machine: about 10 s at worst. */
const PROCESS_TIMEOUT_MS = 60_000;

let running: Running | undefined;
let readmeReceiver: ReadmeReceiver | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
  await readmeReceiver?.stop();
  readmeReceiver = undefined;
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
    const dir = await tempDir("typewire-deliver-");
    await writeTree(dir, { "payload.json": '{ "issue": { "number": 5 } }\n' });
    const args = ["issues.opened", "--url", url, "--secret", "<SIGNING_SECRET>"];
    const { code, stdout, stderr } = await runCli(
      ["deliver", ...args, "--payload", "payload.json", "--id", "cli-1"],
      dir,
    );
    expect(stderr).toBe("");
    expect(stdout).toBe('delivery cli-1: HTTP 200 OK\n{"ok":true}\n');
    expect(code).toBe(0);
    expect(recording.received).toEqual([
      { id: "cli-1", name: "issues", payload: { action: "opened", issue: { number: 5 } } },
    ]);
  });

  it("without --payload sends the example payload of the event and action", async () => {
    const { recording, url } = await receiver();
    const dir = await tempDir("typewire-deliver-");
    for (const name of ["issues.opened", "push"] as const) {
      const result = await runCli(
        ["deliver", name, "--url", url, "--secret", "<SIGNING_SECRET>"],
        dir,
      );
      expect(result).toMatchObject({ code: 0, stderr: "" });
    }
    expect(recording.received.map(({ name, payload }) => [name, payload])).toEqual([
      ["issues", examplePayload("issues.opened")],
      ["push", examplePayload("push")],
    ]);
  });

  it(
    "without --payload, the README's own handler gets the issue number it reads",
    async () => {
      readmeReceiver = await startReadmeReceiver("deliver", "<SIGNING_SECRET>");
      const { url } = readmeReceiver;
      // The receiver is up once it answers; a GET on its path is refused without running anything.
      await until(
        () =>
          fetch(url).then(
            () => true,
            () => false,
          ),
        "the README receiver to listen",
        30_000,
      );
      const result = await typewire(
        ["deliver", "issues.opened", "--url", url, "--secret-env", "WEBHOOK_SECRET"],
        { WEBHOOK_SECRET: "<SIGNING_SECRET>" },
      );
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(/^delivery [0-9a-f-]{36}: HTTP 200 OK\n\{"ok":true\}\n$/);
      expect(result.code).toBe(0);
      const number = examplePayload("issues.opened").issue.number;
      await until(
        () => readmeReceiver!.output().includes(`: issue #${number} opened`),
        "the README handler to log the issue",
      );
      expect(readmeReceiver.output()).not.toContain("Error");
    },
    PROCESS_TIMEOUT_MS,
  );

  it("exits 1 and prints the receiver's error when the secret is wrong", async () => {
    const { url } = await receiver();
    const { code, stdout } = await runCli(
      ["deliver", "push", "--url", url, "--secret", "wrong"],
      process.cwd(),
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /^delivery [0-9a-f-]{36}: HTTP 400 Bad Request\n\{"error":".*signature does not match/,
    );
  });

  it("refuses a bad payload file with its location", async () => {
    const dir = await tempDir("typewire-deliver-");
    await writeTree(dir, { "bad.json": '{\n  "a": 1,\n}\n', "list.json": "[1]\n" });
    const args = ["deliver", "push", "--url", "http://127.0.0.1:1/", "--secret", "s"];
    const bad = await runCli([...args, "--payload", "bad.json"], dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/bad\.json:3:1/);
    const list = await runCli([...args, "--payload", "list.json"], dir);
    expect(list).toMatchObject({
      code: 1,
      stderr: "error: list.json:1:1: the payload must be a JSON object\n",
    });
  });

  it("says when the receiver cannot be reached, and how to point it elsewhere", async () => {
    const { url } = await receiver();
    await running!.close();
    running = undefined;
    const { code, stderr } = await runCli(
      ["deliver", "push", "--url", url, "--secret", "s"],
      process.cwd(),
    );
    expect(code).toBe(1);
    expect(stderr).toBe(
      `error: could not reach ${url}: ECONNREFUSED (is the receiver running there? --url sets where to send)\n`,
    );
  });
});

describe("typewire deliver: a misspelt event", () => {
  it(
    "gets the closest name, and names nothing a CLI user cannot look up",
    async () => {
      const table = bundledFile("schemas/webhooks/events.json");
      const cases: [string, string][] = [
        [
          "issues.opend",
          'typewire: unknown action "opend" of event "issues". Did you mean "issues.opened"? Its actions: assigned, closed, deleted, demilestoned, edited, labeled, locked, milestoned, opened, pinned, reopened, transferred, typed, unassigned, unlabeled, unlocked, unpinned, untyped.\n',
        ],
        [
          "isues.opened",
          `typewire: unknown event "isues.opened". Did you mean "issues.opened"? Every event and its actions: ${table}\n`,
        ],
        [
          "pusj",
          `typewire: unknown event "pusj". Did you mean "push"? Every event and its actions: ${table}\n`,
        ],
        [
          "nothing_like_this",
          `typewire: unknown event "nothing_like_this". Every event and its actions: ${table}\n`,
        ],
        ["push.opened", 'typewire: event "push" has no actions: send "push".\n'],
      ];
      const results = await Promise.all(
        cases.map(([name]) =>
          typewire(["deliver", name, "--url", "http://127.0.0.1:1/", "--secret", "s"]),
        ),
      );
      for (const [index, [, message]] of cases.entries()) {
        expect(results[index]).toEqual({ code: 2, stdout: "", stderr: message });
        expect(results[index]!.stderr).not.toContain("emitterEventNames");
      }
    },
    PROCESS_TIMEOUT_MS,
  );
});

describe("typewire deliver: --secret-env and the default --url", () => {
  it(
    "--secret-env NAME signs with the variable's value; unset is an error, with --secret a usage error",
    async () => {
      const { recording, url } = await receiver();
      const [ok, unset, both, neither] = await Promise.all([
        typewire(["deliver", "push", "--url", url, "--secret-env", "TW_TEST_SECRET"], {
          TW_TEST_SECRET: "<SIGNING_SECRET>",
        }),
        typewire(["deliver", "push", "--url", url, "--secret-env", "TW_TEST_UNSET_SECRET"]),
        typewire(["deliver", "push", "--url", url, "--secret", "s", "--secret-env", "X"]),
        typewire(["deliver", "push", "--url", url]),
      ]);
      expect(ok).toMatchObject({ code: 0, stderr: "" });
      expect(ok.stdout).toMatch(/: HTTP 200 OK\n/);
      expect(recording.received.map(({ name }) => name)).toEqual(["push"]);
      // A missing input rather than a usage mistake, as for introspect's --token-env.
      expect(unset).toEqual({
        code: 1,
        stdout: "",
        stderr:
          "error: environment variable TW_TEST_UNSET_SECRET is not set (it holds the signing secret given by --secret-env)\n",
      });
      expect(both).toEqual({
        code: 2,
        stdout: "",
        stderr: "typewire: give --secret or --secret-env, not both.\n",
      });
      expect(neither.code).toBe(2);
      expect(neither.stderr).toMatch(/^typewire: missing --secret S or --secret-env NAME\. Usage:/);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    "the default --url is the middleware's default path on 127.0.0.1:3000, shown in --help",
    async () => {
      expect(DEFAULT_DELIVER_URL).toBe(`http://127.0.0.1:3000${DEFAULT_PATH}`);
      const help = await typewire(["deliver", "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`--url URL`);
      expect(help.stdout).toContain(`Default: http://127.0.0.1:3000/api/platform/webhooks.`);
      expect(help.stdout).toContain("--secret-env NAME");
    },
    PROCESS_TIMEOUT_MS,
  );
});
