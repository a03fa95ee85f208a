import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GeneratorError } from "../../input/errors.js";
import { loadServerConfig, resolveServerConfig } from "../../emulator/index.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "typewire-serve-config-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function load(text: string) {
  const file = join(dir, "serve.json");
  await writeFile(file, text);
  return loadServerConfig(file, dir);
}

async function failure(text: string): Promise<string> {
  try {
    await load(text);
  } catch (error) {
    expect(error).toBeInstanceOf(GeneratorError);
    return (error as GeneratorError).format();
  }
  throw new Error("expected the config to be refused");
}

describe("server config", () => {
  it("fills in the defaults", () => {
    expect(resolveServerConfig()).toEqual({
      site: undefined,
      host: "127.0.0.1",
      port: 4000,
      route: "/api",
      devMode: true,
      enableGraphQlCaching: true,
      maxBodyBytes: 1048576,
      schemas: undefined,
      maxGraphqlDepth: 0,
      maxGraphqlComplexity: 0,
      maxGraphqlResults: 0,
      maxGraphqlBatchSize: 0,
      maxResponseBytes: 8388608,
      maxRequestMs: 10000,
      maxNestingDepth: 100,
      maxQueryTokens: 20000,
      maxIntrospectionItems: 100000,
      maxCacheBytes: 67108864,
    });
  });

  it("reads a file, resolving the site against the file's folder", async () => {
    const config = await load(
      JSON.stringify({
        site: "content/site.json",
        route: "/graphql",
        enableGraphQlCaching: false,
        devMode: false,
        schemas: {
          public: { name: "Public", public: true, enabled: false, scope: {} },
          app: {
            name: "App",
            accessToken: "t1",
            enabled: true,
            expiryDate: "2030-01-01T00:00:00Z",
            scope: { sections: ["news"] },
          },
        },
      }),
    );
    expect(config).toMatchObject({
      site: join(dir, "content/site.json"),
      route: "/graphql",
      enableGraphQlCaching: false,
      devMode: false,
    });
    expect(Object.keys(config.schemas!)).toEqual(["public", "app"]);
  });

  it.each([
    ['{\n  "port": "80"\n}', /serve\.json:2:3: must be an integer \(at port\)/],
    ['{\n  "caching": true\n}', /serve\.json:2:3: unknown key "caching"/],
    ['{\n  "route": "api"\n}', /serve\.json:2:3: must match pattern/],
    ['{ "port": 1, }', /serve\.json:1:14: invalid JSON/],
    [
      '{\n  "schemas": {\n    "a": { "name": "A", "accessToken": "x", "enabled": true, "scope": {} },\n    "b": { "name": "B", "accessToken": "x", "enabled": true, "scope": {} }\n  }\n}',
      /serve\.json:4:\d+: the token is already used by another schema \(at schemas\.b\.accessToken\)/,
    ],
    [
      '{\n  "schemas": {\n    "a": { "name": "A", "accessToken": "x", "enabled": true, "expiryDate": "soon", "scope": {} }\n  }\n}',
      /serve\.json:3:\d+: "soon" is not an ISO 8601 date \(at schemas\.a\.expiryDate\)/,
    ],
    [
      '{\n  "schemas": {\n    "a": { "name": "A", "enabled": true, "scope": {} }\n  }\n}',
      /serve\.json:3:\d+: a private schema needs a token \(at schemas\.a\.accessToken\)/,
    ],
    ['{\n  "maxGraphqlDepth": -1\n}', /serve\.json:2:3: must be >= 0 \(at maxGraphqlDepth\)/],
    ['{\n  "maxResponseBytes": 0\n}', /serve\.json:2:3: must be >= 1 \(at maxResponseBytes\)/],
    ['{\n  "maxRequestMs": 1.5\n}', /serve\.json:2:3: must be an integer \(at maxRequestMs\)/],
  ])("refuses %j with the location", async (text, message) => {
    expect(await failure(text)).toMatch(message);
  });
});
