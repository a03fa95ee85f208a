import type { ContentClient, ResultOf, VariablesOfQuery } from "@typewire/runtime/content";
import { describe, expectTypeOf, it } from "vitest";
import { entries, entry, on, query, search, select, users } from "./fixtures/site/query.js";

// What real queries do, typed (issue 19, items 3 and 4), each at depth 1 and depth 3.

declare const client: ContentClient;
type Item<L> = NonNullable<L> extends readonly (infer I)[] ? NonNullable<I> : never;

describe("a single value where a list is expected", () => {
  it("is accepted at depth 1 and depth 3", () => {
    entries({ section: "blog", id: 4 }, { id: true });
    entries(
      {},
      { children: { children: { children: { __args: { section: "blog" }, id: true } } } },
    );
  });
  it("must still be of the item's type", () => {
    // @ts-expect-error section takes strings
    entries({ section: 3 }, { id: true });
    // @ts-expect-error section takes strings, at depth 3
    entries({}, { children: { children: { children: { __args: { section: 3 }, id: true } } } });
  });
});

describe("variables with defaults", () => {
  const q = query({ limit: ["Int!", 10], section: ["[String]", ["blog"]] }, ($) => ({
    posts: entries(
      { section: $.section, limit: $.limit },
      { children: { children: { children: { __args: { limit: $.limit }, id: true } } } },
    ),
  }));
  it("may be left out when the query is sent, even when non-null", async () => {
    type V = VariablesOfQuery<typeof q>;
    expectTypeOf<{ [K in keyof V]: V[K] }>().toEqualTypeOf<{
      limit?: number;
      section?: readonly (string | null)[] | string | null;
    }>();
    await client.request(q);
    await client.request(q, { limit: 3 });
    // @ts-expect-error limit is an Int
    await client.request(q, { limit: "3" });
  });
  it("must fit the variable's type", () => {
    // @ts-expect-error the default of $limit is not an Int
    query({ limit: ["Int", "ten"] }, ($) => ({ posts: entries({ limit: $.limit }, { id: true }) }));
    // @ts-expect-error the default of $section is not a [String], at depth 3 of its use
    query({ section: ["[String]", [1]] }, ($) => ({
      posts: entries(
        {},
        { children: { children: { children: { __args: { section: $.section }, id: true } } } },
      ),
    }));
  });
});

describe("null for a list variable", () => {
  const q = query({ required: "[String]!", optional: "[String]", strict: "[String!]!" }, ($) => ({
    a: entries({ section: $.required }, { id: true }),
    b: entries({ section: $.optional }, { id: true }),
    c: entries({ section: $.strict }, { id: true }),
  }));
  type V = VariablesOfQuery<typeof q>;
  it("is refused for a non-null list, as a list or as the single value standing for one", async () => {
    expectTypeOf<{ [K in keyof V]: V[K] }>().toEqualTypeOf<{
      required: readonly (string | null)[] | string;
      optional?: readonly (string | null)[] | string | null;
      strict: readonly string[] | string;
    }>();
    // @ts-expect-error $required is a [String]!: null is not a list
    await client.request(q, { required: null, strict: "x" });
    // @ts-expect-error $strict is a [String!]!: its items are non-null too
    await client.request(q, { required: "x", strict: [null] });
    await client.request(q, { required: ["a", null], strict: "x" });
  });
  it("is the list itself for a nullable list", async () => {
    await client.request(q, { required: "x", strict: ["y"], optional: null });
  });
});

