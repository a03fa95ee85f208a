import { execFile } from "node:child_process";
import { cp, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentServer, createContentServer } from "../../emulator/index.js";
import { packageRoot } from "../../input/paths.js";
import {
  RECIPE_SECRET,
  type RunningServer,
  deliver,
  freePort,
  npmInstall,
  packed,
  pinned,
  startServer,
} from "../helpers/packed-project.js";
import { tempDirForSuite } from "../helpers/temp-project.js";
import { until } from "../helpers/until.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
/** A runtime binary from the npm registry, installed as a devDependency of this repository. */
const binary = (pkg: string, file: string) =>
  join(dirname(require.resolve(`${pkg}/package.json`)), file);
const bun = binary("@oven/bun-linux-x64", "bin/bun");
const deno = binary("@deno/linux-x64-glibc", "deno");
const workerd = binary("@cloudflare/workerd-linux-64", "bin/workerd");
const esbuild = join(packageRoot, "node_modules/.bin/esbuild");
/** Packing builds the runtime from scratch, and the install copies four frameworks: generous. */
const SUITE_BOUND_MS = 600_000;
/** One recipe: a process started, two deliveries, a query. Generous for a loaded machine. */
const RECIPE_BOUND_MS = 120_000;
/** The example site's two latest news entries at NOW (schemas/content/site.json). */
const NOW = new Date("2026-06-01T12:00:00Z");

/**
 * Every recipe of docs/recipes.md, run as a user runs it: the files under examples/ copied into a
 * new project, @typewire/runtime installed there from its packed tarball with the framework at
 * the version this repository pins, each app started with its framework or runtime, then a
 * signed delivery that reaches the handler and a delivery with a bad signature that is refused.
 */
