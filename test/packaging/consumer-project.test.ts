import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { cp, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import semver from "semver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  readEventActionTable,
  emitterEventNamesOf,
} from "../../generator/webhooks/event-action-table.js";
import { type RedisServer, startRedis } from "../helpers/redis-server.js";
import { packageRoot } from "../../input/paths.js";
import { npmInstall, packed, pinned } from "../helpers/packed-project.js";
import { tempDirForSuite } from "../helpers/temp-project.js";
import { until } from "../helpers/until.js";

const run = promisify(execFile);
const tsc = join(packageRoot, "node_modules/typescript/bin/tsc");
const fixture = join(packageRoot, "test/packaging/consumer-app");
const manifest = JSON.parse(await readFile(join(packageRoot, "package.json"), "utf8")) as {
  version: string;
};
/** The example site's token of its `partners` schema (schemas/content/site.json). */
const PARTNERS_TOKEN = "nw-partners-7c1e4b9a20d35f86";
/** Packing builds both packages from scratch: generous, since the machine may be busy. */
const SUITE_BOUND_MS = 600_000;

/**
 * The path a user takes, from packages only: both packages packed as they would be published,
 * installed into a new project that has nothing of this repository, then `typewire init`,
 * `typewire generate` against a running emulator (its public schema and a private one by token)
 * and the bundled webhook events, a small app type-checked under three module settings, and run.
 */
