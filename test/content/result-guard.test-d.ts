import type { ResultOf } from "@typewire/runtime/content";
import { describe, expectTypeOf, it } from "vitest";
import { craft5Queries } from "./craft5-shapes.js";
import * as example from "./fixtures/site/query.js";
import type { Suspects } from "./result-guard.js";

// No selected field of any query here resolves to `never`, `any` or `unknown`: the Craft 5 shapes
// of craft5-shapes.ts, and the example schema's own. The same guard runs over every query of
// craft5-builders.test-d.ts.

describe("the guard itself", () => {
  it("names a never, an any and an unknown at any depth, and passes a sound type", () => {
    expectTypeOf<
      // biome-ignore lint/suspicious/noExplicitAny: the guard must name an any
      Suspects<{ a: { b: never }[] | null; c: { d: any }; e: unknown; f: string }>
    >().toEqualTypeOf<"result.a[].b" | "result.c.d" | "result.e">();
    expectTypeOf<
      Suspects<{ a: ({ b: string | null } | null)[] | null; t: "x" | "y"; n: number }>
    >().toEqualTypeOf<never>();
  });
});

describe("Craft 5 shapes", () => {
  it("types every selected field", () => {
    type All = { [K in keyof typeof craft5Queries]: ResultOf<(typeof craft5Queries)[K]> };
    expectTypeOf<Suspects<All>>().toEqualTypeOf<never>();
  });
  it("merges fragments that apply to one member, and one on an interface into every member", () => {
    type Page = NonNullable<
      NonNullable<ResultOf<typeof craft5Queries.mergedFragments>["pages"]>[number]
    >;
    expectTypeOf<Extract<Page, { __typename: "page_Entry" }>>().toEqualTypeOf<{
      __typename: "page_Entry";
      slug: string | null;
      title: string | null;
      uri: string | null;
      summary: string | null;
    }>();
    expectTypeOf<Extract<Page, { __typename: "landingPage_Entry" }>>().toEqualTypeOf<{
      __typename: "landingPage_Entry";
      slug: string | null;
    }>();
  });
  it("keeps a one-member union's fragment fields and the alias beside a fragment on the field's type", () => {
    type Home = NonNullable<ResultOf<typeof craft5Queries.oneMemberUnion>["home"]>;
    expectTypeOf<Home>().toEqualTypeOf<{
      __typename: "homepage_Entry";
      title: string | null;
      id: string | null;
    }>();
    type E = NonNullable<ResultOf<typeof craft5Queries.fragmentOnOwnType>["e"]>;
    expectTypeOf<E["name"]>().toEqualTypeOf<string | null>();
    expectTypeOf<E["id"]>().toEqualTypeOf<string | null>();
  });
});

describe("the example schema's shapes", () => {
  const q = example.query({ limit: ["Int", 5] }, ($) => ({
    posts: example.entries(
      { section: "blog", limit: $.limit },
      {
        __typename: true,
        id: true,
        postDate: example.formatDateTime({ format: "Y-m-d" }),
        children: { id: true, children: { title: true } },
        ...example.on("blog_article_Entry", { tags: true, "t: title": true }),
        ...example.on("blog_link_Entry", { linkUrl: true }),
      },
    ),
    count: example.entryCount({}),
    ping: example.ping(),
    images: example.assets({}, { url: { __args: { width: 300 } }, focalPoint: true }),
    people: example.users({}, { name: true, email: true }),
  }));
  it("types every selected field", () => {
    expectTypeOf<Suspects<ResultOf<typeof q>>>().toEqualTypeOf<never>();
  });
});
