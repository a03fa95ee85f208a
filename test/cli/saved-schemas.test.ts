import { createRequire } from "node:module";
import { readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import { packageRoot } from "../../input/paths.js";
import { PARTNER_TOKEN, startServer } from "../emulator/emulator-harness.js";
import { runCli, tempDirForSuite, writeTree } from "../helpers/temp-project.js";

// `init --endpoint` as a new project runs it against the emulator: the schemas saved to committed
// files, a graphql-config file for editors, then `generate`, and `check` with the API gone and no
// token; `typewire introspect` refreshes the files and `--check` says when they differ. The
// graphql-config files typewire writes are opened with the `graphql-config` package, as editors'
// GraphQL extensions open them, and every document is valid through them.

// graphql-config loads graphql's CommonJS build: its schemas are validated with that build.
const require = createRequire(import.meta.url);
const graphqlCjs = require("graphql") as typeof import("graphql");
const { loadConfig: loadGraphqlConfig } =
  require("graphql-config") as typeof import("graphql-config");

/** Every document of every project of the graphql-config file in `dir`, validated against its schema. */
async function validateThroughGraphqlConfig(dir: string) {
  const config = await loadGraphqlConfig({ rootDir: dir, throwOnMissing: true });
  const report: Record<string, { documents: number; errors: string[] }> = {};
  for (const [name, project] of Object.entries(config!.projects)) {
    const schema = await project.getSchema();
    const sources = await project.getDocuments();
    const document = graphqlCjs.concatAST(sources.map((source) => source.document!));
    // As typewire checks them: a fragment may serve another set, so an unused one is fine.
    const rules = graphqlCjs.specifiedRules.filter(
      (rule) => rule !== graphqlCjs.NoUnusedFragmentsRule,
    );
    report[name] = {
      documents: sources.length,
      errors: graphqlCjs.validate(schema, document, rules).map((error) => error.message),
    };
  }
  return report;
}

describe("init --endpoint: saved schemas, an editor config, and an offline check", () => {
  let server: ContentServer | undefined;
  let dir: string;
  beforeAll(async () => {
    server = await startServer();
    dir = await tempDirForSuite("typewire-saved-schemas-");
    await writeTree(dir, {
      "src/queries/page.graphql":
        "query PageByUri($uri: [String]) { entry(uri: $uri) { ...Card } }",
      "src/queries/card.graphql": "fragment Card on EntryInterface { id title uri }",
    });
  });
  afterAll(async () => {
    await server?.close();
    delete process.env.SAVED_SCHEMAS_TOKEN;
  });

  it("init saves each schema to a file the config points at, and writes graphql.config.json", async () => {
    process.env.SAVED_SCHEMAS_TOKEN = PARTNER_TOKEN;
    const init = await runCli(
      [
        "init",
        "--endpoint",
        server!.url,
        "--token-env",
        "SAVED_SCHEMAS_TOKEN",
        "--schema",
        "partners",
        "--documents",
        "src/**/*.graphql",
      ],
      dir,
    );
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain(
      "typewire: wrote typewire.config.json, cms/public.graphql, cms/partners.graphql, graphql.config.json",
    );
    expect(init.stdout).toMatch(/^ {2}npx typewire introspect --check +# on a schedule/m);
    // The token was there: no step asks for it or for a later save.
    expect(init.stdout).not.toContain("export SAVED_SCHEMAS_TOKEN");
    const config = JSON.parse(await readFile(join(dir, "typewire.config.json"), "utf8"));
    expect(config.content.schemas).toEqual({
      public: { file: "cms/public.graphql", endpoint: server!.url },
      partners: {
        file: "cms/partners.graphql",
        endpoint: server!.url,
        tokenEnv: "SAVED_SCHEMAS_TOKEN",
      },
    });
    expect(config.content.documents).toEqual([
      { include: ["src/**/*.graphql"], schemas: ["public", "partners"] },
    ]);
    // The partners token's schema has `users`, the public one does not.
    expect(await readFile(join(dir, "cms/partners.graphql"), "utf8")).toMatch(/^\s+users\(/m);
    expect(await readFile(join(dir, "cms/public.graphql"), "utf8")).not.toMatch(/^\s+users\(/m);
    expect(JSON.parse(await readFile(join(dir, "graphql.config.json"), "utf8"))).toEqual({
      projects: {
        partners: {
          schema: "cms/partners.graphql",
          documents: ["src/**/*.graphql"],
          extensions: { typewire: { config: "typewire.config.json" } },
        },
        public: {
          schema: "cms/public.graphql",
          documents: ["src/**/*.graphql"],
          extensions: { typewire: { config: "typewire.config.json" } },
        },
      },
    });
  });

  it("graphql-config reads the written file, and every document is valid through it", async () => {
    expect(await validateThroughGraphqlConfig(dir)).toEqual({
      partners: { documents: 2, errors: [] },
      public: { documents: 2, errors: [] },
    });
  });

  it("generate, then check with the API stopped and no token: up to date", async () => {
    const generated = await runCli(["generate"], dir);
    expect(generated.code, generated.stderr).toBe(0);
    delete process.env.SAVED_SCHEMAS_TOKEN;
    const url = server!.url;
    await server!.close();
    server = undefined;
    const checked = await runCli(["check"], dir);
    expect(checked.stderr).toBe("");
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain("up to date");
    // Nothing answers there any more: the check above never asked.
    await expect(fetch(url, { method: "POST" })).rejects.toThrow();
  });

  it("introspect --check says when the live schema differs from the saved one; introspect refreshes it", async () => {
    server = await startServer();
    const config = JSON.parse(await readFile(join(dir, "typewire.config.json"), "utf8"));
    for (const entry of Object.values(config.content.schemas) as { endpoint: string }[])
      entry.endpoint = server.url;
    await writeFile(join(dir, "typewire.config.json"), JSON.stringify(config, null, 2));
    process.env.SAVED_SCHEMAS_TOKEN = PARTNER_TOKEN;

    const same = await runCli(["introspect", "--check"], dir);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain("cms/public.graphql is up to date with the live schema");
    expect(same.stdout).toContain("cms/partners.graphql is up to date with the live schema");

    // The saved public schema falls behind: a field of the live one is missing from it.
    const saved = await readFile(join(dir, "cms/public.graphql"), "utf8");
    const line = saved.split("\n").find((l) => /^\s+ping/.test(l))!;
    expect(line).toBeDefined();
    await writeFile(join(dir, "cms/public.graphql"), saved.replace(`${line}\n`, ""));
    const differs = await runCli(["introspect", "--check"], dir);
    expect(differs.code).toBe(1);
    expect(differs.stdout).toContain(
      "cms/public.graphql differs from the live schema (+1 -0 lines):",
    );
    expect(differs.stdout).toContain(`  + ${line}`);
    expect(await readFile(join(dir, "cms/public.graphql"), "utf8")).not.toContain(line);

    const refreshed = await runCli(["introspect"], dir);
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(refreshed.stdout).toContain("wrote    cms/public.graphql");
    expect(await readFile(join(dir, "cms/public.graphql"), "utf8")).toBe(saved);
    expect((await runCli(["introspect", "--check"], dir)).code).toBe(0);

    // A config module in place of the JSON file: introspect finds and reads it as generate does.
    const json = await readFile(join(dir, "typewire.config.json"), "utf8");
    await rm(join(dir, "typewire.config.json"));
    await writeFile(join(dir, "typewire.config.mjs"), `export default ${json};\n`);
    const fromModule = await runCli(["introspect", "--check"], dir);
    await rm(join(dir, "typewire.config.mjs"));
    await writeFile(join(dir, "typewire.config.json"), json);
    expect(fromModule.code, fromModule.stderr).toBe(0);
    expect(fromModule.stdout).toContain("cms/public.graphql is up to date with the live schema");
    expect(fromModule.stdout).toContain("cms/partners.graphql is up to date with the live schema");

    // The explicit form: another token's schema is not the saved public one.
    const other = await runCli(
      [
        "introspect",
        "--endpoint",
        server.url,
        "--token-env",
        "SAVED_SCHEMAS_TOKEN",
        "--out",
        "cms/public.graphql",
        "--check",
      ],
      dir,
    );
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(/cms\/public\.graphql differs from the live schema/);
  });

  it("introspect refreshes a schema whose token is unset only with the token, and says which", async () => {
    delete process.env.SAVED_SCHEMAS_TOKEN;
    const result = await runCli(["introspect"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'environment variable SAVED_SCHEMAS_TOKEN is not set (it holds the token of schema "partners")',
    );
  });

  it("generate keeps graphql.config.json in step with the config, and leaves a file of the project's own alone", async () => {
    await writeTree(dir, { "src/private/team.graphql": "query Team { users { fullName } }" });
    const config = JSON.parse(await readFile(join(dir, "typewire.config.json"), "utf8"));
    config.content.documents.push({ include: ["src/private/*.graphql"], schemas: ["partners"] });
    config.content.documents[0].include = ["src/queries/*.graphql"];
    await writeFile(join(dir, "typewire.config.json"), JSON.stringify(config, null, 2));
    const stale = await runCli(["check"], dir);
    expect(stale.code).toBe(1);
    expect(stale.stdout + stale.stderr).toMatch(/graphql\.config\.json/);
    const generated = await runCli(["generate"], dir);
    expect(generated.code, generated.stderr).toBe(0);
    const written = JSON.parse(await readFile(join(dir, "graphql.config.json"), "utf8"));
    expect(written.projects.partners.documents).toEqual([
      "src/queries/*.graphql",
      "src/private/*.graphql",
    ]);
    expect(written.projects.public.documents).toEqual(["src/queries/*.graphql"]);
    expect(await validateThroughGraphqlConfig(dir)).toEqual({
      partners: { documents: 3, errors: [] },
      public: { documents: 2, errors: [] },
    });

    const own = '{ "schema": "cms/public.graphql" }\n';
    await writeFile(join(dir, "graphql.config.json"), own);
    const again = await runCli(["generate"], dir);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      "graphql.config.json: was not written by typewire, so it is left as it is",
    );
    expect(await readFile(join(dir, "graphql.config.json"), "utf8")).toBe(own);
  });
});

describe("the repository's own graphql-config files", () => {
  it("test/content/craft5: every document valid through graphql-config, for both schemas", async () => {
    const dir = join(packageRoot, "test/content/craft5");
    const report = await validateThroughGraphqlConfig(dir);
    expect(Object.keys(report).sort()).toEqual(["public", "site"]);
    for (const [name, { documents, errors }] of Object.entries(report)) {
      expect(errors, name).toEqual([]);
      expect(documents, name).toBeGreaterThan(0);
    }
    // The private documents are the site schema's only.
    expect(report.site!.documents).toBeGreaterThan(report.public!.documents);
    expect(dirname(join(dir, "graphql.config.json"))).toBe(dir);
  });
});