describe("typewire in a user's own project", { timeout: SUITE_BOUND_MS }, () => {
  let project: string;
  let tarballs: { cli: string; runtime: string };
  let emulator: ChildProcess | undefined;
  let redis: RedisServer | undefined;
  let endpoint: string;
  const typewire = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, [join(project, "node_modules/typewire/bin/typewire.js"), ...args], {
      cwd: project,
      env: { ...process.env, ...env },
    });

  beforeAll(async () => {
    // Packed once per run, shared with the other files that install them (test/frameworks/).
    tarballs = { cli: await packed("cli"), runtime: await packed("runtime") };
    project = await tempDirForSuite("typewire-consumer-");
    await cp(fixture, project, { recursive: true });
    await run(
      "npm",
      [
        "install",
        "--prefer-offline",
        "--engine-strict",
        "--no-audit",
        "--no-fund",
        tarballs.cli,
        tarballs.runtime,
        pinned("@types/node"),
      ],
      { cwd: project },
    );
    emulator = spawn(
      process.execPath,
      [join(project, "node_modules/typewire/bin/typewire.js"), "serve", "--port", "0"],
      { cwd: project, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    emulator.stdout?.setEncoding("utf8").on("data", (text: string) => {
      output += text;
    });
    await until(() => /content API at (http:\S+)/.test(output), "the emulator to start", 60_000);
    endpoint = /content API at (http:\S+)/.exec(output)![1]!;
  }, SUITE_BOUND_MS);

  afterAll(async () => {
    await redis?.stop();
    if (emulator && emulator.exitCode === null) {
      const exited = once(emulator, "exit");
      emulator.kill("SIGTERM");
      await exited;
    }
  });

  it("ships compiled code, templates and schemas, and nothing of the repository", async () => {
    const files = (await run("tar", ["-tzf", tarballs.cli])).stdout.split("\n");
    expect(files).toEqual(
      expect.arrayContaining([
        "package/bin/typewire.js",
        "package/dist/cli/bin.js",
        "package/dist/generator/index.d.ts",
        "package/templates/content/query.ts.hbs",
        "package/schemas/webhooks/events.json",
        "package/schemas/config.schema.json",
        "package/dist/explorer/explorer.js",
        "package/dist/explorer/explorer.css",
      ]),
    );
    const leaked = files.filter(
      (file) =>
        /^package\/(test|bench|\.ci|output|runtime)\/|\.ts$/.test(file) && !file.endsWith(".d.ts"),
    );
    expect(leaked).toEqual([]);
    const runtimeFiles = (await run("tar", ["-tzf", tarballs.runtime])).stdout;
    expect(runtimeFiles).toContain("package/dist/generated/webhooks/event-names.js");
    expect(runtimeFiles).not.toMatch(/package\/src\/|tsbuildinfo/);
  });

  it("serves the explorer page and its built files from the installed package", async () => {
    const origin = new URL(endpoint).origin;
    const page = await fetch(`${origin}/explorer`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    for (const [file, type] of [
      ["explorer.js", /^text\/javascript/],
      ["explorer.css", /^text\/css/],
    ] as const) {
      const response = await fetch(`${origin}/explorer/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type")).toMatch(type);
      const body = Buffer.from(await response.arrayBuffer());
      expect(
        body.equals(await readFile(join(project, "node_modules/typewire/dist/explorer", file))),
      ).toBe(true);
    }
  });

  it("installs only what the CLI needs to run", async () => {
    const installed = await readdir(join(project, "node_modules"));
    // The explorer's GraphiQL and React are bundled into dist/explorer/ at build time.
    for (const name of [
      "typescript",
      "tsx",
      "vitest",
      "@genql",
      "@octokit",
      "graphiql",
      "react",
      "react-dom",
      "playwright-core",
      // The templates are precompiled at build time, with Handlebars' runtime bundled in: no
      // Handlebars, and none of its compiler's dependencies (uglify-js among them).
      "handlebars",
      "uglify-js",
      "neo-async",
      "wordwrap",
    ]) {
      expect(installed).not.toContain(name);
    }
    // Typed documents are written by the code generator's operations plugin, bundled into
    // dist/generator/render/ at build time with the emitters and graphql: none of the code
    // generator's packages is installed, nor the libraries the plugin brings.
    for (const name of ["@graphql-codegen", "@graphql-tools", "@ardatan", "immutable"]) {
      expect(installed).not.toContain(name);
    }
    const bundled = join(project, "node_modules/typewire/dist/generator/render");
    expect((await readdir(bundled)).filter((name) => name.startsWith("emit-"))).toEqual([
      "emit-content.js",
      "emit-webhooks.js",
    ]);
    const licences = await readFile(join(bundled, "licenses.txt"), "utf8");
    expect(licences).toContain("@graphql-codegen/typescript-operations@");
    expect(licences).toContain("graphql@16.");
  });

  it("installs nothing that asks for a newer Node than both packages promise", async () => {
    const promised = (
      JSON.parse(await readFile(join(packageRoot, "package.json"), "utf8")) as {
        engines: { node: string };
      }
    ).engines.node;
    const floor = semver.minVersion(promised)!;
    const seen = new Set<string>();
    const offenders: string[] = [];
    // Every package folder, nested ones included; a range npm cannot read fails --engine-strict too.
    const visit = async (folder: string): Promise<void> => {
      const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
        const path = join(folder, entry.name);
        if (entry.name.startsWith("@")) {
          await visit(path);
          continue;
        }
        const found = await readFile(join(path, "package.json"), "utf8").catch(() => undefined);
        if (found === undefined) continue;
        const { name, version, engines } = JSON.parse(found) as {
          name: string;
          version: string;
          engines?: { node?: unknown };
        };
        seen.add(name);
        const range = engines?.node;
        if (typeof range === "string") {
          const lowest = semver.validRange(range) ? semver.minVersion(range) : null;
          if (!lowest || semver.gt(lowest, floor)) offenders.push(`${name}@${version}: ${range}`);
        }
        await visit(join(path, "node_modules"));
      }
    };
    await visit(join(project, "node_modules"));
    expect([...seen]).toEqual(expect.arrayContaining(["typewire", "@typewire/runtime"]));
    expect(
      offenders,
      `installed packages that need a newer Node than ${promised}:\n${offenders.join("\n")}`,
    ).toEqual([]);
  });

  it("answers --version and --help from the package", async () => {
    expect((await typewire(["--version"])).stdout).toBe(`${manifest.version}\n`);
    const help = (await typewire(["--help"])).stdout;
    expect(help).toContain("Usage: typewire <command>");
    expect(help).toMatch(/^ {2}init {2,}Write a starter typewire\.config\.json/m);
  });

  it("init with no flags writes a config that generates nothing the runtime ships", async () => {
    const init = await typewire(["init", "--config", "plain/typewire.config.json"]);
    expect(init.stdout).toContain('import { Webhooks } from "@typewire/runtime/webhooks"');
    const config = JSON.parse(await readFile(join(project, "plain/typewire.config.json"), "utf8"));
    expect(Object.keys(config)).toEqual(["$schema"]);
    const generated = await typewire(["generate", "--config", "plain/typewire.config.json"]);
    expect(generated.stdout).toContain("has nothing to generate");
    expect(await readdir(join(project, "plain"))).toEqual(["typewire.config.json"]);
  });

  it("init writes a starter config for the project's own event table, prints the next commands, and never overwrites", async () => {
    // The README's recipe: the bundled table and payload schemas copied into the project, plus an
    // event the platform's table lacks (deploy_hook) with a hand-written schema.
    const bundled = join(project, "node_modules/typewire/schemas/webhooks");
    await cp(join(bundled, "payloads"), join(project, "webhooks/payloads"), { recursive: true });
    await cp(
      join(project, "webhooks-additions/deploy_hook.json"),
      join(project, "webhooks/payloads/deploy_hook.json"),
    );
    const events = JSON.parse(await readFile(join(bundled, "events.json"), "utf8"));
    events.events.deploy_hook = ["failed", "fired"];
    delete events.$schema;
    await writeFile(join(project, "webhooks/events.json"), JSON.stringify(events, null, 2));
    const init = await typewire(
      [
        "init",
        "--events",
        "webhooks/events.json",
        "--payloads",
        "webhooks/payloads",
        "--endpoint",
        endpoint,
        "--token-env",
        "CMS_TOKEN",
        "--schema",
        "partners",
        "--documents",
        "documents/*.graphql",
      ],
      { CMS_TOKEN: PARTNERS_TOKEN },
    );
    expect(init.stdout).toContain(
      "wrote typewire.config.json, cms/public.graphql, cms/partners.graphql, graphql.config.json",
    );
    expect(init.stdout).toContain("npx typewire generate");
    const config = JSON.parse(await readFile(join(project, "typewire.config.json"), "utf8"));
    expect(config).toEqual({
      $schema: "./node_modules/typewire/schemas/config.schema.json",
      webhooks: {
        events: "webhooks/events.json",
        payloads: "webhooks/payloads",
        out: "src/generated/webhooks",
      },
      content: {
        out: "src/generated/content",
        schemas: {
          public: { file: "cms/public.graphql", endpoint },
          partners: { file: "cms/partners.graphql", endpoint, tokenEnv: "CMS_TOKEN" },
        },
        documents: [{ include: ["documents/*.graphql"], schemas: ["public", "partners"] }],
      },
    });
    const editors = JSON.parse(await readFile(join(project, "graphql.config.json"), "utf8"));
    expect(editors.projects.partners).toMatchObject({
      schema: "cms/partners.graphql",
      documents: ["documents/*.graphql"],
    });
    const again = await typewire(["init"]).catch((error: unknown) => error);
    expect(again).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("typewire.config.json: already exists"),
    });
    expect(JSON.parse(await readFile(join(project, "typewire.config.json"), "utf8"))).toEqual(
      config,
    );
  });

  it("generate writes the webhook and both content modules from the saved schemas, and check agrees without the token", async () => {
    const generated = await typewire(["generate"], { CMS_TOKEN: "" });
    expect(generated.stdout).toMatch(/webhooks → src\/generated\/webhooks: \d+ files, \d+ written/);
    expect(generated.stdout).toMatch(/content → src\/generated\/content: 8 files, 8 written/);
    for (const schema of ["public", "partners"]) {
      expect(await readdir(join(project, "src/generated/content", schema))).toEqual([
        "documents.ts",
        "index.ts",
        "query.ts",
        "types.ts",
      ]);
    }
    const partners = await readFile(
      join(project, "src/generated/content/partners/query.ts"),
      "utf8",
    );
    const publicModule = await readFile(
      join(project, "src/generated/content/public/query.ts"),
      "utf8",
    );
    // The banner names the saved schema and the endpoint it came from, not a file inside typewire.
    expect(partners.split("\n")[1]).toBe(
      `// It comes from cms/partners.graphql, the schema saved from ${endpoint} ("partners" in typewire.config.json): refresh it with \`typewire introspect\`, then run \`typewire generate\`.`,
    );
    expect(partners).toContain("export const users =");
    expect(publicModule).not.toContain("export const users =");
    const checked = await typewire(["check"], { CMS_TOKEN: "" });
    expect(checked.stdout).toContain("up to date");
    const live = await typewire(["introspect", "--check"], { CMS_TOKEN: PARTNERS_TOKEN });
    expect(live.stdout).toContain("cms/partners.graphql is up to date with the live schema");
  });

  it("a typewire.config.ts is read under a TypeScript loader; without one, generate stops saying what to do", async () => {
    const dir = join(project, "ts-config");
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, "typewire.config.ts"),
      'const config: { webhooks: { out: string } } = { webhooks: { out: "gen" } };\nexport default config;\n',
    );
    const bin = join(project, "node_modules/typewire/bin/typewire.js");
    const refused = await run(process.execPath, [bin, "generate"], { cwd: dir }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toMatch(
      /^error: typewire\.config\.ts: Node\.js v[\d.]+ cannot load a TypeScript config by itself\. Run typewire with a TypeScript loader \(NODE_OPTIONS="--import tsx" npx typewire generate, with tsx installed\), or rename the file to typewire\.config\.mjs/,
    );
    expect(await readdir(dir)).toEqual(["typewire.config.ts"]);
    // With this repository's tsx as the loader, as `NODE_OPTIONS="--import tsx"` would register it.
    const loaded = await run(
      process.execPath,
      ["--import", import.meta.resolve("tsx"), bin, "generate"],
      {
        cwd: dir,
      },
    );
    expect(loaded.stdout).toMatch(/^typewire: webhooks → gen: generating$/m);
    expect(await readdir(join(dir, "gen"))).toContain("event-names.ts");
  });

  it('the README\'s build script runs: generate and check from `import ... from "typewire"`', async () => {
    const readme = await readFile(join(packageRoot, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### From a build script"));
    const script = /```js\n([\s\S]*?)```/.exec(section)![1]!;
    const dir = join(project, "build-script");
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, "typewire.config.mjs"),
      'export default { webhooks: { out: "src/generated/webhooks" } };\n',
    );
    await writeFile(join(dir, "codegen.mjs"), script);
    const { stdout, stderr } = await run(process.execPath, ["codegen.mjs"], { cwd: dir });
    expect(stderr).toBe("");
    expect(stdout.split("\n")).toEqual([
      "start webhooks",
      "done webhooks",
      expect.stringMatching(/^\d+ written, 0 unchanged$/),
      "",
    ]);
    expect(await readdir(join(dir, "src/generated/webhooks"))).toContain("index.ts");
  });

  for (const config of ["node16", "nodenext", "bundler"]) {
    it(`the app type-checks under strict with ${config === "bundler" ? "preserve + bundler" : config}`, async () => {
      await expect(
        run(process.execPath, [tsc, "-p", `tsconfig.${config}.json`], { cwd: project }),
      ).resolves.toBeTruthy();
    });
  }

  it("the app runs: signed deliveries (one with the example payload) reach the typed handler, and a query returns the emulator's data", async () => {
    const { stdout } = await run(process.execPath, ["build-nodenext/app.js"], {
      cwd: project,
      env: { ...process.env, CMS_ENDPOINT: endpoint, CMS_TOKEN: PARTNERS_TOKEN },
    });
    const table = await readEventActionTable(join(packageRoot, "schemas/webhooks/events.json"));
    const seen = JSON.parse(stdout) as Record<string, unknown>;
    expect(seen).toMatchObject({
      status: 200,
      exampleStatus: 200,
      handled: ["delivery-1:opened:7", "delivery-2:opened:1"],
      // The project's table: the platform's names and deploy_hook's three.
      eventNames: emitterEventNamesOf(table).length + 3,
    });
    expect(seen.titles).toHaveLength(2);
    expect((seen.titles as unknown[]).every((title) => typeof title === "string")).toBe(true);
    expect((seen.usernames as unknown[]).length).toBeGreaterThan(0);
  });

  it("the project's own table: signed deliveries of its new event reach the typed handlers of the generated Webhooks", async () => {
    const { stdout } = await run(process.execPath, ["build-nodenext/own-table.js"], {
      cwd: project,
    });
    const seen = JSON.parse(stdout) as {
      statuses: number[];
      handled: string[];
      warnings: string[];
      example: { sha: string; hook: { environment: string }; action: string };
      hasNewEvent: boolean;
    };
    expect(seen.statuses).toEqual([200, 200, 200]);
    expect(seen.example.action).toBe("fired");
    expect(seen.handled).toEqual([
      `own-deploy_hook.fired:deploy_hook.fired:${seen.example.sha}:${seen.example.hook.environment}`,
      expect.stringMatching(/^failed:\d+$/),
      expect.stringMatching(/^issues\.opened:\d+$/),
    ]);
    // Names are checked against the project's table at run time: the one it lacks is logged.
    expect(seen.warnings).toHaveLength(1);
    expect(seen.warnings[0]).toContain('"deploy_hook.exploded"');
    expect(seen.hasNewEvent).toBe(true);
  });

  it("typewire deliver --config sends the new event, built from the project's schema, to a receiver of the generated Webhooks", async () => {
    const env = { ...process.env, WEBHOOK_SECRET: "own-table-secret" };
    const receiver = spawn(process.execPath, ["build-nodenext/own-table-receiver.js"], {
      cwd: project,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let output = "";
      receiver.stdout?.setEncoding("utf8").on("data", (text: string) => {
        output += text;
      });
      await until(() => /^port \d+$/m.test(output), "the receiver to listen", 30_000);
      const port = /^port (\d+)$/m.exec(output)![1];
      const url = `http://127.0.0.1:${port}/api/platform/webhooks`;
      const deliver = (name: string, ...more: string[]) =>
        typewire(
          [
            "deliver",
            name,
            "--config",
            "typewire.config.json",
            "--url",
            url,
            "--secret-env",
            "WEBHOOK_SECRET",
            ...more,
          ],
          { WEBHOOK_SECRET: "own-table-secret" },
        );
      const refused = await deliver("deploy_hook.exploded").catch((error: unknown) => error);
      expect(refused).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('unknown action "exploded" of event "deploy_hook"'),
      });
      const delivered = await deliver("deploy_hook.fired", "--id", "from-the-cli");
      expect(delivered.stdout).toMatch(/^delivery from-the-cli: HTTP 200 OK$/m);
      await until(() => output.includes("from-the-cli"), "the receiver's handler", 30_000);
      const event = JSON.parse(output.split("\n").find((line) => line.startsWith("{"))!);
      expect(event).toMatchObject({
        id: "from-the-cli",
        name: "deploy_hook",
        action: "fired",
        sha: expect.any(String),
        hook: { id: expect.any(Number), url: expect.any(String), environment: expect.any(String) },
      });
    } finally {
      if (receiver.exitCode === null) {
        const exited = once(receiver, "exit");
        receiver.kill("SIGTERM");
        await exited;
      }
    }
  });

  it("drift: the reporter over the project's drift table reports a field its schema lacks once, keeps the delivery, and draft-overrides plus generate type it", async () => {
    const { stdout } = await run(process.execPath, ["build-nodenext/drift-receiver.js", "drift"], {
      cwd: project,
    });
    const seen = JSON.parse(stdout) as { statuses: number[]; warnings: string[]; kept: string[] };
    expect(seen.statuses).toEqual([200, 200]);
    // Two deliveries with the same extra field: reported once.
    expect(seen.warnings).toEqual([
      "[typewire] drift: deploy_hook.fired delivery drift-1 carries a field the types do not declare: hook.region",
    ]);
    expect(seen.kept).toEqual(["deploy_hook.fired--drift-1.json"]);
    const checkHandler = () =>
      run(process.execPath, [tsc, "-p", "drift-check/tsconfig.json"], { cwd: project });
    // Before: the handler that reads the field does not compile.
    await expect(checkHandler()).rejects.toMatchObject({
      stdout: expect.stringMatching(/error TS2339: Property 'region' does not exist/),
    });
    const configFile = join(project, "typewire.config.json");
    const config = JSON.parse(await readFile(configFile, "utf8"));
    config.webhooks.overrides = "webhooks/payload-overrides.json";
    await writeFile(configFile, JSON.stringify(config, null, 2));
    const drafted = await typewire(["draft-overrides", "--deliveries", "drift"]);
    expect(drafted.stdout).toContain(
      "added 1 field from 1 kept delivery to webhooks/payload-overrides.json:\n  deploy_hook.json#/definitions/fired/properties/hook region\n",
    );
    const overrides = JSON.parse(
      await readFile(join(project, "webhooks/payload-overrides.json"), "utf8"),
    );
    expect(overrides).toEqual({
      overrides: [
        {
          at: "deploy_hook.json#/definitions/fired/properties/hook",
          addProperties: { region: { type: "string" } },
          because: expect.stringContaining('"region"'),
          evidence: ["../drift/deploy_hook.fired--drift-1.json"],
        },
      ],
    });
    await typewire(["generate"], { CMS_TOKEN: PARTNERS_TOKEN });
    // After: it compiles, and the kept delivery now carries nothing undeclared.
    await expect(checkHandler()).resolves.toBeTruthy();
    const again = await typewire(["draft-overrides", "--deliveries", "drift"]);
    expect(again.stdout).toContain("carries no field the payload types lack");
  });

  it("a CommonJS program can require() the runtime", async () => {
    const { stdout } = await run(
      process.execPath,
      [
        "-e",
        'const { Webhooks } = require("@typewire/runtime"); const { createContentClient } = require("@typewire/runtime/content"); console.log(typeof Webhooks, typeof createContentClient)',
      ],
      { cwd: project },
    );
    expect(stdout.trim()).toBe("function function");
  });

  it("durable mode: the queue subpath works once its optional peers are installed, and only then", async () => {
    // bullmq and ioredis are optional peers: nothing installs them for a user who does not.
    const installed = await readdir(join(project, "node_modules"));
    expect(installed).not.toContain("bullmq");
    expect(installed).not.toContain("ioredis");
    await expect(
      run(
        process.execPath,
        ["--input-type=module", "-e", 'await import("@typewire/runtime/queue")'],
        {
          cwd: project,
        },
      ),
    ).rejects.toThrow(/Cannot find package 'bullmq'/);

    // The versions this repository tests with; the npm cache its own install filled has their
    // tarballs, and what it lacks (a package's metadata, on a fresh machine) comes from the registry.
    await npmInstall(project, [pinned("bullmq"), pinned("ioredis")]);
    redis = await startRedis();
    const { stdout } = await run(process.execPath, ["queue/queue.js", String(redis.port)], {
      cwd: project,
    });
    expect(JSON.parse(stdout)).toEqual({
      answer: { status: 202, body: { ok: true, queued: true } },
      event: { id: "queued", name: "issues", payload: { n: 1, action: "opened" } },
    });
    await expect(
      run(process.execPath, [tsc, "-p", "queue/tsconfig.json"], { cwd: project }),
    ).resolves.toBeTruthy();
  });

  it("one typed document through urql, Apollo Client, graphql-request and typewire's client, type-checked under strict", async () => {
    // The versions this repository pins (and so its npm cache holds), Apollo's rxjs peer included.
    await npmInstall(
      project,
      ["@urql/core", "@apollo/client", "graphql-request", "rxjs"].map(pinned),
    );
    await expect(
      run(process.execPath, [tsc, "-p", "clients/tsconfig.json"], { cwd: project }),
    ).resolves.toBeTruthy();
    const { stdout } = await run(process.execPath, ["build-clients/clients/clients.js"], {
      cwd: project,
      env: { ...process.env, CMS_ENDPOINT: endpoint },
    });
    const entry = {
      id: "42",
      title: "New cycle lanes open along the river",
      uri: "news/river-cycle-lanes",
    };
    expect(JSON.parse(stdout)).toEqual({
      urql: entry,
      apollo: entry,
      graphqlRequest: entry,
      typewire: entry,
    });
  });

  it("every public subpath of the runtime works from JavaScript", async () => {
    const { stdout } = await run(process.execPath, ["runtime-subpaths.js"], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({
      webStatus: 200,
      lambdaStatus: 200,
      nodeStatus: 200,
      received: [
        "issues.opened:web",
        "issues.reopened:lambda",
        "issues.closed:node",
        "issues.edited:relay",
      ],
      relayName: "issues",
      drift: ["issues.closed: surplus"],
      others: ["function", "function", "function"],
    });
    const runtime = JSON.parse(
      await readFile(join(project, "node_modules/@typewire/runtime/package.json"), "utf8"),
    ) as { exports: Record<string, unknown> };
    // Every public entry is used by the two subpath files, so one added later cannot ship untried.
    const used = new Set<string>();
    for (const file of [
      "runtime-subpaths.js",
      "src/runtime-subpaths.ts",
      "queue/queue.js",
      "queue/queue.ts",
    ]) {
      const text = await readFile(join(project, file), "utf8");
      for (const [, rest] of text.matchAll(/from "@typewire\/runtime(\/[^"]*)?"/g))
        used.add(rest ? `.${rest}` : ".");
    }
    const subpaths = Object.keys(runtime.exports).filter((subpath) => subpath !== "./package.json");
    expect(subpaths.filter((subpath) => !used.has(subpath))).toEqual([]);
  });
});
