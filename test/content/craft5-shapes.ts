import * as site from "./craft5/generated/site/index.js";

// One builder query per shape a real Craft 5 schema has: section and matrix unions with one
// member and with several, fragments on a member, on an interface every member implements and on
// the field's own type, unions nested inside a fragment on an interface, several fragments merged,
// aliases, arguments, directives and `__typename`; fragments through `on` and written out as keys. The type guard (result-guard.test-d.ts) checks
// that none of their fields resolves to `never`, `any` or `unknown`; the end-to-end test sends each
// to the emulator (test/e2e/craft5-emulator.test.ts).

const image = site.select("AssetInterface", {
  url: true,
  "small: url": site.transform({ width: 200 }),
  ...site.on("images_Asset", { altText: true }),
});
export const craft5Queries = {
  oneMemberUnion: site.query({
    home: site.homepageEntry({}, { ...site.on("homepage_Entry", { title: true, id: true }) }),
  }),
  manyMemberUnion: site.query({
    pages: site.pagesEntries(
      {},
      {
        __typename: true,
        ...site.on("page_Entry", { title: true, heroImage: image }),
        ...site.on("landingPage_Entry", { title: true, relatedEntries: { id: true } }),
      },
    ),
  }),
  interfaceInUnion: site.query({
    news: site.newsEntries(
      { limit: 3 },
      {
        ...site.on("EntryInterface", {
          title: true,
          postDate: site.formatDateTime({ format: "Y" }),
        }),
        ...site.on("article_Entry", { summary: true }),
      },
    ),
  }),
  nestedUnions: site.query({
    all: site.entries(
      { section: ["pages"] },
      {
        id: true,
        ...site.on("page_Entry", {
          contentBlocks: {
            __typename: true,
            ...site.on("textBlock_Entry", { body: true, sortOrder: true }),
            ...site.on("accordion_Entry", {
              accordionItems: { ...site.on("accordionItem_Entry", { title: true, id: true }) },
            }),
          },
        }),
      },
    ),
  }),
  fragmentOnOwnType: site.query({
    e: site.entry({}, { ...site.on("EntryInterface", { id: true }), "name: title": true }),
  }),
  mergedFragments: site.query({
    pages: site.pagesEntries(
      {},
      {
        ...site.on("page_Entry", { title: true }),
        ...site.on("page_Entry", { uri: true, summary: true }),
        ...site.on("EntryInterface", { slug: true }),
      },
    ),
  }),
  writtenOut: site.query({
    pages: site.pagesEntries(
      {},
      {
        "... on page_Entry": {
          title: true,
          contentBlocks: { "... on textBlock_Entry": { body: true } },
        },
        "... on EntryInterface": { uri: true },
      },
    ),
  }),
};
