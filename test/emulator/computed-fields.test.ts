import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import { PARTNER_TOKEN, post, startServer } from "./emulator-harness.js";

let server: ContentServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function data(query: string, token?: string): Promise<Record<string, unknown>> {
  const reply = await post(server, query, token ? { token } : {});
  expect(reply.body.errors, query).toBeUndefined();
  return reply.body.data!;
}

describe("fields the emulator computes", () => {
  it("_count counts a field's saved relations or enabled matrix blocks, else 0", async () => {
    expect(
      await data(`{ entry(id: 40) {
        topics: _count(field: "topics")
        keywords: _count(field: "keywords")
        heroImage: _count(field: "heroImage")
        articleBody: _count(field: "articleBody")
        summary: _count(field: "summary")
        unknown: _count(field: "nope")
      } empty: entry(id: 42) { _count(field: "heroImage") } }`),
    ).toEqual({
      // Entry 40 has four article body blocks, one of them disabled.
      entry: { topics: 1, keywords: 2, heroImage: 1, articleBody: 3, summary: 0, unknown: 0 },
      empty: { _count: 0 },
    });
  });

  it("searchScore weighs the search terms as the real API does, and is null without a search", async () => {
    // "turbine" starts a word in entry 46's title (1 of 4 words, x10 for a word start, x5 for the
    // title: 12.5, rounded 13), slug (2.5, 3) and video URL (1 of 6 words: 2); in entry 40's
    // summary ("turbines", 1 of 11 words: 1) and in its long article body (rounds to 0); and in
    // the homepage's related articles, which are indexed by their titles (1). Default order.
    expect(
      await data('{ entries(search: "turbine") { id searchScore } entry(id: 40) { searchScore } }'),
    ).toEqual({
      entries: [
        { id: "46", searchScore: "18" },
        { id: "40", searchScore: "1" },
        { id: "56", searchScore: "1" },
      ],
      entry: { searchScore: null },
    });
  });

  it("img is an img tag with the URL, size and title of an image, null for other files", async () => {
    expect(
      await data("{ image: asset(id: 10) { img } pdf: asset(id: 16) { img } }", PARTNER_TOKEN),
    ).toEqual({
      image: {
        img: '<img src="https://cdn.northwind.example/images/harbour-dawn.jpg" width="2400" height="1600" alt="Harbour at dawn">',
      },
      pdf: { img: null },
    });
  });

  it("focalPoint is the saved point, the centre for an image without one, null for other files", async () => {
    expect(
      await data(
        `{ set: asset(id: 10) { focalPoint hasFocalPoint }
           unset: asset(id: 11) { focalPoint hasFocalPoint }
           pdf: asset(id: 16) { focalPoint hasFocalPoint } }`,
        PARTNER_TOKEN,
      ),
    ).toEqual({
      set: { focalPoint: [0.42, 0.35], hasFocalPoint: true },
      unset: { focalPoint: [0.5, 0.5], hasFocalPoint: false },
      pdf: { focalPoint: null, hasFocalPoint: false },
    });
  });
});
