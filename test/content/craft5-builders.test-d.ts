import type { ResultOf } from "@typewire/runtime/content";
import { describe, expectTypeOf, it } from "vitest";
import * as site from "./craft5/generated/site/index.js";
import type { Suspects } from "./result-guard.js";

type Item<L> = NonNullable<NonNullable<L>[number & keyof NonNullable<L>]>;

// The Craft 5 example's schema: every section and matrix field a union of entry types, some with
// one member (homepageSectionEntryUnion, accordionItems_MatrixField), some with several.
describe("builders on a Craft 5 schema's unions", () => {
  it("a union of one member: its fragment's fields keep their types", () => {
    const q = site.query({
      home: site.homepageEntry(
        {},
        { ...site.on("homepage_Entry", { title: true, summary: true }) },
      ),
    });
    expectTypeOf<Suspects<ResultOf<typeof q>>>().toEqualTypeOf<never>();
    type Home = NonNullable<ResultOf<typeof q>["home"]>;
    expectTypeOf<Home["title"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Home["summary"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Home["__typename"]>().toEqualTypeOf<"homepage_Entry">();
  });

  it("a union of several members: one variant per fragment, discriminated by __typename", () => {
    const q = site.query({
      pages: site.pagesEntries(
        {},
        {
          ...site.on("page_Entry", { title: true }),
          ...site.on("landingPage_Entry", { relatedEntries: { id: true } }),
        },
      ),
    });
    expectTypeOf<Suspects<ResultOf<typeof q>>>().toEqualTypeOf<never>();
    type Page = Item<ResultOf<typeof q>["pages"]>;
    expectTypeOf<Page["__typename"]>().toEqualTypeOf<"page_Entry" | "landingPage_Entry">();
    const page = {} as Page;
    if (page.__typename === "page_Entry") expectTypeOf(page.title).toEqualTypeOf<string | null>();
    else expectTypeOf(page.relatedEntries).toEqualTypeOf<({ id: string | null } | null)[]>();
  });

  it("a fragment on an interface every member implements, inside a union", () => {
    const q = site.query({
      news: site.newsEntries({}, { ...site.on("EntryInterface", { title: true, postDate: true }) }),
    });
    expectTypeOf<Suspects<ResultOf<typeof q>>>().toEqualTypeOf<never>();
    type News = Item<ResultOf<typeof q>["news"]>;
    expectTypeOf<News["title"]>().toEqualTypeOf<string | null>();
    expectTypeOf<News["postDate"]>().toEqualTypeOf<
      `${number}-${number}-${number}T${string}` | null
    >();
  });

  it("a matrix field of nested entries, and nested entries inside a nested entry", () => {
    const q = site.query({
      pages: site.pagesEntries(
        {},
        {
          ...site.on("page_Entry", {
            contentBlocks: {
              __typename: true,
              ...site.on("textBlock_Entry", { body: true, sortOrder: true }),
              ...site.on("accordion_Entry", {
                accordionItems: { ...site.on("accordionItem_Entry", { title: true }) },
              }),
            },
          }),
        },
      ),
    });
    expectTypeOf<Suspects<ResultOf<typeof q>>>().toEqualTypeOf<never>();
    type Page = Extract<Item<ResultOf<typeof q>["pages"]>, { __typename: "page_Entry" }>;
    type Block = Item<Page["contentBlocks"]>;
    const block = {} as Block;
    if (block.__typename === "textBlock_Entry") {
      expectTypeOf(block.body).toEqualTypeOf<string | null>();
      expectTypeOf(block.sortOrder).toEqualTypeOf<number | null>();
    }
    if (block.__typename === "accordion_Entry") {
      type Accordion = Item<typeof block.accordionItems>;
      expectTypeOf<Accordion["title"]>().toEqualTypeOf<string | null>();
    }
    // Counts are non-null.
    const c = site.query({ count: site.entryCount({ section: ["news"] }) });
    expectTypeOf<ResultOf<typeof c>["count"]>().toEqualTypeOf<number>();
  });

  it("refuses a field the fragment's type lacks and a type outside the union", () => {
    site.pagesEntries(
      {},
      {
        // @ts-expect-error page_Entry has no field "body" (article_Entry has)
        ...site.on("page_Entry", { body: true }),
      },
    );
    site.pagesEntries(
      {},
      // @ts-expect-error article_Entry is not a member of pagesSectionEntryUnion
      { ...site.on("article_Entry", { title: true }) },
    );
  });
});
