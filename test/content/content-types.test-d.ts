import { describe, expectTypeOf, it } from "vitest";
import type * as Example from "../../output/content/example/index.js";
import type * as Public from "../../output/content/public/index.js";

describe("generated content types", () => {
  it("gives the custom scalars precise types", () => {
    expectTypeOf<Example.Scalars["DateTime"]["output"]>().toEqualTypeOf<string>();
    expectTypeOf<Example.Scalars["QueryArgument"]["input"]>().toEqualTypeOf<
      string | number | boolean
    >();
    expectTypeOf<Example.news_article_Entry["postDate"]>().toEqualTypeOf<
      string | null | undefined
    >();
    expectTypeOf<NonNullable<Example.Query_entriesArgs["id"]>>().toEqualTypeOf<
      Array<string | number | boolean | null | undefined>
    >();
  });

  it("names concrete types as the API does and relates them to their interfaces", () => {
    expectTypeOf<Example.news_article_Entry>().toMatchTypeOf<Example.EntryInterface>();
    expectTypeOf<Example.pages_page_Entry["__typename"]>().toEqualTypeOf<
      "pages_page_Entry" | undefined
    >();
    expectTypeOf<Example.images_Asset>().toMatchTypeOf<Example.AssetInterface>();
    expectTypeOf<Example.articleBody_quote_BlockType>().toMatchTypeOf<Example.MatrixBlockInterface>();
    expectTypeOf<Example.siteInfo_GlobalSet["tagline"]>().toEqualTypeOf<
      string | null | undefined
    >();
    expectTypeOf<Example.news_article_Entry["readingTime"]>().toEqualTypeOf<
      number | null | undefined
    >();
    expectTypeOf<Example.news_article_Entry["featured"]>().toEqualTypeOf<
      boolean | null | undefined
    >();
  });

  it("types every query argument", () => {
    expectTypeOf<Example.Query_entriesArgs>().toHaveProperty("withStructure");
    expectTypeOf<Example.Query_entriesArgs>().toHaveProperty("after");
    expectTypeOf<Example.Query_categoriesArgs>().toHaveProperty("descendantOf");
    expectTypeOf<Example.AssetInterface_urlArgs>().toHaveProperty("immediately");
    expectTypeOf<Example.EntryInterface_childrenArgs>().toEqualTypeOf<Example.Query_entriesArgs>();
    // @ts-expect-error assets take no structure arguments
    expectTypeOf<Example.Query_assetsArgs>().toHaveProperty("withStructure");
  });

  it("keeps each schema's types to its own module", () => {
    expectTypeOf<Example.User>().toMatchTypeOf<Example.UserInterface>();
    // @ts-expect-error the public schema grants no users, so it has no User type
    expectTypeOf<Public.User>().not.toBeNever();
    // @ts-expect-error the public schema grants no documents volume
    expectTypeOf<Public.documents_Asset>().not.toBeNever();
    expectTypeOf<Public.news_video_Entry>().toMatchTypeOf<Public.EntryInterface>();
  });
});
