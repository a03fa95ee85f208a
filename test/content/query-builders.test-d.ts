import type { ContentClient, ResultOf } from "@typewire/runtime/content";
import { describe, expectTypeOf, it } from "vitest";
import {
  assets,
  entries,
  entry,
  entryCount,
  formatDateTime,
  markdown,
  on,
  ping,
  query,
  transform,
  users,
} from "./fixtures/site/query.js";

declare const client: ContentClient;

describe("selected fields, nullability and list shapes", () => {
  it("keeps only the selected fields, shaped as the schema says", () => {
    const q = query({
      entries: entries({}, { id: true, title: true }),
      entry: entry({}, { slug: true }),
    });
    expectTypeOf<ResultOf<typeof q>>().toEqualTypeOf<{
      entries: ({ id: string | null; title: string | null } | null)[] | null;
      entry: { slug: string | null } | null;
    }>();
  });
  it("follows non-null and list wrappers of leaf fields", () => {
    const q = query({
      count: entryCount({}),
      posts: entries(
        {},
        {
          ...on("blog_article_Entry", { tags: true }),
          ...on("blog_link_Entry", { linkUrl: true }),
        },
      ),
      images: assets({}, { focalPoint: true, dateCreated: true }),
    });
    type R = ResultOf<typeof q>;
    expectTypeOf<R["count"]>().toEqualTypeOf<number>();
    expectTypeOf<R["images"]>().toEqualTypeOf<
      | ({
          focalPoint: (number | null)[] | null;
          dateCreated: `${number}-${number}-${number}T${string}` | null;
        } | null)[]
      | null
    >();
    type Post = NonNullable<NonNullable<R["posts"]>[number]>;
    expectTypeOf<Extract<Post, { __typename: "blog_article_Entry" }>["tags"]>().toEqualTypeOf<
      string[]
    >();
    expectTypeOf<
      Extract<Post, { __typename: "blog_link_Entry" }>["linkUrl"]
    >().toEqualTypeOf<string>();
  });
  it("resolves a root leaf field without a selection", () => {
    const q = query({ ping: ping() });
    expectTypeOf<ResultOf<typeof q>>().toEqualTypeOf<{ ping: string | null }>();
  });
  it("types request() from the query", async () => {
    const data = await client.request(query({ ping: ping() }));
    expectTypeOf(data).toEqualTypeOf<{ ping: string | null }>();
    expectTypeOf(await client.request("{ping}")).toEqualTypeOf<unknown>();
  });
});

describe("nested selections and nested arguments", () => {
  it("infers nested objects and takes arguments at every level", () => {
    const q = query({
      tree: entries(
        { section: ["pages"] },
        {
          title: true,
          children: {
            __args: { limit: 2 },
            title: true,
            _count: { __args: { field: "children" } },
            parent: { id: true },
          },
          author: { name: true, photo: { url: { __args: { width: 300 } } } },
        },
      ),
    });
    type Node = NonNullable<NonNullable<ResultOf<typeof q>["tree"]>[number]>;
    expectTypeOf<Node>().toEqualTypeOf<{
      title: string | null;
      children:
        | ({
            title: string | null;
            _count: number | null;
            parent: { id: string | null } | null;
          } | null)[]
        | null;
      author: { name: string | null; photo: { url: string | null } | null } | null;
    }>();
  });
});

