import { readFileSync } from "node:fs";
import { type Query, enumValue } from "@typewire/runtime/content";
import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import {
  assets,
  entries,
  entry,
  formatDateTime,
  markdown,
  on,
  ping,
  query,
  search,
  select,
  transform,
} from "./fixtures/site/query.js";

const schema = buildSchema(
  readFileSync(new URL("./fixtures/site.graphql", import.meta.url), "utf8"),
);

const table: { name: string; given: () => Query<unknown, unknown>; want: string }[] = [
  { name: "health check", given: () => query({ ping: ping() }), want: "{ping}" },
  {
    name: "fields in the order written, root alias",
    given: () => query({ posts: entries({}, { title: true, id: true }) }),
    want: "{posts:entries{title id}}",
  },
  {
    name: "arguments of every kind, undefined ones left out",
    given: () =>
      query({
        entries: entries(
          {
            section: ["blog", "news"],
            limit: 10,
            search: 'say "hi"\n',
            id: [1, "2"],
            offset: undefined,
            type: null,
          },
          { id: true },
        ),
      }),
    want: '{entries(section:["blog","news"],limit:10,search:"say \\"hi\\"\\n",id:[1,"2"],type:null){id}}',
  },
  {
    name: "enum values print bare",
    given: () => query({ entries: entries({ sort: enumValue("DESC") }, { id: true }) }),
    want: "{entries(sort:DESC){id}}",
  },
  {
    name: "nested selections and nested arguments",
    given: () =>
      query({
        entry: entry(
          { id: [5] },
          {
            children: {
              __args: { limit: 2 },
              title: true,
              _count: { __args: { field: "children" } },
            },
            author: { photo: { url: { __args: { width: 300, height: 200 } } } },
          },
        ),
      }),
    want: '{entry(id:[5]){children(limit:2){title _count(field:"children")} author{photo{url(width:300,height:200)}}}}',
  },
  {
    name: "fragment keys written out print as on() prints them",
    given: () =>
      query({
        posts: entries(
          { section: ["blog"] },
          {
            id: true,
            "... on blog_article_Entry": {
              summary: true,
              heroImage: { url: { __args: { width: 300 } } },
            },
            "... on blog_link_Entry": { linkUrl: true },
          },
        ),
      }),
    want: '{posts:entries(section:["blog"]){__typename id ...on blog_article_Entry{summary heroImage{url(width:300)}} ...on blog_link_Entry{linkUrl}}}',
  },
  {
    name: "inline fragments add __typename first",
    given: () =>
      query({
        posts: entries(
          { section: ["blog"] },
          {
            id: true,
            ...on("blog_article_Entry", {
              summary: true,
              heroImage: { url: { __args: { width: 300 } } },
            }),
            ...on("blog_link_Entry", { linkUrl: true }),
          },
        ),
      }),
    want: '{posts:entries(section:["blog"]){__typename id ...on blog_article_Entry{summary heroImage{url(width:300)}} ...on blog_link_Entry{linkUrl}}}',
  },
  {
    name: "an explicit __typename is not repeated",
    given: () =>
      query({
        entries: entries({}, { __typename: true, ...on("pages_page_Entry", { body: true }) }),
      }),
    want: "{entries{__typename ...on pages_page_Entry{body}}}",
  },
  {
    name: "aliases at the root and on nested fields",
    given: () =>
      query({
        latest: entries({ limit: 1 }, { id: true }),
        total: entries({}, { id: true }),
        images: assets(
          {},
          { "small: url": { __args: { width: 100 } }, "large: url": { __args: { width: 1200 } } },
        ),
      }),
    want: "{latest:entries(limit:1){id} total:entries{id} images:assets{small:url(width:100) large:url(width:1200)}}",
  },
  {
    name: "variables declared in order and referenced",
    given: () =>
      query({ limit: "Int!", section: "[String]" }, ($) => ({
        posts: entries(
          { section: $.section, limit: $.limit },
          { id: true, children: { __args: { limit: $.limit }, id: true } },
        ),
      })),
    want: "query($limit:Int!,$section:[String]){posts:entries(section:$section,limit:$limit){id children(limit:$limit){id}}}",
  },
  {
    name: "directives after arguments, before sub-selections",
    given: () =>
      query({
        entries: entries(
          {},
          {
            postDate: formatDateTime({ format: "Y-m-d", timezone: "UTC" }),
            ...on("blog_article_Entry", {
              body: markdown({ flavor: "gfm" }),
              heroImage: { url: transform({ width: 300 }, { __args: { height: 10 } }) },
            }),
          },
        ),
      }),
    want: '{entries{__typename postDate@formatDateTime(format:"Y-m-d",timezone:"UTC") ...on blog_article_Entry{body@markdown(flavor:"gfm") heroImage{url(height:10)@transform(width:300)}}}}',
  },
  {
    name: "a single value where a list is expected",
    given: () => query({ posts: entries({ section: "blog", id: 3 }, { id: true }) }),
    want: '{posts:entries(section:"blog",id:3){id}}',
  },
  {
    name: "variable defaults, variables inside input objects and lists",
    given: () =>
      query(
        {
          text: "String!",
          limit: ["Int", 10],
          sort: ["SortDirection", enumValue("DESC")],
          after: "DateTime",
        },
        ($) => ({
          found: search(
            {
              text: $.text,
              limit: $.limit,
              filter: { sections: [$.text, "news"], sort: $.sort, posted: { after: $.after } },
            },
            { __typename: true },
          ),
        }),
      ),
    want: 'query($text:String!,$limit:Int=10,$sort:SortDirection=DESC,$after:DateTime){found:search(text:$text,limit:$limit,filter:{sections:[$text,"news"],sort:$sort,posted:{after:$after}}){__typename}}',
  },
  {
    name: "a named operation",
    given: () =>
      query({ limit: "Int" }, ($) => ({ posts: entries({ limit: $.limit }, { id: true }) })).named(
        "LatestPosts",
      ),
    want: "query LatestPosts($limit:Int){posts:entries(limit:$limit){id}}",
  },
  {
    name: "a named operation without variables",
    given: () => query({ ping: ping() }).named("Health"),
    want: "query Health{ping}",
  },
  {
    name: "fragments on an interface and on a union's member",
    given: () =>
      query({
        found: search(
          { text: "sea" },
          { ...on("EntryInterface", { title: true }), ...on("User", { name: true }) },
        ),
      }),
    want: '{found:search(text:"sea"){__typename ...on EntryInterface{title} ...on User{name}}}',
  },
  {
    name: "several fragments on one type all stay",
    given: () => {
      const card = on("blog_article_Entry", { summary: true, title: true });
      const seo = on("blog_article_Entry", { tags: true, title: true });
      return query({ posts: entries({}, { id: true, ...card, ...seo }) });
    },
    want: "{posts:entries{__typename id ...on blog_article_Entry{summary title} ...on blog_article_Entry{tags title}}}",
  },
  {
    name: "a selection written once with select()",
    given: () => {
      const image = select("AssetInterface", { url: { __args: { width: 300 } } });
      return query({ posts: entries({}, { author: { photo: image } }) });
    },
    want: "{posts:entries{author{photo{url(width:300)}}}}",
  },
];

