import { type IncomingHttpHeaders, createServer } from "node:http";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_PATH, createNodeMiddleware } from "@typewire/runtime/middleware";
import { verify } from "@typewire/runtime/signature";
import { examplePayload } from "@typewire/runtime/testing";
import { DEFAULT_DELIVER_URL } from "../../cli/commands/deliver.js";
import { bundledFile } from "../../input/paths.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { type ReadmeReceiver, startReadmeReceiver } from "../helpers/readme-receiver.js";
import { runCli, tempDir, writeTree } from "../helpers/temp-project.js";
import { until } from "../helpers/until.js";
import { listen, type Running } from "../middleware/adapters.js";
import { ownEventTable } from "../helpers/own-event-table.js";
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

/** A plain HTTP server on 127.0.0.1 that records each request's headers and exact body. */
async function recordingServer() {
  const requests: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  running = await listen(server);
  const { port } = server.address() as { port: number };
  return { requests, url: `http://127.0.0.1:${port}/hooks` };
}

/** A project folder `project/` inside a temporary folder, with its own table and a config naming it. */
async function ownTableProject(webhooks: Record<string, string> = {}) {
  const dir = await tempDir("typewire-deliver-own-");
  await writeTree(join(dir, "project"), {
    ...ownEventTable,
    "typewire.config.json": `${JSON.stringify({
      webhooks: {
        events: "webhooks/events.json",
        payloads: "webhooks/payloads",
        out: "src/generated/webhooks",
        ...webhooks,
      },
    })}\n`,
  });
  return dir;
}

/** The project's payload schemas, in ajv, as `$ref`s between the files resolve. */
function ownSchemaValidator(event: string) {
  const ajv = new Ajv({ strict: true, allErrors: true });
  ajv.addSchema(
    JSON.parse(ownEventTable["webhooks/payloads/definitions.json"]!),
    "definitions.json",
  );
  return ajv.compile(JSON.parse(ownEventTable[`webhooks/payloads/${event}.json`]!));
}

