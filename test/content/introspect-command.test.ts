import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildClientSchema, printSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSite } from "../../site/read-site.js";
import {
  schemaToIntrospection,
  schemaToIntrospectionJson,
  schemaToSdl,
} from "../../generator/content/schema-text.js";
import { buildContentSchema } from "../../site/site-schema.js";
import type { Site } from "../../site/site-model.js";
import type { Io } from "../../cli/command.js";
import { main } from "../../cli/main.js";
import { packageRoot } from "../../input/paths.js";
import { type TestServer, startTestServer } from "./graphql-test-server.js";

const PARTNER_TOKEN = "partner-token-0123456789";

let site: Site;
let server: TestServer;
let dir: string;

beforeAll(async () => {
  site = await readSite(join(packageRoot, "schemas/content/site.json"));
  server = await startTestServer(
    new Map([
      ["", buildContentSchema(site, site.schemas.public?.scope)],
      [PARTNER_TOKEN, buildContentSchema(site, site.schemas.partners?.scope)],
    ]),
  );
  dir = await mkdtemp(join(tmpdir(), "typewire-introspect-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd: dir,
    interrupted: new Promise(() => {}),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

describe("typewire introspect --endpoint", () => {
  it("saves the public schema, sorted and formatted, when no token is given", async () => {
    const { code, stderr } = await run(
      "introspect",
      "--endpoint",
      `${server.origin}/api`,
      "--out",
      "public.json",
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const saved = await readFile(join(dir, "public.json"), "utf8");
    expect(saved).toBe(
      await schemaToIntrospectionJson(buildContentSchema(site, site.schemas.public?.scope)),
    );
    expect(saved).not.toContain('"name": "User",');
  });

  it("sends the token as a Bearer token and saves the private schema, as JSON and as SDL", async () => {
    const { code } = await run(
      "introspect",
      "--endpoint",
      `${server.origin}/api`,
      "--token",
      PARTNER_TOKEN,
      "--out",
      "partners.json",
      "--out",
      "partners.graphql",
    );
    expect(code).toBe(0);
    const partners = buildContentSchema(site, site.schemas.partners?.scope);
    expect(await readFile(join(dir, "partners.json"), "utf8")).toBe(
      await schemaToIntrospectionJson(partners),
    );
    const sdl = await readFile(join(dir, "partners.graphql"), "utf8");
    expect(sdl).toBe(await schemaToSdl(partners));
    expect(sdl).toContain("type User implements UserInterface");
    expect(server.requests).toContain(PARTNER_TOKEN);
  });

  it("reads the token from an environment variable with --token-env", async () => {
    process.env.TYPEWIRE_TEST_TOKEN = PARTNER_TOKEN;
    try {
      const { code, stdout } = await run(
        "introspect",
        "--endpoint",
        `${server.origin}/api`,
        "--token-env",
        "TYPEWIRE_TEST_TOKEN",
      );
      expect(code).toBe(0);
      expect(JSON.parse(stdout).data.__schema.types.map((t: { name: string }) => t.name)).toContain(
        "User",
      );
    } finally {
      delete process.env.TYPEWIRE_TEST_TOKEN;
    }
  });

  it("writes the same bytes whatever order the server lists types in", async () => {
    const sorted = buildContentSchema(site, site.schemas.public?.scope);
    // A server free to order its introspection any way it likes: every list reversed.
    const result = schemaToIntrospection(sorted);
    const types = [...result.__schema.types]
      .reverse()
      .map((type) =>
        "fields" in type && type.fields ? { ...type, fields: [...type.fields].reverse() } : type,
      );
    const reversed = buildClientSchema({ __schema: { ...result.__schema, types } });
    expect(printSchema(reversed)).not.toBe(printSchema(sorted));
    server.schemas.set("reversed-token-000000", reversed);
    const { code, stdout } = await run(
      "introspect",
      "--endpoint",
      `${server.origin}/api`,
      "--token",
      "reversed-token-000000",
    );
    expect(code).toBe(0);
    expect(stdout).toBe(await schemaToIntrospectionJson(sorted));
  });

  // [what, arguments, message]
  const failures: [string, string[], RegExp][] = [
    [
      "a bad token",
      ["--endpoint", "/api", "--token", "wrong-token"],
      /\/api: the endpoint answered 401 Unauthorized: Invalid Authorization header/,
    ],
    [
      "an HTML page",
      ["--endpoint", "/html"],
      /\/html: the endpoint did not answer with JSON \(text\/html\): <!doctype html>/,
    ],
    ["JSON that is not GraphQL", ["--endpoint", "/json"], /\/json: not an introspection result/],
    [
      "a server error",
      ["--endpoint", "/boom"],
      /\/boom: the endpoint answered 500 Internal Server Error: Internal Server Error: database is down/,
    ],
    ["a missing route", ["--endpoint", "/nothing"], /answered 404 Not Found/],
  ];
  it.each(failures)(
    "fails clearly on %s and writes nothing",
    async (_what, [flag, path, ...rest], message) => {
      const out = join(dir, "failed.json");
      await writeFile(out, "previous\n");
      const { code, stderr } = await run(
        "introspect",
        flag!,
        `${server.origin}${path}`,
        ...rest,
        "--out",
        out,
      );
      expect(code).toBe(1);
      expect(stderr).toMatch(message);
      expect(await readFile(out, "utf8")).toBe("previous\n");
    },
  );

  it("fails clearly when nothing listens at the endpoint", async () => {
    const closed = await startTestServer(new Map());
    await closed.close();
    const { code, stderr } = await run("introspect", "--endpoint", `${closed.origin}/api`);
    expect(code).toBe(1);
    expect(stderr).toMatch(/cannot reach the endpoint: connection refused/);
  });

  it("rejects a URL that is not http", async () => {
    const { code, stderr } = await run("introspect", "--endpoint", "ftp://127.0.0.1/api");
    expect(code).toBe(1);
    expect(stderr).toMatch(/must be an http or https URL/);
  });

  it.each([
    [["introspect"], /exactly one of --endpoint URL or --site FILE/],
    [["introspect", "--endpoint", "http://127.0.0.1:1/api", "--site", "x.json"], /exactly one of/],
    [
      ["introspect", "--endpoint", "http://127.0.0.1:1/api", "--schema", "public"],
      /--schema goes with --site/,
    ],
  ])("usage error %#", async (argv, message) => {
    const { code, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});

describe("typewire introspect --site", () => {
  it("builds one API schema of the site by handle", async () => {
    const { code } = await run(
      "introspect",
      "--site",
      join(packageRoot, "schemas/content/site.json"),
      "--schema",
      "partners",
      "--out",
      "p.graphql",
    );
    expect(code).toBe(0);
    expect(await readFile(join(dir, "p.graphql"), "utf8")).toBe(
      await schemaToSdl(buildContentSchema(site, site.schemas.partners?.scope)),
    );
  });

  it("names the schemas a site has when the handle is wrong", async () => {
    const { code, stderr } = await run(
      "introspect",
      "--site",
      join(packageRoot, "schemas/content/site.json"),
      "--schema",
      "nope",
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/no API schema "nope" \(it has: archive, partners, public, staging\)/);
  });
});
