import type { ContentClient, ResultOf, VariablesOfQuery } from "@typewire/runtime/content";
import { describe, expectTypeOf, it } from "vitest";
import {
  AnnouncementDocument,
  ArticleBySlugDocument,
  ContributorsDocument,
  type EntryLinkFragment,
  type ImageCreditFragment,
  NewsListingDocument,
  PageByUriDocument,
  SiteLayoutDocument,
} from "../../output/content/example/index.js";
import * as pub from "../../output/content/public/index.js";

// The result and variables types of the example's typed documents (schemas/content/documents/),
// one kind of document at a time.

declare const client: ContentClient;

describe("named operations without variables", () => {
  it("take no variables and resolve their result type", async () => {
    const data = await client.request(SiteLayoutDocument);
    expectTypeOf(data).toEqualTypeOf<ResultOf<typeof SiteLayoutDocument>>();
    expectTypeOf(data.topics).toEqualTypeOf<
      | ({
          id: string | null;
          title: string | null;
          uri: string | null;
          children:
            ({ id: string | null; title: string | null; uri: string | null } | null)[] | null;
        } | null)[]
      | null
    >();
    // @ts-expect-error: the operation selects no `handle` on topics
    data.topics?.[0]?.handle;
  });
});

describe("variables", () => {
  it("required without a default, optional with one (non-null included)", async () => {
    expectTypeOf<VariablesOfQuery<typeof NewsListingDocument>>().toEqualTypeOf<{
      limit?: number | null | undefined;
      offset?: number;
      section?: (string | null | undefined)[] | string | null | undefined;
    }>();
    await client.request(NewsListingDocument);
    await client.request(NewsListingDocument, { limit: 3, offset: 6 });
    // @ts-expect-error: `offset` is non-null: it may be left out (it has a default), not null
    await client.request(NewsListingDocument, { offset: null });

    expectTypeOf<VariablesOfQuery<typeof PageByUriDocument>>().toEqualTypeOf<{
      uri: (string | null | undefined)[] | string;
    }>();
    await client.request(PageByUriDocument, { uri: "about" });
    // @ts-expect-error: `uri` is required
    await client.request(PageByUriDocument);
    // @ts-expect-error: `uri` is required
    await client.request(PageByUriDocument, {});
    // @ts-expect-error: `limit` is not a variable of the operation
    await client.request(PageByUriDocument, { uri: "about", limit: 1 });
  });
});

describe("fragments", () => {
  it("on an interface: the fields on every concrete type", async () => {
    const data = await client.request(NewsListingDocument);
    const latest = data.latest;
    if (latest) {
      expectTypeOf(latest.title).toEqualTypeOf<string | null>();
      expectTypeOf(latest.postDate).toEqualTypeOf<string | null>();
    }
    expectTypeOf<EntryLinkFragment>().toEqualTypeOf<
      | { id: string | null; title: string | null; uri: string | null }
      | { id: string | null; title: string | null; uri: string | null }
    >();
    // @ts-expect-error: EntryLink selects no slug
    latest?.slug;
  });

  it("on a concrete type: a union discriminated by __typename where selected", async () => {
    const data = await client.request(NewsListingDocument);
    const first = data.articles?.[0];
    if (first?.__typename === "news_article_Entry") {
      expectTypeOf(first.summary).toEqualTypeOf<string | null>();
      const image = first.heroImage?.[0];
      if (image && "credit" in image) expectTypeOf(image.credit).toEqualTypeOf<string | null>();
    } else if (first) {
      // @ts-expect-error: only a news article has the summary
      first.summary;
    }
    expectTypeOf<ImageCreditFragment>().toEqualTypeOf<{
      altText: string | null;
      credit: string | null;
    }>();
  });
});

describe("aliases", () => {
  it("name the result's keys; the field's own name is not there", async () => {
    const data = await client.request(PageByUriDocument, { uri: "about" });
    expectTypeOf(data).toHaveProperty("page");
    // @ts-expect-error: the root field `entry` comes back as `page`
    data.entry;
    const page = data.page;
    if (page && "heroImage" in page) {
      const image = page.heroImage?.[0];
      expectTypeOf(image?.hero).toEqualTypeOf<string | null | undefined>();
      expectTypeOf(image?.mobile).toEqualTypeOf<string | null | undefined>();
      // @ts-expect-error: both `url` selections are aliased
      image?.url;
    }
  });
});

describe("directives", () => {
  it("@formatDateTime, @markdown and @transform give text, with the field's nullability", async () => {
    const data = await client.request(ArticleBySlugDocument, { slug: "a" });
    const article = data.article;
    if (article) {
      expectTypeOf(article.published).toEqualTypeOf<string | null>();
      if ("summaryHtml" in article) {
        expectTypeOf(article.summaryHtml).toEqualTypeOf<string | null>();
        expectTypeOf(article.readingTime).toEqualTypeOf<number | null>();
        expectTypeOf(article.heroImage?.[0]?.url).toEqualTypeOf<string | null | undefined>();
      }
    }
    const announcement = (await client.request(AnnouncementDocument)).announcement;
    if (announcement && "ends" in announcement) {
      expectTypeOf(announcement.ends).toEqualTypeOf<string | null>();
      expectTypeOf(announcement.showBanner).toEqualTypeOf<boolean | null>();
      // @ts-expect-error: `bannerEnds` is aliased to `ends`
      announcement.bannerEnds;
    }
  });
});

describe("per schema", () => {
  it("the public schema's module has only the documents declared for it", async () => {
    expectTypeOf(pub).toHaveProperty("PageByUriDocument");
    // @ts-expect-error: the private documents are not declared for the public schema
    pub.ContributorsDocument;
    const users = (await client.request(ContributorsDocument)).users;
    expectTypeOf(users?.[0]?.fullName).toEqualTypeOf<string | null | undefined>();
  });
});