describe("inline fragments", () => {
  it("gives a union discriminated by __typename, with a branch for the other types", () => {
    const q = query({
      posts: entries(
        { section: ["blog"] },
        {
          id: true,
          ...on("blog_article_Entry", {
            summary: true,
            heroImage: { url: { __args: { width: 300 } } },
          }),
        },
      ),
    });
    type Post = NonNullable<NonNullable<ResultOf<typeof q>["posts"]>[number]>;
    expectTypeOf<Post>().toEqualTypeOf<
      | {
          id: string | null;
          __typename: "blog_article_Entry";
          summary: string | null;
          heroImage: ({ url: string | null } | null)[] | null;
        }
      | { id: string | null; __typename: "blog_link_Entry" | "pages_page_Entry" }
    >();
    const narrow = (post: Post) => (post.__typename === "blog_article_Entry" ? post.summary : null);
    expectTypeOf(narrow).returns.toEqualTypeOf<string | null>();
  });
  it('types a fragment key written out (`"... on Type": {...}`) exactly as on() does', () => {
    const written = query({
      posts: entries(
        {},
        {
          id: true,
          "... on blog_article_Entry": { summary: true, heroImage: { url: true } },
          "... on EntryInterface": { title: true },
        },
      ),
    });
    const made = query({
      posts: entries(
        {},
        {
          id: true,
          ...on("blog_article_Entry", { summary: true, heroImage: { url: true } }),
          ...on("EntryInterface", { title: true }),
        },
      ),
    });
    expectTypeOf<ResultOf<typeof written>>().toEqualTypeOf<ResultOf<typeof made>>();
    type Post = NonNullable<NonNullable<ResultOf<typeof written>["posts"]>[number]>;
    expectTypeOf<Extract<Post, { __typename: "blog_article_Entry" }>>().toEqualTypeOf<{
      id: string | null;
      title: string | null;
      __typename: "blog_article_Entry";
      summary: string | null;
      heroImage: ({ url: string | null } | null)[] | null;
    }>();
  });
  it("types fragment keys on concrete types alone as on() does (one variant each, and the rest)", () => {
    // Keys written only on concrete types of the field's type take a shorter path through the
    // result inference than on() or a fragment on an interface; both must give the same type.
    const written = query({
      posts: entries(
        {},
        {
          id: true,
          "... on blog_article_Entry": { summary: true, heroImage: { url: true } },
          "... on blog_link_Entry": { linkUrl: true },
        },
      ),
      one: entry({}, { "... on pages_page_Entry": { title: true } }),
    });
    const made = query({
      posts: entries(
        {},
        {
          id: true,
          ...on("blog_article_Entry", { summary: true, heroImage: { url: true } }),
          ...on("blog_link_Entry", { linkUrl: true }),
        },
      ),
      one: entry({}, { ...on("pages_page_Entry", { title: true }) }),
    });
    expectTypeOf<ResultOf<typeof written>>().toEqualTypeOf<ResultOf<typeof made>>();
    type One = NonNullable<ResultOf<typeof written>["one"]>;
    expectTypeOf<One>().toEqualTypeOf<
      | { __typename: "pages_page_Entry"; title: string | null }
      | { __typename: "blog_article_Entry" | "blog_link_Entry" }
    >();
  });
  it("types an explicit __typename by the possible types", () => {
    const q = query({
      one: entry({}, { __typename: true }),
      people: users({}, { __typename: true }),
    });
    expectTypeOf<ResultOf<typeof q>>().toEqualTypeOf<{
      one: { __typename: "blog_article_Entry" | "blog_link_Entry" | "pages_page_Entry" } | null;
      people: ({ __typename: "User" } | null)[] | null;
    }>();
  });
});

describe("aliases", () => {
  it("names results after root keys and `alias: field` keys", () => {
    const q = query({
      latest: entries({ limit: 1 }, { id: true }),
      oldest: entries({ limit: 1, orderBy: "postDate asc" }, { id: true }),
      images: assets(
        {},
        { "small: url": { __args: { width: 100 } }, "large: url": { __args: { width: 1200 } } },
      ),
    });
    type R = ResultOf<typeof q>;
    expectTypeOf<keyof R>().toEqualTypeOf<"latest" | "oldest" | "images">();
    expectTypeOf<NonNullable<NonNullable<R["images"]>[number]>>().toEqualTypeOf<{
      small: string | null;
      large: string | null;
    }>();
  });
});

describe("variables", () => {
  const q = query({ limit: "Int!", section: "[String]" }, ($) => ({
    posts: entries({ limit: $.limit, section: $.section }, { id: true }),
  }));
  it("requires declared variables with their types", async () => {
    await client.request(q, { limit: 3, section: ["blog"] });
    await client.request(q, { limit: 3 });
    // @ts-expect-error limit is required
    await client.request(q, { section: ["blog"] });
    // @ts-expect-error limit is an Int
    await client.request(q, { limit: "3" });
    // @ts-expect-error the variables are required
    await client.request(q);
  });
  it("accepts a variable only where its type fits", () => {
    query({ limit: "Int" }, ($) => ({
      // @ts-expect-error an Int variable for a [String] argument
      posts: entries({ section: $.limit }, { id: true }),
    }));
    query({ section: "[String]" }, ($) => ({
      // @ts-expect-error a [String] variable for a nested Int argument
      posts: entries({}, { children: { __args: { limit: $.section }, id: true } }),
    }));
    // @ts-expect-error an unknown variable type
    query({ limit: "Integer" }, () => ({ ping: ping() }));
  });
});

