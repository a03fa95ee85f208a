import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import { post, startServer } from "./emulator-harness.js";
import { NARROW, NO_USERS, scopeSite } from "./scope-site.js";

let server: ContentServer;
beforeAll(async () => {
  server = await startServer({ siteData: scopeSite() });
});
afterAll(() => server.close());

/** The data of a query under a token (none: the public schema, which grants everything). */
async function data(query: string, token?: string): Promise<Record<string, unknown>> {
  const reply = await post(server, query, token ? { token } : {});
  expect(reply.body.errors, query).toBeUndefined();
  return reply.body.data!;
}

describe("generic queries keep to the token's scope", () => {
  const query = "{ globalSets { id } categories { id } tags { id } users { id } }";
  const idsOf = (result: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(result).map(([key, list]) => [
        key,
        (list as { id: string }[]).map((e) => Number(e.id)).sort((a, b) => a - b),
      ]),
    );

  it("the public schema grants every group and set", async () => {
    expect(idsOf(await data(query))).toEqual({
      globalSets: [70, 71],
      categories: [20, 21, 22, 23, 24, 25, 26, 27],
      tags: [30, 31, 32, 33, 34, 35],
      users: [1, 2],
    });
  });

  it("a private schema gets only its own category and tag groups and global sets", async () => {
    expect(idsOf(await data(query, NARROW))).toEqual({
      globalSets: [70],
      categories: [26],
      tags: [35],
      users: [1, 2],
    });
  });

  it("the single-element queries find nothing outside the scope", async () => {
    expect(
      await data(
        '{ globalSet(handle: "announcement") { id } category(id: 21) { id } tag(id: 30) { id } asset(id: 10) { id } entry(id: 46) { id } }',
        NARROW,
      ),
    ).toEqual({ globalSet: null, category: null, tag: null, asset: null, entry: null });
  });

  it("a schema without users has no user queries at all", async () => {
    const reply = await post(server, "{ users { id } }", { token: NO_USERS });
    expect(reply.body.errors?.[0]?.message).toMatch(/^Cannot query field "users" on type "Query"/);
  });
});

describe("links to elements outside the scope are filtered", () => {
  const article = `{ entry(id: 40) { ... on news_article_Entry {
    heroImage { id } topics { id } keywords { id } contributors { id }
  } } }`;

  it("relation fields leave out what the scope does not grant", async () => {
    expect(await data(article)).toEqual({
      entry: {
        heroImage: [{ id: "11" }],
        topics: [{ id: "21" }],
        keywords: [{ id: "30" }, { id: "34" }],
        contributors: [{ id: "1" }, { id: "2" }],
      },
    });
    expect(await data(article, NARROW)).toEqual({
      entry: { heroImage: [], topics: [], keywords: [], contributors: [{ id: "1" }, { id: "2" }] },
    });
    expect(await data(article, NO_USERS)).toEqual({
      entry: {
        heroImage: [{ id: "11" }],
        topics: [],
        keywords: [],
        contributors: [],
      },
    });
  });

  it("an entries field drops related entries of types outside the scope", async () => {
    const homepage =
      "{ entry(id: 56) { ... on homepage_homepage_Entry { relatedArticles { id } } } }";
    expect(await data(homepage)).toEqual({
      entry: { relatedArticles: [{ id: "40" }, { id: "41" }, { id: "46" }] },
    });
    expect(await data(homepage, NARROW)).toEqual({
      entry: { relatedArticles: [{ id: "40" }, { id: "41" }] },
    });
  });

  it("children leave out children outside the scope, and parent is null", async () => {
    const about = "{ entry(id: 50) { children { id } } }";
    expect(await data(about)).toEqual({
      entry: { children: [{ id: "51" }, { id: "52" }, { id: "57" }] },
    });
    expect(await data(about, NARROW)).toEqual({
      entry: { children: [{ id: "51" }, { id: "52" }] },
    });
    const redirects = '{ entries(type: "redirect") { id parent { id } } }';
    expect(await data(redirects)).toEqual({
      entries: [
        { id: "57", parent: { id: "50" } },
        { id: "55", parent: { id: "54" } },
      ],
    });
    expect(await data(redirects, NO_USERS)).toEqual({
      entries: [
        { id: "57", parent: null },
        { id: "55", parent: null },
      ],
    });
  });

  it("a user's photo in a volume outside the scope is null", async () => {
    const ada = "{ user(id: 1) { photo { id } } }";
    expect(await data(ada)).toEqual({ user: { photo: { id: "13" } } });
    expect(await data(ada, NARROW)).toEqual({ user: { photo: null } });
  });
});
