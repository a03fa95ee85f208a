import type { TypedDocumentNode as CoreTypedDocumentNode } from "@graphql-typed-document-node/core";
import type {
  ContentClient,
  ResultOf,
  TypedDocumentNode,
  VariablesOfQuery,
} from "@typewire/runtime/content";
import type { DocumentNode } from "graphql";
import { describe, expectTypeOf, it } from "vitest";
import {
  AnnouncementDocument,
  ArticleBySlugDocument,
  ContributorsDocument,
  type EntryLinkFragment,
  type ImageCreditFragment,
  NewsListingDocument,
  PageByUriDocument,
  type PageByUriQuery,
  type PageByUriQueryVariables,
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
      section?: readonly (string | null | undefined)[] | string | null | undefined;
    }>();
    await client.request(NewsListingDocument);
    await client.request(NewsListingDocument, { limit: 3, offset: 6 });
    // @ts-expect-error: `offset` is non-null: it may be left out (it has a default), not null
    await client.request(NewsListingDocument, { offset: null });

    expectTypeOf<VariablesOfQuery<typeof PageByUriDocument>>().toEqualTypeOf<{
      uri: readonly (string | null | undefined)[] | string;
    }>();
    await client.request(PageByUriDocument, { uri: "about" });
    // @ts-expect-error: `uri` is required
    await client.request(PageByUriDocument);
    // @ts-expect-error: `uri` is required
    await client.request(PageByUriDocument, {});
    // @ts-expect-error: `limit` is not a variable of the operation
    await client.request(PageByUriDocument, { uri: "about", limit: 1 });
  });

  it("a read-only array is accepted for every list variable", async () => {
    const uris = ["about", "team"] as const;
    await client.request(PageByUriDocument, { uri: uris });
    const sections: readonly string[] = ["news"];
    await client.request(NewsListingDocument, { section: sections });
    // @ts-expect-error: the items are strings
    await client.request(PageByUriDocument, { uri: [1, 2] as const });
  });
});

describe("the documents are TypedDocumentNodes", () => {
  it("as @graphql-typed-document-node/core declares them, with their types", () => {
    expectTypeOf(PageByUriDocument).toExtend<
      CoreTypedDocumentNode<PageByUriQuery, PageByUriQueryVariables>
    >();
    expectTypeOf(PageByUriDocument).toExtend<DocumentNode>();
    expectTypeOf<CoreTypedDocumentNode<PageByUriQuery, PageByUriQueryVariables>>().toExtend<
      TypedDocumentNode<PageByUriQuery, PageByUriQueryVariables>
    >();
    expectTypeOf<ResultOf<typeof PageByUriDocument>>().toEqualTypeOf<PageByUriQuery>();
    // @ts-expect-error: the result type is the operation's, not any other
    expectTypeOf(PageByUriDocument).toExtend<CoreTypedDocumentNode<{ other: string }, never>>();
  });

  it("the client takes a TypedDocumentNode written by another tool (graphql-tag's shape)", async () => {
    const fromElsewhere = {} as CoreTypedDocumentNode<{ ping: string | null }, { n?: number }>;
    expectTypeOf(await client.request(fromElsewhere)).toEqualTypeOf<{ ping: string | null }>();
    await client.request(fromElsewhere, { n: 1 });
    // @ts-expect-error: `m` is not a variable of the document
    await client.request(fromElsewhere, { m: 1 });
  });
});

describe("request options", () => {
  it("a preview token per request, beside the variables or without them", async () => {
    await client.request(PageByUriDocument, { uri: "about" }, { preview: "token" });
    await client.request(SiteLayoutDocument, undefined, { preview: "token" });
    await client.request(SiteLayoutDocument, {}, { preview: false });
    // @ts-expect-error: a preview token is a string
    await client.request(SiteLayoutDocument, {}, { preview: 42 });
    // @ts-expect-error: there is no such option
    await client.request(SiteLayoutDocument, {}, { draft: true });
    // @ts-expect-error: required variables still come first
    await client.request(PageByUriDocument, { preview: "token" });
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