describe("directives", () => {
  it("types arguments and reflects them in results", () => {
    const q = query({
      posts: entries(
        {},
        {
          postDate: formatDateTime({ format: "Y-m-d", timezone: "Europe/Paris" }),
          dateCreated: true,
          title: formatDateTime({ format: "Y" }),
          ...on("blog_article_Entry", {
            body: markdown({ flavor: "gfm" }),
            heroImage: {
              url: transform({ width: 300, immediately: true }, { __args: { height: 10 } }),
            },
          }),
        },
      ),
    });
    type Post = Extract<
      NonNullable<NonNullable<ResultOf<typeof q>["posts"]>[number]>,
      { __typename: "blog_article_Entry" }
    >;
    expectTypeOf<Post["postDate"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Post["dateCreated"]>().toEqualTypeOf<
      `${number}-${number}-${number}T${string}` | null
    >();
    expectTypeOf<Post["title"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Post["body"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Post["heroImage"]>().toEqualTypeOf<({ url: string | null } | null)[] | null>();
  });
  it("keeps a value's own type where the API does not apply the directive", () => {
    const q = query({
      posts: entries(
        {},
        {
          ...on("blog_article_Entry", {
            heroImage: {
              width: markdown({}),
              height: transform({ width: 300 }),
              url: markdown({}),
            },
          }),
        },
      ),
    });
    type Post = Extract<
      NonNullable<NonNullable<ResultOf<typeof q>["posts"]>[number]>,
      { __typename: "blog_article_Entry" }
    >;
    // An Int under @markdown or @transform stays a number, as the emulator (and the API) returns
    // it; a String is text either way.
    expectTypeOf<NonNullable<Post["heroImage"]>[number]>().toEqualTypeOf<{
      width: number | null;
      height: number | null;
      url: string | null;
    } | null>();
  });
  it("rejects unknown or mistyped directive arguments", () => {
    // @ts-expect-error unknown argument of @formatDateTime
    formatDateTime({ fromat: "Y" });
    // @ts-expect-error width of @transform is an Int
    transform({ width: "300" });
  });
});

describe("mistakes are compile errors at depth 1", () => {
  it("misspelled field", () => {
    // @ts-expect-error titel
    entries({}, { titel: true });
  });
  it("unknown argument", () => {
    // @ts-expect-error limt
    entries({ limt: 1 }, { id: true });
  });
  it("argument of the wrong type", () => {
    // @ts-expect-error limit is an Int
    entries({ limit: "10" }, { id: true });
  });
  it("fragment on a type that does not implement the interface", () => {
    // @ts-expect-error images_Asset is not an entry type
    entries({}, { id: true, ...on("images_Asset", { alt: true }) });
  });
  it("alias of a field the type does not have", () => {
    // @ts-expect-error titel
    entries({}, { "name: titel": true });
  });
  it("a fragment key written out is checked like on(): its fields, its type, the type's name", () => {
    entries({}, { id: true, "... on blog_article_Entry": { tags: true } });
    // @ts-expect-error blog_article_Entry has no field "alt"
    entries({}, { id: true, "... on blog_article_Entry": { alt: true } });
    // @ts-expect-error images_Asset is not an entry type
    entries({}, { id: true, "... on images_Asset": { alt: true } });
    // @ts-expect-error no type of the schema is named blog_post_Entry
    entries({}, { id: true, "... on blog_post_Entry": { id: true } });
    // @ts-expect-error a fragment key holds a selection, not true
    entries({}, { id: true, "... on blog_article_Entry": true });
  });
  it("required argument left out", () => {
    // @ts-expect-error _count needs its field argument
    entries({}, { _count: true });
    // @ts-expect-error field is required
    entries({}, { _count: { __args: {} } });
  });
  it("selection missing on an object field, or given to a leaf field", () => {
    // @ts-expect-error author needs a selection
    entries({}, { author: true });
    // @ts-expect-error title is a leaf
    entries({}, { title: { id: true } });
  });
});

describe("mistakes are compile errors at depth 3", () => {
  it("misspelled field", () => {
    // @ts-expect-error titel
    entries({}, { children: { parent: { titel: true } } });
  });
  it("unknown argument", () => {
    // @ts-expect-error widht
    entries({}, { author: { photo: { url: { __args: { widht: 300 } } } } });
  });
  it("argument of the wrong type", () => {
    // @ts-expect-error width is an Int
    entries({}, { author: { photo: { url: { __args: { width: "300" } } } } });
  });
  it("fragment on a type that does not implement the interface", () => {
    const user = on("User", { email: true });
    // @ts-expect-error User is not an entry type
    entries({}, { children: { children: { id: true, ...user } } });
  });
  it("unknown argument on an aliased field", () => {
    // @ts-expect-error widht
    entries({}, { author: { photo: { "small: url": { __args: { widht: 300 } } } } });
  });
  it("misspelled field inside a fragment at depth 3", () => {
    // @ts-expect-error tilte
    entries({}, { children: { children: { ...on("blog_article_Entry", { tilte: true }) } } });
  });
  it("misspelled field inside a fragment", () => {
    const image = { url: true, tilte: true } as const;
    // @ts-expect-error tilte
    entries({}, { children: { ...on("blog_article_Entry", { heroImage: image }) } });
  });
});
