import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { printSchema } from "graphql";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main } from "../../cli/main.js";
import { fetchSchema } from "../../generator/content/fetch-schema.js";
import { buildContentSchema } from "../../site/site-schema.js";
import type { ContentServer } from "../../emulator/index.js";
import { PARTNER_TOKEN, exampleSite, startServer, wholeSiteScope } from "./emulator-harness.js";

let server: ContentServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

it.each([
  ["public", undefined],
  ["partners", PARTNER_TOKEN],
])("introspection over HTTP gives the %s schema the site file describes", async (handle, token) => {
  const site = exampleSite();
  const fetched = await fetchSchema(server.url, { token });
  expect(printSchema(fetched)).toBe(
    printSchema(buildContentSchema(site, site.schemas[handle]!.scope)),
  );
});

it("the toolkit's introspection reports a refused token with the server's message", async () => {
  await expect(fetchSchema(server.url, { token: "wrong" })).rejects.toThrow(
    /Invalid Authorization header/,
  );
});

it("`typewire introspect --endpoint` against the emulator reproduces the bundled introspection and SDL", async () => {
  const site = exampleSite();
  // A token whose scope grants everything: the bundled files are the whole site's schema.
  const everything = {
    name: "Everything",
    accessToken: "all",
    enabled: true,
    scope: wholeSiteScope(site),
  };
  const full = await startServer({ schemas: { ...site.schemas, everything } });
  const dir = await mkdtemp(join(tmpdir(), "typewire-introspect-"));
  try {
    const out: string[] = [];
    const io = {
      stdout: (t: string) => out.push(t),
      stderr: (t: string) => out.push(t),
      cwd: dir,
      interrupted: new Promise<void>(() => {}),
    };
    const code = await main(
      [
        "introspect",
        "--endpoint",
        full.url,
        "--token",
        "all",
        "--out",
        "introspection.json",
        "--out",
        "schema.graphql",
      ],
      io,
    );
    expect(code, out.join("")).toBe(0);
    const bundled = (name: string) =>
      readFile(new URL(`../../schemas/content/${name}`, import.meta.url), "utf8");
    expect(await readFile(join(dir, "introspection.json"), "utf8")).toBe(
      await bundled("introspection.json"),
    );
    expect(await readFile(join(dir, "schema.graphql"), "utf8")).toBe(
      await bundled("schema.graphql"),
    );
  } finally {
    await full.close();
    await rm(dir, { recursive: true, force: true });
  }
});