describe("typewire deliver: a project's own event table", () => {
  it("--config: sends a signed example of an event the platform's table lacks, valid against its schema", async () => {
    const { requests, url } = await recordingServer();
    const dir = await ownTableProject();
    const secret = "<SIGNING_SECRET>";
    const result = await runCli(
      [
        "deliver",
        "deploy_hook.fired",
        "--config",
        "project/typewire.config.json",
        "--url",
        url,
        "--secret",
        secret,
        "--id",
        "own-1",
      ],
      dir,
    );
    expect(result).toEqual({
      code: 0,
      stdout: 'delivery own-1: HTTP 200 OK\n{"ok":true}\n',
      stderr: "",
    });
    expect(requests).toHaveLength(1);
    const [{ headers, body }] = requests as [(typeof requests)[number]];
    expect(headers["x-platform-event"]).toBe("deploy_hook");
    expect(headers["x-platform-delivery"]).toBe("own-1");
    expect(await verify(secret, body, String(headers["x-hub-signature-256"]))).toBe(true);
    expect(await verify("another secret", body, String(headers["x-hub-signature-256"]))).toBe(
      false,
    );
    const payload = JSON.parse(body);
    const validate = ownSchemaValidator("deploy_hook");
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
    // Required fields only, the action the name gives, and the shared definition filled in.
    expect(Object.keys(payload).sort()).toEqual(["action", "environment", "hook"]);
    expect(payload.action).toBe("fired");
    expect(payload.hook).toMatchObject({ id: expect.any(Number), url: expect.any(String) });
  });

  it("takes typewire.config.json from the working folder, and -c; an event without actions gets its root's example", async () => {
    const { requests, url } = await recordingServer();
    const dir = await ownTableProject();
    const args = ["--url", url, "--secret", "s"];
    const here = await runCli(["deliver", "build_finished", ...args], join(dir, "project"));
    expect(here).toMatchObject({ code: 0, stderr: "" });
    const short = await runCli(
      ["deliver", "deploy_hook", "-c", "project/typewire.config.json", ...args],
      dir,
    );
    expect(short).toMatchObject({ code: 0, stderr: "" });
    const [built, deployed] = requests.map(({ body }) => JSON.parse(body));
    const validateBuild = ownSchemaValidator("build_finished");
    expect(validateBuild(built), JSON.stringify(validateBuild.errors)).toBe(true);
    // An event named without its action gets its first action's example, as the runtime's does.
    expect(deployed.action).toBe("fired");
    expect(ownSchemaValidator("deploy_hook")(deployed)).toBe(true);
  });

  it("refuses a name the config's table lacks, naming the table's file", async () => {
    const dir = await ownTableProject();
    const deliver = (name: string) =>
      runCli(
        [
          "deliver",
          name,
          "-c",
          "project/typewire.config.json",
          "--url",
          "http://127.0.0.1:1/",
        ].concat(["--secret", "s"]),
        dir,
      );
    const table = "project/webhooks/events.json";
    expect(await deliver("deploy_hok.fired")).toEqual({
      code: 2,
      stdout: "",
      stderr: `typewire: unknown event "deploy_hok.fired". Did you mean "deploy_hook.fired"? Every event and its actions: ${table}\n`,
    });
    expect(await deliver("deploy_hook.fird")).toEqual({
      code: 2,
      stdout: "",
      stderr: `typewire: unknown action "fird" of event "deploy_hook". Did you mean "deploy_hook.fired"? Its actions in ${table}: fired.\n`,
    });
    expect(await deliver("build_finished.fired")).toEqual({
      code: 2,
      stdout: "",
      stderr: `typewire: event "build_finished" has no actions in ${table}: send "build_finished".\n`,
    });
    // A platform event: the config's table takes the platform's place, and the message says so.
    expect(await deliver("issues.opened")).toEqual({
      code: 2,
      stdout: "",
      stderr: `typewire: unknown event "issues.opened". Every event and its actions: ${table} (project/typewire.config.json's webhooks.events, used in place of the platform's table, which has "issues.opened")\n`,
    });
  });

  it("without webhooks.payloads sends only the action and says so; --payload sends the file", async () => {
    const { requests, url } = await recordingServer();
    const dir = await tempDir("typewire-deliver-own-");
    await writeTree(dir, {
      ...ownEventTable,
      "typewire.config.json":
        '{ "webhooks": { "events": "webhooks/events.json", "out": "gen" } }\n',
      "payload.json": '{ "environment": "staging" }\n',
    });
    const args = ["--url", url, "--secret", "s"];
    const bare = await runCli(["deliver", "deploy_hook.fired", ...args], dir);
    expect(bare.code).toBe(0);
    expect(bare.stderr).toBe(
      'typewire: typewire.config.json names no webhooks.payloads, so the payload was {"action":"fired"}; --payload FILE sends your own.\n',
    );
    const noAction = await runCli(["deliver", "build_finished", ...args], dir);
    expect(noAction.stderr).toContain("so the payload was {};");
    const file = await runCli(
      ["deliver", "deploy_hook.fired", "--payload", "payload.json", ...args],
      dir,
    );
    expect(file).toMatchObject({ code: 0, stderr: "" });
    expect(requests.map(({ body }) => JSON.parse(body))).toEqual([
      { action: "fired" },
      {},
      { action: "fired", environment: "staging" },
    ]);
  });

  it("a config without a webhooks section, or with the bundled table, keeps the platform's table and examples", async () => {
    const { recording, url } = await receiver();
    const dir = await tempDir("typewire-deliver-");
    await writeTree(dir, {
      // Only the webhooks section is read: the content schema's unset token does not stop it.
      "content.json": `${JSON.stringify({
        content: {
          out: "gen/content",
          schemas: { cms: { endpoint: "https://cms.example/api", tokenEnv: "TW_DELIVER_UNSET" } },
        },
      })}\n`,
      "bundled.json": '{ "webhooks": { "out": "gen/webhooks" } }\n',
    });
    for (const config of ["content.json", "bundled.json"]) {
      const result = await runCli(
        [
          "deliver",
          "issues.opened",
          "--config",
          config,
          "--url",
          url,
          "--secret",
          "<SIGNING_SECRET>",
        ],
        dir,
      );
      expect(result, config).toMatchObject({ code: 0, stderr: "" });
      const misspelt = await runCli(
        ["deliver", "issues.opend", "--config", config, "--url", url, "--secret", "s"],
        dir,
      );
      expect(misspelt.stderr, config).toMatch(
        /^typewire: unknown action "opend" of event "issues"\. Did you mean "issues\.opened"\? Its actions: assigned,/,
      );
    }
    expect(recording.received.map(({ name, payload }) => [name, payload])).toEqual([
      ["issues", examplePayload("issues.opened")],
      ["issues", examplePayload("issues.opened")],
    ]);
  });

  it("a config that does not exist, or a broken payload schema, is an error naming the file", async () => {
    const dir = await ownTableProject();
    await writeTree(join(dir, "project"), {
      "webhooks/payloads/build_finished.json": "{\n  ,\n}\n",
    });
    const args = ["--url", "http://127.0.0.1:1/", "--secret", "s"];
    const missing = await runCli(["deliver", "push", "-c", "nope.json", ...args], dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: nope\.json: /);
    const broken = await runCli(
      ["deliver", "deploy_hook.fired", "-c", "project/typewire.config.json", ...args],
      dir,
    );
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(
      /^error: project\/webhooks\/payloads\/build_finished\.json:2:3: /,
    );
  });
});