describe(
  "the framework and runtime recipes, from the packed runtime",
  { timeout: SUITE_BOUND_MS },
  () => {
    let project: string;
    let emulator: ContentServer;
    let newsTitles: string[];
    const started: RunningServer[] = [];

    beforeAll(async () => {
      const runtime = await packed("runtime");
      project = await tempDirForSuite("typewire-recipes-");
      for (const recipe of ["express", "fastify", "hono-node", "lambda", "workers", "bun", "deno"])
        await cp(join(packageRoot, "examples", recipe), join(project, recipe), { recursive: true });
      await writeFile(
        join(project, "package.json"),
        JSON.stringify({ name: "recipes", private: true, type: "module" }),
      );
      await npmInstall(project, [
        runtime,
        pinned("express"),
        pinned("fastify"),
        pinned("hono"),
        pinned("@hono/node-server"),
      ]);
      emulator = await createContentServer({ port: 0, host: "127.0.0.1", now: () => NOW });
      const answer = await fetch(emulator.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: '{ entries(section: "news", limit: 2) { title } }' }),
      });
      const { data } = (await answer.json()) as { data: { entries: { title: string }[] } };
      newsTitles = data.entries.map((entry) => entry.title);
      expect(newsTitles).toHaveLength(2);
    }, SUITE_BOUND_MS);

    afterAll(async () => {
      await Promise.all(started.map((server) => server.stop()));
      await emulator?.close();
    });

    const start = async (...args: Parameters<typeof startServer>) => {
      const server = await startServer(...args);
      started.push(server);
      return server;
    };
    const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
    const origin = (server: RunningServer) => listening.exec(server.output())![1]!;

    /** The signed delivery reaches the handler; the bad signature is refused and reaches nothing. */
    const receivesAndRefuses = async (server: RunningServer, url: string) => {
      expect(await deliver(url, "recipe-signed")).toEqual({ status: 200, body: '{"ok":true}' });
      await until(
        () => server.output().includes("handled recipe-signed: issues.opened #7"),
        "the handler's line",
      );
      const refused = await deliver(url, "recipe-forged", "bad-signature");
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toEqual({
        error: expect.stringContaining("the signature does not match"),
      });
      expect(server.output()).not.toContain("handled recipe-forged");
    };
    /** The app's own JSON route still gets its body parsed beside the webhook route. */
    const parsesItsOwnJson = async (server: RunningServer) => {
      const note = await fetch(`${origin(server)}/api/notes`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"text":"hi"}',
      });
      expect(await note.json()).toEqual({ received: { text: "hi" } });
    };
    const env = { WEBHOOK_SECRET: RECIPE_SECRET, PORT: "0" };

    it(
      "Express: the middleware mounted before express.json() receives; the app's JSON routes still parse",
      { timeout: RECIPE_BOUND_MS },
      async () => {
        const server = await start(process.execPath, ["express/server.js"], {
          cwd: project,
          env,
          ready: listening,
        });
        await receivesAndRefuses(server, `${origin(server)}/api/platform/webhooks`);
        await parsesItsOwnJson(server);
        await server.stop();
      },
    );

    it(
      "Express: with express.json() mounted first, every delivery is answered 500 saying to mount the middleware first",
      { timeout: RECIPE_BOUND_MS },
      async () => {
        const server = await start(process.execPath, ["express/server-parser-first.js"], {
          cwd: project,
          env,
          ready: listening,
        });
        const answer = await deliver(`${origin(server)}/api/platform/webhooks`, "recipe-parsed");
        expect(answer.status).toBe(500);
        expect(JSON.parse(answer.body).error).toContain(
          "mount the webhook middleware before body parsers such as express.json()",
        );
        expect(server.output()).not.toContain("handled");
        await server.stop();
      },
    );

    it(
      "Fastify: the webhook route keeps the raw body; the app's other routes keep Fastify's JSON parser",
      { timeout: RECIPE_BOUND_MS },
      async () => {
        const server = await start(process.execPath, ["fastify/server.js"], {
          cwd: project,
          env,
          ready: listening,
        });
        await receivesAndRefuses(server, `${origin(server)}/api/platform/webhooks`);
        await parsesItsOwnJson(server);
        await server.stop();
      },
    );

    it(
      "Hono on Node: the route hands c.req.raw to the web middleware",
      { timeout: RECIPE_BOUND_MS },
      async () => {
        const server = await start(process.execPath, ["hono-node/server.js"], {
          cwd: project,
          env,
          ready: listening,
        });
        await receivesAndRefuses(server, `${origin(server)}/api/platform/webhooks`);
        expect(await (await fetch(`${origin(server)}/`)).text()).toBe("ok");
        await server.stop();
      },
    );

    it(
      "Bun: Bun.serve with the web middleware as its fetch handler",
      { timeout: RECIPE_BOUND_MS },
      async () => {
        const server = await start(bun, ["bun/server.ts"], { cwd: project, env, ready: listening });
        await receivesAndRefuses(server, `${origin(server)}/api/platform/webhooks`);
        await server.stop();
      },
    );

    it(
      "Deno: the app type-checks with deno check; Deno.serve receives deliveries and answers a content query from the emulator",
      { timeout: RECIPE_BOUND_MS },
      async () => {
        const denoDir = await tempDirForSuite("typewire-deno-dir-");
        const denoEnv = { DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" };
        // Deno's own type check, with the packed runtime's declarations: the payload is typed.
        await run(deno, ["check", "deno/server.ts"], {
          cwd: project,
          env: { ...process.env, ...denoEnv },
        });
        const server = await start(
          deno,
          ["run", "--allow-net", "--allow-env", "--allow-read", "deno/server.ts"],
          {
            cwd: project,
            env: {
              ...env,
              CMS_ENDPOINT: emulator.url,
              ...denoEnv,
            },
            ready: listening,
          },
        );
        await receivesAndRefuses(server, `${origin(server)}/api/platform/webhooks`);
        expect(await (await fetch(`${origin(server)}/news`)).json()).toEqual(newsTitles);
        await server.stop();
      },
    );

    it(
      "Cloudflare Workers: the worker bundled with esbuild runs in workerd, receives deliveries and answers a content query",
      { timeout: RECIPE_BOUND_MS },
      async () => {
        await run(
          esbuild,
          [
            "worker.js",
            "--bundle",
            "--format=esm",
            "--platform=browser",
            "--outfile=worker.bundle.js",
            "--log-level=warning",
          ],
          { cwd: join(project, "workers") },
        );
        const port = await freePort();
        const server = await start(
          workerd,
          ["serve", "config.capnp", "--socket-addr", `http=127.0.0.1:${port}`, "--verbose"],
          {
            cwd: join(project, "workers"),
            env: { WEBHOOK_SECRET: RECIPE_SECRET, CMS_ENDPOINT: emulator.url },
            // workerd prints nothing when it is ready: the first request tells.
            ready: /(?:)/,
          },
        );
        const url = `http://127.0.0.1:${port}`;
        await until(
          () =>
            fetch(`${url}/`).then(
              (response) => response.status === 404,
              () => false,
            ),
          "workerd to listen",
          60_000,
        );
        await receivesAndRefuses(server, `${url}/api/platform/webhooks`);
        expect(await (await fetch(`${url}/news`)).json()).toEqual(newsTitles);
        await server.stop();
      },
    );

    it(
      "AWS Lambda: a function URL event and an API Gateway HTTP API event (base64 body) reach the handler; a bad signature is refused",
      { timeout: RECIPE_BOUND_MS },
      async () => {
        const { signDelivery } = await import("@typewire/runtime/testing");
        const signed = await signDelivery({
          secret: RECIPE_SECRET,
          name: "issues.opened",
          payload: { issue: { number: 7 } },
          id: "lambda-url",
        });
        const body = new TextDecoder().decode(signed.body);
        const functionUrl = functionUrlEvent(signed.headers, body);
        const apiGateway = apiGatewayEvent(
          { ...signed.headers, "x-platform-delivery": "lambda-gateway" },
          Buffer.from(body).toString("base64"),
        );
        const forged = functionUrlEvent(
          {
            ...signed.headers,
            "x-platform-delivery": "lambda-forged",
            "x-hub-signature-256": `sha256=${"0".repeat(64)}`,
          },
          body,
        );
        // The handler's module, imported by node as Lambda's Node.js runtime imports it.
        const invoke = `
      import { handler } from "./lambda/handler.js";
      const results = [];
      for (const event of JSON.parse(process.argv[1])) results.push(await handler(event));
      console.log("RESULTS " + JSON.stringify(results));
    `;
        const { stdout } = await run(
          process.execPath,
          ["--input-type=module", "-e", invoke, JSON.stringify([functionUrl, apiGateway, forged])],
          { cwd: project, env: { ...process.env, WEBHOOK_SECRET: RECIPE_SECRET } },
        );
        const results = JSON.parse(stdout.slice(stdout.indexOf("RESULTS ") + 8)) as {
          statusCode: number;
          body: string;
          headers: Record<string, string>;
        }[];
        expect(results.map((result) => result.statusCode)).toEqual([200, 200, 400]);
        expect(results[0]).toMatchObject({ body: '{"ok":true}', isBase64Encoded: false });
        expect(results[0]!.headers["content-type"]).toMatch(/^application\/json/);
        expect(results[2]!.body).toContain("the signature does not match");
        expect(stdout).toContain("handled lambda-url: issues.opened #7");
        expect(stdout).toContain("handled lambda-gateway: issues.opened #7");
        expect(stdout).not.toContain("handled lambda-forged");
      },
    );
  },
);

