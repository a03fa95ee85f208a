import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import { packageRoot } from "../../input/paths.js";
import type { Site } from "../../site/site-model.js";
import { ids, post, startServer } from "./emulator-harness.js";
import { type ServeProcess, startServeProcess } from "./serve-process-harness.js";

const site = join(packageRoot, "schemas/content/craft5/site.json");
/** Grants every section, the users, and the matrix fields' own queries. */
const FRONTEND = "hc-frontend-5d2a91c7e04b3f68";
/** Grants the news section only. */
const NEWS_FEED = "hc-newsfeed-0b8e3c1f9a7d2e45";

/**
 * The scope rules on the Craft 5 example: a schema returns the entries of its sections, and the
 * nested entries of a matrix field only through an owner it can read, or, through the root
 * queries, when it grants the field (`nestedEntryFields`, the real API's
 * `nestedentryfields.<uid>:read`).
 */
describe("Craft 5 scopes", () => {
  let server: ContentServer;
  beforeAll(async () => {
    server = await startServer({ site });
  });
  afterAll(() => server.close());

  it("a token keeps to its sections: root queries, single lookups and relation fields", async () => {
    const news = await post(server, "{ entries { sectionHandle } pages: entry(id: 31) { id } }", {
      token: NEWS_FEED,
    });
    const sections = ((news.body.data?.entries ?? []) as { sectionHandle: string }[]).map(
      (entry) => entry.sectionHandle,
    );
    expect(new Set(sections)).toEqual(new Set(["news"]));
    expect(news.body.data?.pages).toBeNull();
    const refused = await post(server, "{ pagesEntries { __typename } }", { token: NEWS_FEED });
    expect(refused.body.errors?.[0]?.message).toMatch(
      /Cannot query field "pagesEntries" on type "Query"/,
    );
    // Article 50 relates to landing page 33, which this token cannot read.
    const related = await post(
      server,
      "{ newsEntries(id: 50) { ... on article_Entry { relatedEntries { id } } } }",
      { token: NEWS_FEED },
    );
    expect(related.body.data).toEqual({ newsEntries: [{ relatedEntries: [] }] });
  });

  it("nested entries: through a readable owner always, through root queries only when the field is granted", async () => {
    const throughOwner = await post(
      server,
      "{ homepageEntry { ... on homepage_Entry { contentBlocks { __typename } } } }",
    );
    expect(throughOwner.body.data).toEqual({
      homepageEntry: {
        contentBlocks: [
          { __typename: "textBlock_Entry" },
          { __typename: "imageBlock_Entry" },
          { __typename: "quoteBlock_Entry" },
        ],
      },
    });
    const root =
      '{ entries(ownerId: 30) { id } nested: entry(id: 200) { id } count: entryCount(field: "contentBlocks") }';
    const publicAnswer = await post(server, root);
    expect(publicAnswer.body.data).toEqual({ entries: [], nested: null, count: 0 });
    const granted = await post(server, root, { token: FRONTEND });
    expect(ids(granted.body.data?.entries)).toEqual([200, 201, 202]);
    expect(granted.body.data?.nested).toEqual({ id: "200" });
    expect(granted.body.data?.count).toBeGreaterThanOrEqual(10);
  });

  it("a nested entry's own relations keep to the scope too", async () => {
    const siteData = JSON.parse(readFileSync(site, "utf8")) as Site;
    siteData.schemas.noImages = {
      name: "No images",
      accessToken: "hc-no-images-1f2e3d4c5b6a7980",
      enabled: true,
      scope: { sections: ["homepage"] },
    };
    const own = await startServer({ siteData });
    try {
      const query =
        '{ homepageEntry { ... on homepage_Entry { contentBlocks(type: "imageBlock") { ... on imageBlock_Entry { image { id } } } } } }';
      expect((await post(own, query)).body.data).toEqual({
        homepageEntry: { contentBlocks: [{ image: [{ id: "41" }] }] },
      });
      expect(
        (await post(own, query, { token: "hc-no-images-1f2e3d4c5b6a7980" })).body.data,
      ).toEqual({ homepageEntry: { contentBlocks: [{ image: [] }] } });
    } finally {
      await own.close();
    }
  });

  it("_count of a matrix field counts its enabled nested entries", async () => {
    const reply = await post(
      server,
      '{ pagesEntries(id: 33) { ... on landingPage_Entry { _count(field: "contentBlocks") } } }',
    );
    expect(reply.body.data).toEqual({ pagesEntries: [{ _count: 1 }] });
  });
});

/** Craft 5's shapes as attacks, against `typewire serve --site` of the Craft 5 example. */
describe("typewire serve on the Craft 5 example, under attack", { timeout: 60_000 }, () => {
  let server: ServeProcess;
  const send = async (query: string, variables?: unknown) => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { data?: unknown; errors?: { message: string }[] },
    };
  };
  const alive = async () => {
    expect(server.child.exitCode).toBeNull();
    expect((await send("{ ping }")).body).toEqual({ data: { ping: "pong" } });
  };
  beforeAll(async () => {
    server = await startServeProcess(process.cwd(), ["--site", site]);
  }, 60_000);
  afterAll(() => server.stop());

  it("30 levels of children through a section's union end at a limit or an answer, never a crash", async () => {
    const deep = `{ pagesEntries { ... on page_Entry { ${"children { ... on page_Entry { ".repeat(30)}id${" } }".repeat(30)} } } }`;
    const reply = await send(deep);
    expect(reply.status).toBe(200);
    expect(reply.body.errors === undefined || reply.body.data === undefined).toBe(true);
    await alive();
  });

  it("2,000 aliases of a section query are answered, a 5,000-deep variable refused, the server up", async () => {
    const aliases = `{ ${Array.from({ length: 2000 }, (_, i) => `a${i}: newsEntries { __typename }`).join(" ")} }`;
    const many = await send(aliases);
    expect(many.status).toBe(200);
    expect(Object.keys((many.body.data ?? {}) as object)).toHaveLength(2000);
    await alive();
    const deep = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"query":"query($v:[QueryArgument]){pagesEntries(id:$v){__typename}}","variables":{"v":${"[".repeat(5000)}1${"]".repeat(5000)}}}`,
    });
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { message: string }).message).toMatch(/maxNestingDepth/);
    await alive();
  });

  it("a negative limit on a section and a matrix field returns nothing, as the real API's does", async () => {
    const reply = await send(
      "{ newsEntries(limit: -1) { __typename } homepageEntry { ... on homepage_Entry { contentBlocks(limit: -5) { __typename } } } }",
    );
    expect(reply.body).toEqual({
      data: { newsEntries: [], homepageEntry: { contentBlocks: [] } },
    });
    await alive();
  });

  it("a fragment on a type outside the union is refused by validation", async () => {
    const reply = await send("{ pagesEntries { ... on article_Entry { title } } }");
    expect(reply.body.errors?.[0]?.message).toMatch(
      /Fragment cannot be spread here as objects of type "pagesSectionEntryUnion" can never be of type "article_Entry"/,
    );
    await alive();
  });
});
