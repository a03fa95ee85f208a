import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import type { Site } from "../../site/site-model.js";
import { exampleSite, ids, post, startServer } from "./emulator-harness.js";

/**
 * `search` and `limit` as the real API (Craft CMS 5) treats them, over HTTP. The rules and where
 * they come from are in docs/emulator.md, "Search" and "limit".
 *
 * The example site gets ten news articles whose text each test controls; queries name their ids,
 * so the rest of the site never answers. Without `orderBy`, results come newest first: 910, 908,
 * 907, 909, 906, 905, 904, 903, 902, 901.
 */
const ARTICLES: [id: number, title: string, slug: string, summary: string, day: number][] = [
  [901, "Wind farm", "wind-farm", "Turbines at sea.", 1],
  [902, "Windmill restored", "windmill-restored", "The old mill turns again.", 2],
  [903, "Rewinding the tape", "rewinding-the-tape", "Unwinding after a long season.", 3],
  [904, "Harbour news", "harbour-news", "Ferry times change; the wind farm tour is sold out.", 4],
  [905, "Greyhound", "greyhound", "A greyhound is a cocktail of gin and grapefruit.", 5],
  [
    906,
    "Salty dog",
    "salty-dog",
    "The salt is the only difference between a salty dog and a greyhound.",
    6,
  ],
  [907, "Tide tables", "tide-tables-2024", "Tide times.", 8],
  [908, "Tide tables", "tide-tables-2025", "Tide times.", 9],
  [909, "Spring tide warning", "spring-tide-warning", "Flood risk.", 7],
  [910, "Café opens on the quay", "cafe-opens-on-the-quay", "O'Brien's new café.", 10],
];
const ALL = ARTICLES.map(([id]) => id);

function searchSite(): Site {
  const site = exampleSite();
  const entries = site.content.entries as unknown as Record<string, unknown>[];
  for (const [id, title, slug, summary, day] of ARTICLES) {
    const date = `2025-01-${String(day).padStart(2, "0")}T09:00:00+00:00`;
    entries.push({
      id,
      uid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
      section: "news",
      type: "article",
      title,
      slug,
      uri: `news/${slug}`,
      enabled: true,
      postDate: date,
      expiryDate: null,
      authorId: 1,
      fields: { summary },
      dateCreated: date,
      dateUpdated: date,
    });
  }
  return site;
}

let server: ContentServer;
let capped: ContentServer;
beforeAll(async () => {
  server = await startServer({ siteData: searchSite() });
  capped = await startServer({ siteData: searchSite(), maxGraphqlResults: 2 });
});
afterAll(async () => {
  await server.close();
  await capped.close();
});

async function data(query: string, variables: Record<string, unknown> = {}, on = server) {
  const reply = await post(on, query, { variables });
  expect(reply.status).toBe(200);
  expect(reply.body.errors, query).toBeUndefined();
  return reply.body.data!;
}

/** The ids the search finds among `among`, in the order the API gives them. */
async function found(search: string, among: number[] = ALL, orderBy?: string): Promise<number[]> {
  const { entries } = await data(
    "query($s: String, $ids: [QueryArgument], $o: String) { entries(search: $s, id: $ids, orderBy: $o) { id } }",
    { s: search, ids: among, o: orderBy },
  );
  return ids(entries);
}

/** Ids and search scores of a search among `among`. */
async function scored(search: string, among: number[], orderBy?: string) {
  const { entries } = await data(
    "query($s: String, $ids: [QueryArgument], $o: String) { entries(search: $s, id: $ids, orderBy: $o) { id searchScore } }",
    { s: search, ids: among, o: orderBy },
  );
  return (entries as { id: string; searchScore: string }[]).map((e) => [
    Number(e.id),
    Number(e.searchScore),
  ]);
}