/** A Lambda function URL event (payload format 2.0), as AWS documents and sends it. */
function functionUrlEvent(headers: Record<string, string>, body: string) {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: "/api/platform/webhooks",
    rawQueryString: "",
    headers: {
      ...headers,
      host: "abcdefghijklmnopqrstuvwxyz0123456.lambda-url.eu-west-1.on.aws",
      "user-agent": "Platform-Hookshot/5a1b2c3",
      "x-amzn-trace-id": "Root=1-67a1b2c3-0123456789abcdef01234567",
      "x-forwarded-for": "192.0.2.10",
      "x-forwarded-port": "443",
      "x-forwarded-proto": "https",
      "content-length": String(Buffer.byteLength(body)),
    },
    requestContext: {
      accountId: "anonymous",
      apiId: "abcdefghijklmnopqrstuvwxyz0123456",
      domainName: "abcdefghijklmnopqrstuvwxyz0123456.lambda-url.eu-west-1.on.aws",
      domainPrefix: "abcdefghijklmnopqrstuvwxyz0123456",
      http: {
        method: "POST",
        path: "/api/platform/webhooks",
        protocol: "HTTP/1.1",
        sourceIp: "192.0.2.10",
        userAgent: "Platform-Hookshot/5a1b2c3",
      },
      requestId: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
      routeKey: "$default",
      stage: "$default",
      time: "27/Nov/2026:12:00:00 +0000",
      timeEpoch: 1795780800000,
    },
    body,
    isBase64Encoded: false,
  };
}

/** An API Gateway HTTP API event (payload format 2.0) whose body came base64-encoded. */
function apiGatewayEvent(headers: Record<string, string>, base64Body: string) {
  return {
    version: "2.0",
    routeKey: "POST /api/platform/webhooks",
    rawPath: "/api/platform/webhooks",
    rawQueryString: "",
    headers: {
      ...headers,
      host: "a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com",
      "user-agent": "Platform-Hookshot/5a1b2c3",
      "x-forwarded-for": "192.0.2.10",
      "x-forwarded-port": "443",
      "x-forwarded-proto": "https",
    },
    requestContext: {
      accountId: "123456789012",
      apiId: "a1b2c3d4e5",
      domainName: "a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com",
      domainPrefix: "a1b2c3d4e5",
      http: {
        method: "POST",
        path: "/api/platform/webhooks",
        protocol: "HTTP/1.1",
        sourceIp: "192.0.2.10",
        userAgent: "Platform-Hookshot/5a1b2c3",
      },
      requestId: "Ab1Cd2Ef3Gh4=",
      routeKey: "POST /api/platform/webhooks",
      stage: "$default",
      time: "27/Nov/2026:12:00:00 +0000",
      timeEpoch: 1795780800000,
    },
    body: base64Body,
    isBase64Encoded: true,
  };
}
