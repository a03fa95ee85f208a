import { printSchema } from "graphql";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fetchSchema } from "../../generator/content/fetch-schema.js";
import { buildContentSchema } from "../../generator/content/site-schema.js";
import type { ContentServer } from "../../emulator/index.js";
import { PARTNER_TOKEN, exampleSite, startServer } from "./emulator-harness.js";

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