describe("search, as the real API's search index matches", () => {
  it("matches whole words, in any attribute or text field", async () => {
    // "farm" is a word of 901's title and slug and of 904's summary; "tour" only of 904's summary.
    expect(await found("farm")).toEqual([904, 901]);
    expect(await found("tour")).toEqual([904]);
  });

  it("matches the beginning of a word: a term is a word prefix by default", async () => {
    // "windm" starts "windmill" only; "wind" starts "wind" (901, 904) and "windmill" (902).
    expect(await found("windm")).toEqual([902]);
    expect(await found("wind")).toEqual([904, 902, 901]);
  });

  it("never matches inside a word unless the term starts with *", async () => {
    // 903 has "rewinding" and "unwinding": "wind" and "inding" are inside those words.
    expect(await found("inding")).toEqual([]);
    expect(await found("wind", [903])).toEqual([]);
    // A leading * lets the term end a word, and then it may not run on: "*ind" ends "wind" (901,
    // 904), not "windmill" or "rewinding".
    expect(await found("*inding")).toEqual([903]);
    expect(await found("*ind")).toEqual([904, 901]);
    expect(await found("*wind*")).toEqual([904, 903, 902, 901]);
  });

  it("attribute:term looks in that attribute or custom field only; an unknown one finds nothing", async () => {
    // 904 has "wind" in its summary only, not in its title.
    expect(await found("title:wind")).toEqual([902, 901]);
    expect(await found("TITLE:wind")).toEqual([902, 901]);
    expect(await found("summary:wind")).toEqual([904]);
    expect(await found("slug:harbour")).toEqual([904]);
    expect(await found("summary:cocktail")).toEqual([905]);
    expect(await found("colour:wind")).toEqual([]);
    // attribute::term needs the whole value.
    expect(await found("title:grey")).toEqual([905]);
    expect(await found("title::greyhound")).toEqual([905]);
    expect(await found("title::grey")).toEqual([]);
  });

  it("all terms must be in one attribute, and -term leaves out the attributes holding it", async () => {
    // 901: "turbines" in the summary, "farm" in the title: never in the same attribute.
    expect(await found("turbines farm")).toEqual([]);
    // 901 and 904 hold "wind" only next to "farm"; 902's title holds "windmill" and no "farm".
    expect(await found("wind -farm")).toEqual([902]);
    // 901's summary mentions the sea, but its title holds "farm" without it.
    expect(await found("farm -sea")).toEqual([904, 901]);
    // With an attribute, the exclusion is about the element: 901's title holds "farm".
    expect(await found("wind -title:farm")).toEqual([904, 902]);
  });

  it("a quoted phrase matches its words side by side, in that order", async () => {
    expect(await found('"wind farm"')).toEqual([904, 901]);
    expect(await found('"farm wind"')).toEqual([]);
    expect(await found("farm wind")).toEqual([904, 901]);
    expect(await found("'farm tour'")).toEqual([904]);
    expect(await found('summary:"wind farm"')).toEqual([904]);
  });

  it("OR accepts either side", async () => {
    expect(await found("windmill OR greyhound")).toEqual([906, 905, 902]);
    expect(await found("windmill OR nothing")).toEqual([902]);
  });

  it("compares without case, accents or punctuation", async () => {
    expect(await found("CAFÉ")).toEqual([910]);
    expect(await found("o'brien")).toEqual([910]);
    expect(await found("obrien")).toEqual([910]);
    expect(await found("quay.")).toEqual([910]);
  });

  it("a query of no usable term finds nothing; an empty one is no search", async () => {
    expect(await found("&")).toEqual([]);
    expect(await found("   ")).toEqual([]);
    expect(await found("")).toEqual([910, 908, 907, 909, 906, 905, 904, 903, 902, 901]);
  });
});

describe("search scores and orderBy: score", () => {
  it('orderBy "score" puts the best match first; without it the default order stays', async () => {
    // 905: its title is the whole term (x100) and a title (x5): 500; its slug is too: 100; its
    // summary has it once in 9 words, as a word start (x10): 1. 906: once in 13 words: 1.
    expect(await scored("greyhound", [905, 906], "score")).toEqual([
      [905, 601],
      [906, 1],
    ]);
    expect(await scored("greyhound", [905, 906])).toEqual([
      [906, 1],
      [905, 601],
    ]);
  });

  it("equal scores come by id: ascending for score (DESC), descending for score ASC", async () => {
    // 907 and 908: title 1 of 2 words (x10, x5): 25; slug 1 of 3: 3; summary 1 of 2: 5.
    // 909: title 1 of 3 words: 17; slug: 3.
    const tide = [907, 908, 909];
    expect(await scored("tide", tide, "score")).toEqual([
      [907, 33],
      [908, 33],
      [909, 20],
    ]);
    expect(await found("tide", tide, "score DESC")).toEqual([907, 908, 909]);
    expect(await found("tide", tide, "score ASC")).toEqual([909, 908, 907]);
    expect(await found("tide", tide)).toEqual([908, 907, 909]);
  });
});

describe("limit, as the real API's GraphQL resolver applies it", () => {
  const list = async (limit: string, on = server) =>
    ids((await data(`{ entries(id: [901, 902, 903]${limit}) { id } }`, {}, on)).entries);

  it("a negative limit counts as 0: no elements", async () => {
    expect(await list(", limit: -1")).toEqual([]);
    expect(await list(", limit: -100")).toEqual([]);
    expect(await list(", limit: -1", capped)).toEqual([]);
    // Relation fields take the same rule.
    const { entry } = await data(
      "{ entry(id: 40) { ... on news_article_Entry { topics(limit: -1) { id } all: topics { id } } } }",
    );
    expect(entry).toEqual({ topics: [], all: [{ id: "21" }] });
  });

  it("a null limit is no limit (maxGraphqlResults, when set, still applies)", async () => {
    expect(await list(", limit: null")).toEqual([903, 902, 901]);
    expect(await list(", limit: null", capped)).toEqual([903, 902]);
  });

  it("a limit of 0 returns no elements; a single-element query still returns its element", async () => {
    expect(await list(", limit: 0")).toEqual([]);
    expect(await data("{ entry(id: 901, limit: 0) { id } }")).toEqual({ entry: { id: "901" } });
  });

  it("a missing limit is no limit (maxGraphqlResults, when set, lowers it)", async () => {
    expect(await list("")).toEqual([903, 902, 901]);
    expect(await list("", capped)).toEqual([903, 902]);
    expect(await list(", limit: 2")).toEqual([903, 902]);
  });
});
