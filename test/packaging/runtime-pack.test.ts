import { execFile } from "node:child_process";
import { cp, readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import {
  emitterEventNamesOf,
  readEventActionTable,
} from "../../generator/webhooks/event-action-table.js";
import { packageRoot } from "../../input/paths.js";
import { type RedisServer, startRedis } from "../helpers/redis-server.js";
import { tempDir, writeTree } from "../helpers/temp-project.js";

const run = promisify(execFile);
const tsc = join(packageRoot, "node_modules/typescript/bin/tsc");

/**
 * Uses one value from every public subpath, and exercises the HTTP ones for real: both
 * middlewares answer signed deliveries (the node one on 127.0.0.1), and the relay client feeds
 * a message from a stand-in EventSource to the handlers. Prints what it saw as JSON.
 */
const SUBPATHS_JS = `
import { createServer } from "node:http";
import { Webhooks as RootWebhooks } from "@typewire/runtime";
import { createContentClient } from "@typewire/runtime/content";
import { createEventHandler } from "@typewire/runtime/event-handler";
import { DEFAULT_PATH, createNodeMiddleware, createWebMiddleware } from "@typewire/runtime/middleware";
import { createRelayClient, toDelivery } from "@typewire/runtime/relay";
import { sign } from "@typewire/runtime/signature";
import { signDelivery, signedRequest } from "@typewire/runtime/testing";
import { Webhooks } from "@typewire/runtime/webhooks";

const secret = "pack-secret";
const webhooks = new Webhooks({ secret });
const received = [];
webhooks.onAny(({ id, name, payload }) => {
  received.push(\`\${name}.\${payload.action}:\${id}\`);
});

const web = createWebMiddleware(webhooks);
const webResponse = await web(
  await signedRequest(\`http://localhost\${DEFAULT_PATH}\`, {
    secret,
    name: "issues.opened",
    payload: { issue: { number: 1 } },
    id: "web",
  }),
);

const node = createNodeMiddleware(webhooks);
const server = createServer(async (req, res) => {
  if (!(await node(req, res))) res.writeHead(404).end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
let nodeStatus;
try {
  const { headers, body } = await signDelivery({ secret, name: "issues.closed", payload: {}, id: "node" });
  const response = await fetch(\`http://127.0.0.1:\${server.address().port}\${DEFAULT_PATH}\`, {
    method: "POST",
    headers,
    body,
  });
  nodeStatus = response.status;
  await response.arrayBuffer();
} finally {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

const relayed = { action: "edited" };
const message = JSON.stringify({
  "x-request-id": "relay",
  "x-platform-event": "issues",
  "x-hub-signature": await sign(secret, JSON.stringify(relayed)),
  body: relayed,
});
class OneMessageSource {
  readyState = 1;
  onopen = null;
  onmessage = null;
  onerror = null;
  constructor() {
    setTimeout(() => this.onmessage?.({ data: message }));
  }
  close() {
    this.readyState = 2;
  }
}
const relay = createRelayClient({ url: "http://127.0.0.1:9/channel", webhooks, EventSource: OneMessageSource });
for (let i = 0; i < 200 && !received.includes("issues.edited:relay"); i++)
  await new Promise((resolve) => setTimeout(resolve, 10));
relay.close();

console.log(
  JSON.stringify({
    webStatus: webResponse.status,
    nodeStatus,
    received,
    relayName: toDelivery(message).name,
    others: [RootWebhooks, createContentClient, createEventHandler].map((value) => typeof value),
  }),
);
`;

/** The same subpaths from TypeScript: their declarations resolve and keep their meaning. */
const SUBPATHS_TS = `
import type { IncomingMessage, ServerResponse } from "node:http";
import { type NodeMiddleware, type WebMiddleware, createNodeMiddleware, createWebMiddleware } from "@typewire/runtime/middleware";
import { type EventSourceConstructor, type RelayClient, createRelayClient } from "@typewire/runtime/relay";
import { type SignedDelivery, signDelivery, signedRequest } from "@typewire/runtime/testing";
import type { IssuesOpenedEvent } from "@typewire/runtime/payloads";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: "<SIGNING_SECRET>" });
const node: NodeMiddleware = createNodeMiddleware(webhooks, { path: "/hooks", maxBodySize: 1024 });
export const handled: Promise<boolean> = node({} as IncomingMessage, {} as ServerResponse);
const web: WebMiddleware = createWebMiddleware(webhooks, {
  onUnhandledRequest: () => new Response(null, { status: 404 }),
});
export const answered: Promise<Response> = signedRequest("http://localhost/hooks", {
  secret: "<SIGNING_SECRET>",
  name: "issues.opened",
  payload: {},
}).then(web);
export const delivery: Promise<SignedDelivery> = signDelivery({ secret: "s", name: "push", payload: "{}" });
declare const Source: EventSourceConstructor;
export const relay: RelayClient = createRelayClient({ url: "http://127.0.0.1/channel", webhooks, EventSource: Source });
export type Opened = IssuesOpenedEvent["action"];
// @ts-expect-error maxBodySize is a number of bytes
createWebMiddleware(webhooks, { maxBodySize: "1mb" });
`;

/**
 * Durable mode end to end, once bullmq and ioredis are installed: a receiver verifies and
 * queues a delivery on the Redis whose port is the first argument, a worker runs its handler.
 */
const QUEUE_JS = `
import { createServer } from "node:http";
import { DEFAULT_PATH, createNodeMiddleware } from "@typewire/runtime/middleware";
import { createDeliveryQueue, createDeliveryWorker } from "@typewire/runtime/queue";
import { signDelivery } from "@typewire/runtime/testing";
import { Webhooks } from "@typewire/runtime/webhooks";

const connection = { host: "127.0.0.1", port: Number(process.argv[2]) };
const secret = "pack-secret";
const queue = createDeliveryQueue({ connection, name: "pack" });
const middleware = createNodeMiddleware(new Webhooks({ secret }), { queue });
const server = createServer(async (req, res) => {
  if (!(await middleware(req, res))) res.writeHead(404).end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

const working = new Webhooks({ secret });
const handled = new Promise((resolve) => working.onAny((event) => resolve(event)));
const worker = createDeliveryWorker(working, { connection, name: "pack" });

const { headers, body } = await signDelivery({ secret, name: "issues.opened", payload: { n: 1 }, id: "queued" });
const response = await fetch(\`http://127.0.0.1:\${server.address().port}\${DEFAULT_PATH}\`, {
  method: "POST",
  headers,
  body,
});
const answer = { status: response.status, body: await response.json() };
const event = await handled;
await worker.close();
await queue.close();
server.closeAllConnections();
server.close();
console.log(JSON.stringify({ answer, event }));
`;

/** Durable mode from TypeScript: the declarations resolve against the installed bullmq. */
const QUEUE_TS = `
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import { type DeliveryWorker, type RedisDeliveryQueue, createDeliveryQueue, createDeliveryWorker } from "@typewire/runtime/queue";
import { Webhooks, createMemoryDedupeStore } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: "<SIGNING_SECRET>" });
const connection = { host: "127.0.0.1", port: 6379 };
export const queue: RedisDeliveryQueue = createDeliveryQueue({ connection, attempts: 3 });
createNodeMiddleware(webhooks, { queue, dedupe: createMemoryDedupeStore() });
export const worker: DeliveryWorker = createDeliveryWorker(webhooks, { connection, concurrency: 4 });
export const failed: Promise<number> = queue.queue.getFailedCount();
// @ts-expect-error concurrency is a number
createDeliveryWorker(webhooks, { connection, concurrency: "4" });
`;

/** Every `@typewire/runtime...` specifier a scratch file imports, as an exports key (`.`, `./x`). */
function subpathsImported(...sources: string[]): string[] {
  const found = new Set<string>();
  for (const source of sources) {
    for (const [, rest] of source.matchAll(/from "@typewire\/runtime(\/[^"]*)?"/g))
      found.add(rest ? `.${rest}` : ".");
  }
  return [...found].sort();
}

/**
 * Packs @typewire/runtime exactly as it would be published, installs the tarball into a scratch
 * project with no access to this repository, and uses it from JavaScript and from TypeScript
 * under both `node16` and `nodenext`.
 */
let redis: RedisServer | undefined;
afterAll(async () => {
  await redis?.stop();
});

describe("the packed runtime", () => {
  it("works from a separate project that installs the tarball", { timeout: 240_000 }, async () => {
    const packDir = await tempDir("typewire-pack-");
    const { stdout } = await run("npm", ["pack", "--silent", "--pack-destination", packDir], {
      cwd: join(packageRoot, "runtime"),
    });
    const tarball = join(packDir, stdout.trim().split("\n").at(-1) ?? "");
    const listing = await run("tar", ["-tzf", tarball]);
    expect(listing.stdout).toContain("package/dist/output/webhooks/event-names.js");
    expect(listing.stdout).not.toContain("package/src/");

    const scratch = await tempDir("typewire-scratch-");
    await writeTree(scratch, {
      "package.json": JSON.stringify({ name: "scratch", private: true, type: "module" }),
      "main.js": [
        'import { emitterEventNames, validateEventName } from "@typewire/runtime/webhooks";',
        'validateEventName("issues.opened");',
        "console.log(JSON.stringify(emitterEventNames));",
      ].join("\n"),
      "check.ts": [
        'import { type EmitterWebhookEventName, validateEventName } from "@typewire/runtime/webhooks";',
        'const name: EmitterWebhookEventName = "pull_request.opened";',
        "validateEventName(name);",
        "// @ts-expect-error unknown event names do not compile",
        'const wrong: EmitterWebhookEventName = "pull_request.nope";',
        "export { wrong };",
      ].join("\n"),
      "subpaths.js": SUBPATHS_JS,
      "subpaths.ts": SUBPATHS_TS,
      "queue.js": QUEUE_JS,
      "queue.ts": QUEUE_TS,
    });
    await run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], {
      cwd: scratch,
    });
    // bullmq and ioredis are optional peers: nothing installs them for a user who does not.
    const installed = await readdir(join(scratch, "node_modules"));
    expect(installed).not.toContain("bullmq");
    expect(installed).not.toContain("ioredis");
    const result = await run("node", ["main.js"], { cwd: scratch });
    const names = JSON.parse(result.stdout) as string[];
    const table = await readEventActionTable(join(packageRoot, "schemas/webhooks/events.json"));
    expect(names).toHaveLength(323);
    expect(names).toEqual(emitterEventNamesOf(table));

    const used = JSON.parse((await run("node", ["subpaths.js"], { cwd: scratch })).stdout);
    expect(used).toEqual({
      webStatus: 200,
      nodeStatus: 200,
      received: ["issues.opened:web", "issues.closed:node", "issues.edited:relay"],
      relayName: "issues",
      others: ["function", "function", "function"],
    });

    // Without bullmq, only the queue subpath fails, when imported, naming the missing package.
    await expect(
      run("node", ["--input-type=module", "-e", 'await import("@typewire/runtime/queue")'], {
        cwd: scratch,
      }),
    ).rejects.toThrow(/Cannot find package 'bullmq'/);

    // With them installed (the versions this repository tests with, from the npm cache the
    // repository's own install filled), durable mode works against a real Redis.
    const devDependencies = JSON.parse(await readFile(join(packageRoot, "package.json"), "utf8"))
      .devDependencies as Record<string, string>;
    await run(
      "npm",
      [
        "install",
        "--offline",
        "--no-audit",
        "--no-fund",
        `bullmq@${devDependencies.bullmq}`,
        `ioredis@${devDependencies.ioredis}`,
      ],
      { cwd: scratch },
    );
    redis = await startRedis();
    const queued = JSON.parse(
      (await run("node", ["queue.js", String(redis.port)], { cwd: scratch })).stdout,
    );
    expect(queued).toEqual({
      answer: { status: 202, body: { ok: true, queued: true } },
      event: { id: "queued", name: "issues", payload: { n: 1, action: "opened" } },
    });

    // The node middleware's declarations use node's types, as any Node project has them
    // installed; copied after the installs, which would prune them as extraneous.
    for (const name of ["@types/node", "undici-types"]) {
      await cp(join(packageRoot, "node_modules", name), join(scratch, "node_modules", name), {
        recursive: true,
      });
    }
    for (const mode of ["node16", "nodenext"]) {
      const args = [
        "--noEmit",
        "--strict",
        "--module",
        mode,
        "--moduleResolution",
        mode,
        "--target",
        "es2022",
        "check.ts",
        "subpaths.ts",
        "queue.ts",
      ];
      await expect(run("node", [tsc, ...args], { cwd: scratch })).resolves.toBeTruthy();
    }
    expect(await readdir(join(scratch, "node_modules/@typewire/runtime"))).toContain("dist");
    const manifest = JSON.parse(
      await readFile(join(scratch, "node_modules/@typewire/runtime/package.json"), "utf8"),
    );
    // Every public entry is imported above, so a subpath added later cannot ship untried.
    const publicSubpaths = Object.keys(manifest.exports)
      .filter((subpath) => subpath !== "./package.json")
      .sort();
    expect(subpathsImported(SUBPATHS_JS, SUBPATHS_TS, QUEUE_JS, QUEUE_TS)).toEqual(
      expect.arrayContaining(publicSubpaths),
    );
    expect(publicSubpaths).toEqual(
      expect.arrayContaining(["./middleware", "./queue", "./relay", "./testing"]),
    );
  });
});
