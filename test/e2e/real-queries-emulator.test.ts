import { createContentClient } from "@typewire/runtime/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import { entries, entry, on, query, select } from "../../output/content/public/query.js";
import { startServer } from "../emulator/emulator-harness.js";

// One query of each kind that real front ends write (issue 19, item 3), built with the committed
// builders of the public schema, sent through the client to the emulator serving the bundled
// example site; the answers are compared with that site.

let server: ContentServer;
let client: ReturnType<typeof createContentClient>;

beforeAll(async () => {
  server = await startServer();
  client = createContentClient({ endpoint: server.url });
});
afterAll(async () => {
  await server?.close();
});

describe("real queries against the emulator", () => {
  it("a single value where a list is expected", async () => {
    const data = await client.request(
      query({ pages: entries({ section: "pages", uri: "about" }, { title: true }) }),
    );
    expect(data.pages).toEqual([{ title: "About" }]);
  });

  it("a variable default, left out when sending, and variables inside a list", async () => {
    const q = query({ limit: ["Int", 2], section: ["String", "news"] }, ($) => ({
      posts: entries(
        { section: [$.section], limit: $.limit, orderBy: "postDate ASC" },
        { slug: true },
      ),
    }));
    expect(q.document).toBe(
      'query($limit:Int=2,$section:String="news"){posts:entries(section:[$section],limit:$limit,orderBy:"postDate ASC"){slug}}',
    );
    expect((await client.request(q)).posts).toEqual([
      { slug: "offshore-wind-farm-full-output" },
      { slug: "inside-the-turbine-hall" },
    ]);
    expect((await client.request(q, { limit: 1, section: "pages" })).posts).toEqual([
      { slug: "about" },
    ]);
  });

  it("a read-only array for a list variable", async () => {
    const q = query({ ids: "[QueryArgument]" }, ($) => ({
      found: entries({ id: $.ids, orderBy: "id ASC" }, { id: true }),
    }));
    const ids: readonly string[] = ["50", "40"];
    expect((await client.request(q, { ids })).found).toEqual([{ id: "40" }, { id: "50" }]);
  });

  it("fragments on an interface and several on one type, narrowing the result", async () => {
    const card = on("news_article_Entry", { summary: true });
    const more = on("news_article_Entry", { readingTime: true });
    const q = query({
      post: entry(
        { slug: "offshore-wind-farm-full-output" },
        { ...on("EntryInterface", { title: true }), ...card, ...more },
      ),
    });
    const post = (await client.request(q)).post;
    expect(post?.__typename).toBe("news_article_Entry");
    if (post?.__typename !== "news_article_Entry") throw new Error("not an article");
    expect(post.title).toBe("Offshore wind farm reaches full output");
    expect(post.summary).toMatch(/^All forty turbines/);
    expect(typeof post.readingTime).toBe("number");
  });

  it("a named operation with __typename on request", async () => {
    const q = query({ slug: "[String]" }, ($) => ({
      page: entry({ slug: $.slug }, { __typename: true, title: true }),
    })).named("PageBySlug");
    expect(q.document.startsWith("query PageBySlug(")).toBe(true);
    expect((await client.request(q, { slug: "history" })).page).toEqual({
      __typename: "pages_page_Entry",
      title: "History",
    });
  });

  it("a selection written once with select(), reused in two queries", async () => {
    const link = select("EntryInterface", { title: true, uri: true });
    const tree = await client.request(
      query({
        pages: entries(
          { section: "pages", level: 1, orderBy: "lft ASC" },
          {
            ...link,
            children: { ...link, children: link },
          },
        ),
      }),
    );
    const page = await client.request(query({ page: entry({ uri: "contact/press" }, link) }));
    expect(page.page).toEqual({ title: "Press", uri: "contact/press" });
    const about = tree.pages?.find((p) => p?.uri === "about");
    expect(about?.children?.map((c) => c?.uri)).toEqual(["about/our-team", "about/history"]);
    const contact = tree.pages?.find((p) => p?.uri === "contact");
    expect(contact?.children?.[0]?.children).toEqual([
      { title: "Press archive", uri: "contact/press/archive" },
    ]);
  });
});
