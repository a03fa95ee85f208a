import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripTags } from "../../emulator/directives/apply-directives.js";
import type { ContentServer } from "../../emulator/index.js";
import { packageRoot } from "../../input/paths.js";
import { post, startServer } from "./emulator-harness.js";

const FRONTEND = "hc-frontend-5d2a91c7e04b3f68";
const NEWS_FEED = "hc-newsfeed-0b8e3c1f9a7d2e45";

describe("stripTags as PHP's strip_tags", () => {
  it("removes every tag and comment but the allowed ones, given as p or <p>", () => {
    expect(stripTags('<p class="x">Hi <b>there</b><!-- note --></p><br/>', [])).toBe("Hi there");
    expect(stripTags("<p>Hi <b>there</b></p>", ["p"])).toBe("<p>Hi there</p>");
    expect(stripTags("<P>Hi <b>there</b></P>", ["<p>", "B"])).toBe("<P>Hi <b>there</b></P>");
  });
});

// Craft 5's directives beyond the spec's three, over HTTP against the Craft 5 example.
describe("Craft 5 directives", () => {
  let server: ContentServer;
  beforeAll(async () => {
    server = await startServer({ site: join(packageRoot, "schemas/content/craft5/site.json") });
  });
  afterAll(() => server.close());

  it("@stripTags and @trim apply to text; a null text field becomes empty text", async () => {
    const reply = await post(
      server,
      `{ newsEntries(id: 50) { ... on article_Entry {
          plain: body @stripTags
          kept: body @stripTags(allowed: ["p"])
          title @trim
        } } pagesEntries(id: 31) { ... on page_Entry { uri @trim } } }`,
    );
    expect(reply.body).toEqual({
      data: {
        newsEntries: [
          {
            plain: "The new slipway takes boats up to twelve metres.",
            kept: "<p>The new slipway takes boats up to twelve metres.</p>",
            title: "New slipway opens",
          },
        ],
        pagesEntries: [{ uri: "about" }],
      },
    });
  });

  it("@parseRefs replaces reference tags, for a schema that opts in to it only", async () => {
    const query = `{ homepageEntry { ... on homepage_Entry { summary @parseRefs } } }`;
    const refused = await post(server, query);
    expect(refused.body.errors?.[0]?.message).toBe('Unknown directive "@parseRefs".');
    const reply = await post(
      server,
      `{ pagesEntries(id: 34) { ... on page_Entry { raw: summary parsed: summary @parseRefs } } }`,
      { token: FRONTEND },
    );
    expect(reply.body).toEqual({
      data: {
        pagesEntries: [
          {
            raw: "Find us on the north quay, by the slipway ({entry:50:title}), at {entry:31:url}; {entry:999:url||no such page}.",
            parsed:
              "Find us on the north quay, by the slipway (New slipway opens), at https://harbour.example/about; no such page.",
          },
        ],
      },
    });
  });

  it("@transform is there only for schemas that opt in to it (Craft 5.9)", async () => {
    const query = "{ assets(limit: 1) { url @transform(width: 100) } }";
    expect((await post(server, query)).body.errors).toBeUndefined();
    expect((await post(server, query, { token: NEWS_FEED })).body.errors?.[0]?.message).toBe(
      'Unknown directive "@transform".',
    );
  });

  it("@money leaves values that are not Money as they are", async () => {
    const reply = await post(
      server,
      '{ newsEntries(id: 50) { ... on article_Entry { readingTime @money(format: "decimal") } } }',
    );
    expect(reply.body).toEqual({ data: { newsEntries: [{ readingTime: 3 }] } });
  });
});