describe("variables anywhere an argument value goes", () => {
  it("inside lists and input objects, at depth 1 and depth 3", () => {
    const q = query({ text: "String!", section: "String", after: "DateTime" }, ($) => ({
      found: search(
        { text: $.text, filter: { sections: [$.text, "news"], posted: { after: $.after } } },
        { __typename: true },
      ),
      deep: entries(
        {},
        {
          children: { children: { children: { __args: { section: [$.section, "x"] }, id: true } } },
        },
      ),
    }));
    type V = VariablesOfQuery<typeof q>;
    expectTypeOf<{ [K in keyof V]: V[K] }>().toEqualTypeOf<{
      text: string;
      section?: string | null;
      after?: string | null;
    }>();
  });
  it("only where the variable's type fits", () => {
    query({ n: "Int" }, ($) => ({
      // @ts-expect-error an Int variable in a list of strings
      found: search({ text: "x", filter: { sections: [$.n] } }, { __typename: true }),
    }));
    query({ s: "String" }, ($) => ({
      // @ts-expect-error a nullable String variable in a list of non-null strings
      found: search({ text: "x", filter: { sections: [$.s] } }, { __typename: true }),
    }));
    query({ n: "Int" }, ($) => ({
      deep: entries(
        {},
        // @ts-expect-error an Int variable in a list of strings, at depth 3
        { children: { children: { children: { __args: { section: [$.n] }, id: true } } } },
      ),
    }));
    query({ s: "String" }, ($) => ({
      // @ts-expect-error a String variable where a list is expected (GraphQL coerces literals, not variables)
      posts: entries({ section: $.s }, { id: true }),
    }));
  });
  it("unknown input object fields fail", () => {
    // @ts-expect-error sectoins
    search({ text: "x", filter: { sectoins: ["a"] } }, { __typename: true });
  });
});

describe("read-only arrays for list variables", () => {
  it("are accepted when sending, as is a single item", async () => {
    const q = query({ ids: "[QueryArgument!]!" }, ($) => ({
      posts: entries({ id: $.ids }, { id: true }),
    }));
    const ids: readonly string[] = ["1", "2"];
    await client.request(q, { ids });
    await client.request(q, { ids: ["1", 2] as const });
    await client.request(q, { ids: 5 });
    // @ts-expect-error ids are ids, not objects
    await client.request(q, { ids: [{}] });
  });
});

describe("inline fragments on interfaces and unions", () => {
  it("narrow a union's members at depth 1", () => {
    const q = query({
      found: search(
        { text: "sea" },
        {
          ...on("EntryInterface", { title: true }),
          ...on("User", { name: true }),
        },
      ),
    });
    expectTypeOf<Item<ResultOf<typeof q>["found"]>>().toEqualTypeOf<
      | { __typename: "blog_article_Entry"; title: string | null }
      | { __typename: "pages_page_Entry"; title: string | null }
      | { __typename: "User"; name: string | null }
      | { __typename: "images_Asset" }
    >();
  });
  it("merge into the selection when they apply to every possible type, at depth 3", () => {
    const q = query({
      posts: entries(
        {},
        {
          children: {
            children: { children: { id: true, ...on("ElementInterface", { slug: true }) } },
          },
        },
      ),
    });
    type Deep = Item<
      Item<Item<Item<ResultOf<typeof q>["posts"]>["children"]>["children"]>["children"]
    >;
    expectTypeOf<Deep>().toEqualTypeOf<{
      id: string | null;
      slug: string | null;
      __typename: "blog_article_Entry" | "blog_link_Entry" | "pages_page_Entry";
    }>();
  });
  it("fail on a type that shares no possible type", () => {
    // @ts-expect-error AssetInterface is not a possible type of EntryInterface
    entries({}, { id: true, ...on("AssetInterface", { filename: true }) });
    entries(
      {},
      {
        // @ts-expect-error UserInterface is not a possible type of EntryInterface, at depth 3
        children: { children: { children: { id: true, ...on("UserInterface", { name: true }) } } },
      },
    );
  });
});

describe("several fragments on one type", () => {
  const card = on("blog_article_Entry", { summary: true });
  const seo = on("blog_article_Entry", { tags: true, heroImage: { url: true } });
  it("merge at depth 1", () => {
    const q = query({ posts: entries({}, { id: true, ...card, ...seo }) });
    type Article = Extract<Item<ResultOf<typeof q>["posts"]>, { __typename: "blog_article_Entry" }>;
    expectTypeOf<Article>().toEqualTypeOf<{
      id: string | null;
      __typename: "blog_article_Entry";
      summary: string | null;
      tags: string[];
      heroImage: ({ url: string | null } | null)[] | null;
    }>();
  });
  it("merge at depth 3", () => {
    const q = query({
      posts: entries({}, { children: { children: { children: { ...card, ...seo } } } }),
    });
    type Deep = Item<
      Item<Item<Item<ResultOf<typeof q>["posts"]>["children"]>["children"]>["children"]
    >;
    expectTypeOf<Extract<Deep, { __typename: "blog_article_Entry" }>["summary"]>().toEqualTypeOf<
      string | null
    >();
    expectTypeOf<Extract<Deep, { __typename: "blog_article_Entry" }>["tags"]>().toEqualTypeOf<
      string[]
    >();
  });
});

