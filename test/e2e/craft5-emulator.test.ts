import { join } from "node:path";
import { createContentClient, type Query } from "@typewire/runtime/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentServer, createContentServer } from "../../emulator/index.js";
import { packageRoot } from "../../input/paths.js";
import { craft5Queries } from "../content/craft5-shapes.js";
import * as publicSchema from "../content/craft5/generated/public/index.js";
import * as site from "../content/craft5/generated/site/index.js";

/** The Craft 5 example's private schema that grants the matrix fields' own queries. */
const FRONTEND_TOKEN = "hc-frontend-5d2a91c7e04b3f68";

let server: ContentServer;
beforeAll(async () => {
  server = await createContentServer({
    site: join(packageRoot, "schemas/content/craft5/site.json"),
    host: "127.0.0.1",
    port: 0,
  });
});
afterAll(() => server?.close());

const client = (token?: string) =>
  createContentClient({ endpoint: server.url, ...(token ? { token } : {}) });

/**
 * The shapes a Craft 5 front end sends, through the content client, typed by the documents and
 * builders generated from the Craft 5 example's schema, answered by the emulator over HTTP.
 */
describe("the Craft 5 example site through typewire serve", () => {
  it("a section's entries as its union, with a matrix field of nested entries and their nested entries", async () => {
    const data = await client().request(site.PageByUriDocument, { uri: ["about"] });
    const page = data.pagesEntries?.[0];
    if (page?.__typename !== "page_Entry")
      throw new Error(`expected a page, got ${page?.__typename}`);
    expect(page.title).toBe("About us");
    const blocks = page.contentBlocks.map((block) => block?.__typename);
    expect(blocks).toEqual(["textBlock_Entry", "accordion_Entry"]);
    const accordion = page.contentBlocks[1];
    if (accordion?.__typename !== "accordion_Entry") throw new Error("expected the accordion");
    expect(accordion.sortOrder).toBe(2);
    expect(accordion.accordionItems.map((item) => item?.title)).toEqual([
      "Do you work on fibreglass hulls?",
      "How long does a repair take?",
    ]);
  });

  it("the other entry type of the section, its relations, and a disabled nested entry left out", async () => {
    const data = await client().request(site.PageByUriDocument, { uri: ["sailing-school"] });
    const page = data.pagesEntries?.[0];
    if (page?.__typename !== "landingPage_Entry") throw new Error("expected a landing page");
    expect(page.relatedEntries.map((entry) => entry?.title)).toEqual([
      "New slipway opens",
      "About us",
    ]);
    expect(page.contentBlocks).toHaveLength(1);
  });

  it("a single through <section>Entry, a matrix field filtered by type, and entryCount", async () => {
    const data = await client().request(publicSchema.HomepageDocument);
    // A section of one entry type: its union has one member, so the type is that member's.
    const home = data.homepageEntry;
    expect(home?.title).toBe("Harbour & Co");
    expect(home?.contentBlocks).toEqual([
      {
        quote: "They had my dinghy back on the water in a day.",
        attribution: "Mira, club member",
      },
    ]);
    // Live entries only: the regatta results are posted in 2030.
    expect(data.newsCount).toBe(3);
    expect(data.pageCount).toBe(4);
  });

  it("both entry types of a channel through one query", async () => {
    const data = await client().request(site.NewsListingDocument, { limit: 3 });
    expect(data.newsEntries?.map((entry) => entry?.__typename)).toEqual([
      "article_Entry",
      "pressRelease_Entry",
      "article_Entry",
    ]);
  });

  it("<field>FieldEntries: nested entries by owner, only for a schema that grants the field", async () => {
    const data = await client(FRONTEND_TOKEN).request(site.BlocksOfOwnersDocument, {
      ownerId: [31],
    });
    expect(
      data.contentBlocksFieldEntries?.map((entry) => [
        entry?.__typename,
        entry?.ownerId,
        entry?.fieldHandle,
        entry?.sortOrder,
      ]),
    ).toEqual([
      ["textBlock_Entry", 31, "contentBlocks", 1],
      ["accordion_Entry", 31, "contentBlocks", 2],
    ]);
    await expect(client().request(site.BlocksOfOwnersDocument, { ownerId: [31] })).rejects.toThrow(
      /Cannot query field "contentBlocksFieldEntries" on type "Query"/,
    );
  });

  it("a preview request shows the draft in place of its entry, never cached, and nothing without the token", async () => {
    const preview = createContentClient({
      endpoint: server.url,
      headers: { "X-Craft-Token": "hc-preview-about-4e7a1c90" },
    });
    const previewed = await preview.request(site.PageByUriDocument, { uri: ["about"] });
    const draft = previewed.pagesEntries?.[0];
    if (draft?.__typename !== "page_Entry") throw new Error("expected the page's draft");
    expect(draft.title).toBe("About Harbour & Co");
    expect(draft.summary).toBe("Six shipwrights, one quay, fifty years of boats.");
    // The draft shows its entry's nested entries.
    expect(draft.contentBlocks.map((block) => block?.__typename)).toEqual([
      "textBlock_Entry",
      "accordion_Entry",
    ]);
    const plain = await client().request(site.PageByUriDocument, { uri: ["about"] });
    expect(plain.pagesEntries?.[0]).toMatchObject({ title: "About us" });
    const response = await fetch(`${server.url}?token=hc-preview-about-4e7a1c90`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: '{ pagesEntries(uri: "about") { ... on page_Entry { title } } }',
      }),
    });
    expect(response.headers.get("x-typewire-cache")).toBe("BYPASS");
    expect(await response.json()).toEqual({
      data: { pagesEntries: [{ title: "About Harbour & Co" }] },
    });
  });

  it("every Craft 5 shape the builders' type tests cover is a query the API answers", async () => {
    const answers = Object.fromEntries(
      await Promise.all(
        Object.entries(craft5Queries as Record<string, Query<unknown>>).map(async ([name, q]) => [
          name,
          await client().request(q),
        ]),
      ),
    );
    expect(answers.oneMemberUnion.home).toMatchObject({ __typename: "homepage_Entry" });
    expect(typeof answers.oneMemberUnion.home.title).toBe("string");
    const pages = answers.manyMemberUnion.pages as { __typename: string; title: string }[];
    expect(new Set(pages.map((page) => page.__typename))).toEqual(
      new Set(["page_Entry", "landingPage_Entry"]),
    );
    for (const page of pages) expect(typeof page.title).toBe("string");
    // "About us" has a hero image: the reused selection's alias and its fragment come back.
    const about = pages.find((page) => page.title === "About us") as unknown as {
      heroImage: { __typename: string; url: string; small: string; altText: string | null }[];
    };
    expect(about.heroImage).toHaveLength(1);
    expect(about.heroImage[0]).toEqual({
      __typename: "images_Asset",
      url: expect.any(String),
      small: expect.any(String),
      altText: expect.toSatisfy((alt: unknown) => alt === null || typeof alt === "string"),
    });
    // Each conditional check below runs on at least one item of its type.
    const typenames = (items: { __typename: string }[]) => items.map((item) => item.__typename);
    expect(typenames(answers.interfaceInUnion.news)).toContain("article_Entry");
    for (const item of answers.interfaceInUnion.news) {
      expect(item.postDate).toMatch(/^\d{4}$/);
      if (item.__typename === "article_Entry") expect(item).toHaveProperty("summary");
    }
    expect(answers.nestedUnions.all.length).toBeGreaterThan(0);
    expect(typenames(answers.mergedFragments.pages)).toContain("page_Entry");
    for (const page of answers.mergedFragments.pages) {
      expect(page).toHaveProperty("slug");
      if (page.__typename === "page_Entry") expect(Object.keys(page)).toContain("summary");
    }
    expect(answers.fragmentOnOwnType.e).toHaveProperty("name");
    expect(typenames(answers.writtenOut.pages)).toContain("page_Entry");
    for (const page of answers.writtenOut.pages) {
      expect(page.uri).toEqual(expect.any(String));
      if (page.__typename === "page_Entry") expect(page).toHaveProperty("contentBlocks");
    }
  });

  it("builders send the same shapes", async () => {
    const data = await client().request(
      site.query({
        pages: site.pagesEntries(
          { uri: ["about"] },
          {
            ...site.on("page_Entry", {
              title: true,
              contentBlocks: { __typename: true, ...site.on("textBlock_Entry", { body: true }) },
            }),
          },
        ),
        count: site.entryCount({ section: ["pages"], limit: 1, offset: 1 }),
      }),
    );
    expect(data.count).toBe(4);
    expect(data.pages?.[0]).toMatchObject({
      title: "About us",
      contentBlocks: [
        { __typename: "textBlock_Entry", body: expect.stringContaining("shipwrights") },
        { __typename: "accordion_Entry" },
      ],
    });
  });
});