describe("document text", () => {
  it.each(table)("$name", ({ given, want }) => {
    const q = given();
    expect(q.document).toBe(want);
    expect(validate(schema, parse(q.document))).toEqual([]);
  });

  it("is the same for the same selection", () => {
    for (const { given } of table) expect(given().document).toBe(given().document);
  });

  it("lists declared variables", () => {
    expect(query({ a: "Int", b: "String!" }, () => ({ ping: ping() })).variables).toEqual([
      "a",
      "b",
    ]);
    expect(query({ ping: ping() }).variables).toEqual([]);
  });

  it.each([
    {
      name: "an empty selection on a root field",
      given: () => query({ posts: entries({}, {} as never) }),
      error: /"entries" has an empty selection/,
    },
    {
      name: "an empty selection on a nested field",
      given: () => query({ posts: entries({}, { children: { children: {} } } as never) }),
      error: /"entries\.children\.children" has an empty selection/,
    },
    {
      name: "an empty fragment",
      given: () => on("blog_article_Entry", {} as never),
      error: /fragment on blog_article_Entry selects nothing/,
    },
    {
      name: "an alias that is not a GraphQL name",
      given: () => query({ "my-posts": entries({}, { id: true }) }),
      error: /root alias "my-posts" is not a GraphQL name/,
    },
    {
      name: "an operation name that is not a GraphQL name",
      given: () => query({ ping: ping() }).named("two words"),
      error: /operation name "two words" is not a GraphQL name/,
    },
    {
      name: "a field selected with false",
      given: () => query({ posts: entries({}, { id: false } as never) }),
      error: /"entries\.id" is selected with false/,
    },
    {
      name: "no root field",
      given: () => query({}),
      error: /at least one root field/,
    },
  ])("refuses $name from plain JavaScript", ({ given, error }) => {
    expect(given).toThrow(error);
  });

  it("rejects an argument that has no GraphQL literal", () => {
    expect(() => query({ entries: entries({ limit: Number.NaN }, { id: true }) })).toThrow(
      /argument "limit" cannot be sent/,
    );
  });
});