describe("__typename on request", () => {
  it("is typed by the possible types at depth 1 and depth 3", () => {
    const q = query({
      one: entry(
        {},
        { __typename: true, children: { children: { children: { __typename: true } } } },
      ),
      people: users({}, { __typename: true }),
    });
    type One = NonNullable<ResultOf<typeof q>["one"]>;
    expectTypeOf<One["__typename"]>().toEqualTypeOf<
      "blog_article_Entry" | "blog_link_Entry" | "pages_page_Entry"
    >();
    expectTypeOf<Item<Item<Item<One["children"]>["children"]>["children"]>>().toEqualTypeOf<{
      __typename: "blog_article_Entry" | "blog_link_Entry" | "pages_page_Entry";
    }>();
    expectTypeOf<Item<ResultOf<typeof q>["people"]>>().toEqualTypeOf<{ __typename: "User" }>();
  });
  it("takes only true", () => {
    // @ts-expect-error __typename is selected with true
    entries({}, { __typename: 1 });
  });
});

describe("named operations", () => {
  it("keep the result and variable types", () => {
    const q = query({ limit: "Int" }, ($) => ({
      posts: entries({ limit: $.limit }, { id: true }),
    }));
    const named = q.named("Posts");
    expectTypeOf<ResultOf<typeof named>>().toEqualTypeOf<ResultOf<typeof q>>();
    expectTypeOf<VariablesOfQuery<typeof named>>().toEqualTypeOf<VariablesOfQuery<typeof q>>();
  });
});

describe("a selection written once with select()", () => {
  const image = select("AssetInterface", { url: { __args: { width: 300 } }, filename: true });
  const card = select("EntryInterface", {
    title: true,
    author: { name: true, photo: { url: true } },
  });
  it("is reused in several queries without as const, at depth 1 and depth 3", () => {
    const a = query({ images: search({ text: "x" }, { ...on("AssetInterface", image) }) });
    const b = query({ people: users({}, { photo: image }) });
    const c = query({ posts: entries({}, { children: { children: { children: card } } }) });
    expectTypeOf<
      Extract<Item<ResultOf<typeof a>["images"]>, { __typename: "images_Asset" }>
    >().toEqualTypeOf<{
      __typename: "images_Asset";
      url: string | null;
      filename: string | null;
    }>();
    expectTypeOf<Item<ResultOf<typeof b>["people"]>>().toEqualTypeOf<{
      photo: { url: string | null; filename: string | null } | null;
    }>();
    type Deep = Item<
      Item<Item<Item<ResultOf<typeof c>["posts"]>["children"]>["children"]>["children"]
    >;
    expectTypeOf<Deep>().toEqualTypeOf<{
      title: string | null;
      author: { name: string | null; photo: { url: string | null } | null } | null;
    }>();
  });
  it("fails to compile where the mistake is written", () => {
    // @ts-expect-error filenam
    select("AssetInterface", { url: true, filenam: true });
    // @ts-expect-error widht, at depth 3
    select("EntryInterface", { author: { photo: { url: { __args: { widht: 3 } } } } });
    // @ts-expect-error a selection for assets is not one for users
    users({}, { ...image });
  });
});

describe("never an invalid document (item 4)", () => {
  it("an empty selection on an object field fails at depth 1 and depth 3", () => {
    // @ts-expect-error empty selection on EntryInterface
    entries({}, {});
    // @ts-expect-error only arguments, no field
    entries({}, { children: { __args: { limit: 1 } } });
    // @ts-expect-error empty selection at depth 3
    entries({}, { children: { children: { children: {} } } });
    // @ts-expect-error only arguments at depth 3
    entries({}, { children: { children: { children: { __args: { limit: 2 } } } } });
  });
  it("an empty fragment fails at depth 1 and depth 3", () => {
    // @ts-expect-error empty fragment
    entries({}, { id: true, ...on("blog_article_Entry", {}) });
    entries(
      {},
      // @ts-expect-error empty fragment at depth 3
      { children: { children: { children: { id: true, ...on("blog_article_Entry", {}) } } } },
    );
  });
  it("an empty select() fails", () => {
    // @ts-expect-error empty selection
    select("EntryInterface", {});
  });
});
