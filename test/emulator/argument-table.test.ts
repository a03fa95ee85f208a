import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_ARGUMENTS, KIND_ARGUMENTS, QUERY_FIELDS, type Row } from "../../site/api-tables.js";
import type { ContentServer } from "../../emulator/index.js";
import { argumentSite } from "./argument-site.js";
import { ids, post, startServer } from "./emulator-harness.js";

type Kind = keyof typeof KIND_ARGUMENTS;

interface Case {
  value: unknown;
  /** Other arguments the case needs (the baseline query has them too). */
  base?: Record<string, unknown>;
  /** Expected ids; compared in order when `ordered`, else as sets. */
  expect: number[];
  ordered?: boolean;
  /** Why an argument that may not change the result is still correct. */
  noOp?: string;
  /** Why the expected result is what it is, when that is not obvious. */
  why?: string;
}

const noOp = (why: string): Case => ({ value: true, expect: [], noOp: why });

// Live entries at the test clock, newest first: 42 47 41 46 40 55 54 53 52 51 50 56 (plus the
// archived 48 and trashed 49, hidden by default); 43 is disabled, 44 pending, 45 expired.
const structure: Record<Kind, Record<string, Case>> = {
  entry: {
    withStructure: noOp("structure data is always joined"),
    structureId: { value: 1, expect: [50, 51, 52, 53, 54, 55] },
    level: { value: 2, expect: [51, 52, 54] },
    hasDescendants: { value: true, expect: [50, 53, 54] },
    ancestorOf: { value: 55, expect: [53, 54], ordered: true },
    ancestorDist: { base: { ancestorOf: 55 }, value: 1, expect: [54] },
    descendantOf: { value: 53, expect: [54, 55], ordered: true },
    descendantDist: { base: { descendantOf: 53 }, value: 1, expect: [54] },
    leaves: { value: true, expect: [51, 52, 55] },
    nextSiblingOf: { value: 51, expect: [52] },
    prevSiblingOf: { value: 53, expect: [50] },
    positionedAfter: { value: 52, expect: [53, 54, 55] },
    positionedBefore: { value: 53, expect: [50, 51, 52] },
  },
  category: {
    withStructure: noOp("structure data is always joined"),
    structureId: { value: 3, expect: [26] },
    level: { value: 2, expect: [21, 22, 24] },
    hasDescendants: { value: true, expect: [20, 21, 23] },
    ancestorOf: { value: 27, expect: [20, 21], ordered: true },
    ancestorDist: { base: { ancestorOf: 27 }, value: 1, expect: [21] },
    descendantOf: { value: 20, expect: [21, 27, 22], ordered: true },
    descendantDist: { base: { descendantOf: 20 }, value: 1, expect: [21, 22] },
    leaves: { value: true, expect: [22, 24, 25, 26, 27] },
    nextSiblingOf: { value: 21, expect: [22] },
    prevSiblingOf: { value: 23, expect: [20] },
    positionedAfter: { value: 20, expect: [23, 24, 25] },
    positionedBefore: { value: 23, expect: [20, 21, 22, 27] },
  },
  asset: {},
  user: {},
  tag: {},
  globalSet: {},
};

const noSuch = (what: string): Case => ({
  value: [":notempty:"],
  expect: [],
  why: `${what}, so only ":empty:" matches`,
});

const elsewhere = {
  site: { value: ["elsewhere"], expect: [] },
  siteId: { value: "2", expect: [] },
  unique: noOp("a single-site install has no duplicates to remove"),
} satisfies Record<string, Case>;

// The common arguments on every kind. Defaults at the test clock: assets newest first
// 12 17 11 10 16 14 13 15; active users by username 1 2; tags by title 35 33 31 32 30 34;
// categories in structure order 20 21 27 22 23 24 25 26; global sets by name 71 70. The disabled,
// archived and trashed elements of each kind (see argumentSite) are hidden by default.
const common: Record<Kind, Record<string, Case>> = {
  entry: {
    id: { value: [40, 41], expect: [40, 41] },
    uid: { value: ["79f865fb-33b3-45a7-af85-4ecc9c8f89d9"], expect: [40] },
    status: { value: ["pending", "expired"], expect: [44, 45] },
    archived: { value: true, expect: [48] },
    trashed: { value: true, expect: [49] },
    site: { value: ["elsewhere"], expect: [] },
    siteId: { value: "2", expect: [] },
    unique: noOp("a single-site install has no duplicates to remove"),
    enabledForSite: {
      base: { status: null },
      value: true,
      expect: [40, 41, 42, 44, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56],
    },
    title: { value: ["About"], expect: [50] },
    slug: { value: ["press"], expect: [54] },
    uri: { value: ["contact/*"], expect: [54, 55] },
    search: {
      value: "turbine",
      expect: [40, 46, 56],
      why: "a relation field is indexed by the titles it relates to: the homepage relates to 46",
    },
    relatedTo: { value: [21], expect: [40, 46] },
    relatedToAll: { value: [21, 30], expect: [40] },
    ref: { value: ["news/river-cycle-lanes"], expect: [42] },
    fixedOrder: { base: { id: [40, 42, 41] }, value: true, expect: [40, 42, 41], ordered: true },
    inReverse: {
      value: true,
      expect: [56, 50, 51, 52, 53, 54, 55, 40, 46, 41, 47, 42],
      ordered: true,
    },
    dateCreated: { value: [">= 2024-05-01"], expect: [41, 42, 47] },
    dateUpdated: { value: ["> 2024-06-01"], expect: [42, 56] },
    offset: { value: 10, expect: [50, 56], ordered: true },
    limit: { value: 2, expect: [42, 47], ordered: true },
    orderBy: {
      value: "title ASC",
      expect: [50, 53, 41, 52, 56, 46, 47, 42, 40, 51, 54, 55],
      ordered: true,
    },
  },
  asset: {
    id: { value: [10, 16], expect: [10, 16] },
    uid: { value: ["7bcc3bca-31aa-4371-a1ff-d8df5b22323b"], expect: [12] },
    status: { value: ["disabled"], expect: [80] },
    archived: { value: true, expect: [81] },
    trashed: { value: true, expect: [82] },
    ...elsewhere,
    enabledForSite: {
      base: { status: null },
      value: true,
      expect: [10, 11, 12, 13, 14, 15, 16, 17],
    },
    title: { value: ["Wind farm"], expect: [11] },
    slug: noSuch("assets have no slug"),
    uri: noSuch("assets have no URI"),
    search: { value: "portrait", expect: [13, 14] },
    relatedTo: { value: [50, 41], expect: [10, 12] },
    relatedToAll: {
      value: [50, 41],
      expect: [],
      why: "each entry has its own hero image and no asset is related to both",
    },
    ref: { value: ["documents/press-kit.zip"], expect: [17] },
    fixedOrder: { base: { id: [15, 10, 13] }, value: true, expect: [15, 10, 13], ordered: true },
    inReverse: { value: true, expect: [15, 13, 14, 16, 10, 11, 17, 12], ordered: true },
    dateCreated: { value: [">= 2024-03-01"], expect: [11, 12, 17] },
    dateUpdated: { value: ["< 2023-02-01"], expect: [13, 15] },
    offset: { value: 6, expect: [13, 15], ordered: true },
    limit: { value: 2, expect: [12, 17], ordered: true },
    orderBy: {
      value: "filename ASC",
      expect: [13, 16, 10, 15, 12, 14, 17, 11],
      ordered: true,
    },
  },
  user: {
    id: { value: [2], expect: [2] },
    uid: { value: ["a5a3fc9c-6969-44b2-af86-080498ce9529"], expect: [2] },
    status: { value: ["pending", "suspended"], expect: [3, 83] },
    archived: { value: true, expect: [84] },
    trashed: { value: true, expect: [85] },
    ...elsewhere,
    enabledForSite: { base: { status: null }, value: true, expect: [1, 2, 3] },
    title: { value: ["Omar Haddad"], expect: [2] },
    slug: noSuch("users have no slug"),
    uri: noSuch("users have no URI"),
    search: { value: "energy", expect: [1] },
    relatedTo: { value: [41], expect: [2] },
    relatedToAll: { value: [40, 41], expect: [2] },
    ref: { value: ["omar"], expect: [2] },
    fixedOrder: { base: { id: [2, 1] }, value: true, expect: [2, 1], ordered: true },
    inReverse: { value: true, expect: [2, 1], ordered: true },
    dateCreated: { value: [">= 2023-02-01"], expect: [2] },
    dateUpdated: { value: ["< 2024-03-01"], expect: [1] },
    offset: { value: 1, expect: [2], ordered: true },
    limit: { value: 1, expect: [1], ordered: true },
    orderBy: { value: "dateUpdated DESC", expect: [2, 1], ordered: true },
  },
  tag: {
    id: { value: [31, 33], expect: [31, 33] },
    uid: { value: ["af430c49-691d-434e-a388-6e537f3b3ed8"], expect: [32] },
    status: { value: ["disabled"], expect: [86] },
    archived: { value: true, expect: [87] },
    trashed: { value: true, expect: [88] },
    ...elsewhere,
    enabledForSite: { base: { status: null }, value: true, expect: [30, 31, 32, 33, 34, 35] },
    title: { value: ["policy"], expect: [34] },
    slug: { value: ["cycling"], expect: [33] },
    uri: noSuch("tags have no URI"),
    search: { value: "markets", expect: [32] },
    relatedTo: { value: [41], expect: [31, 32] },
    relatedToAll: { value: [41, 45], expect: [31] },
    ref: { value: ["keywords/harbour"], expect: [31] },
    fixedOrder: { base: { id: [34, 30, 31] }, value: true, expect: [34, 30, 31], ordered: true },
    inReverse: { value: true, expect: [34, 30, 32, 31, 33, 35], ordered: true },
    dateCreated: { value: [">= 2024-01-01"], expect: [35] },
    dateUpdated: { value: ["< 2024-01-01"], expect: [30, 31, 32, 33, 34] },
    offset: { value: 4, expect: [30, 34], ordered: true },
    limit: { value: 2, expect: [35, 33], ordered: true },
    orderBy: { value: "id DESC", expect: [35, 34, 33, 32, 31, 30], ordered: true },
  },
  category: {
    id: { value: [22, 26], expect: [22, 26] },
    uid: { value: ["37c564b5-0795-42c7-ad28-183616772a8a"], expect: [23] },
    status: { value: ["disabled"], expect: [89] },
    archived: { value: true, expect: [90] },
    trashed: { value: true, expect: [91] },
    ...elsewhere,
    enabledForSite: {
      base: { status: null },
      value: true,
      expect: [20, 21, 22, 23, 24, 25, 26, 27],
    },
    title: { value: ["Solar"], expect: [22] },
    slug: { value: ["food"], expect: [24] },
    uri: { value: ["topics/w*"], expect: [21] },
    search: { value: "markets", expect: [24] },
    relatedTo: { value: [41], expect: [23, 24] },
    relatedToAll: { value: [40, 46], expect: [21] },
    ref: { value: ["topics/wind"], expect: [21] },
    fixedOrder: { base: { id: [25, 20, 23] }, value: true, expect: [25, 20, 23], ordered: true },
    inReverse: { value: true, expect: [26, 25, 24, 23, 22, 27, 21, 20], ordered: true },
    dateCreated: { value: [">= 2024-01-01"], expect: [26, 27] },
    dateUpdated: { value: ["< 2024-01-01"], expect: [20, 21, 22, 23, 24, 25] },
    offset: { value: 6, expect: [25, 26], ordered: true },
    limit: { value: 3, expect: [20, 21, 27], ordered: true },
    orderBy: {
      value: "title ASC",
      expect: [23, 20, 24, 26, 27, 22, 25, 21],
      ordered: true,
    },
  },
  globalSet: {
    id: { value: [70], expect: [70] },
    uid: { value: ["330e13c5-ff18-4add-acf5-ea83b2c2bc76"], expect: [71] },
    status: { value: ["disabled"], expect: [92] },
    archived: { value: true, expect: [93] },
    trashed: { value: true, expect: [94] },
    ...elsewhere,
    enabledForSite: { base: { status: null }, value: true, expect: [70, 71] },
    title: { value: ["Announcement"], expect: [71] },
    slug: noSuch("global sets have no slug"),
    uri: noSuch("global sets have no URI"),
    search: { value: "published", expect: [70] },
    relatedTo: { value: [31], expect: [71] },
    relatedToAll: { value: [41, 31], expect: [71] },
    ref: { value: ["announcement"], expect: [71] },
    fixedOrder: { base: { id: [70, 71] }, value: true, expect: [70, 71], ordered: true },
    inReverse: { value: true, expect: [70, 71], ordered: true },
    dateCreated: { value: ["< 2024-01-01"], expect: [70] },
    dateUpdated: { value: [">= 2024-03-01"], expect: [71] },
    offset: { value: 1, expect: [70], ordered: true },
    limit: { value: 1, expect: [71], ordered: true },
    orderBy: { value: "dateCreated ASC", expect: [70, 71], ordered: true },
  },
};

const cases: Record<Kind, Record<string, Case>> = {
  entry: {
    ...common.entry,
    ...structure.entry,
    editable: { value: true, expect: [] },
    section: { value: ["pages"], expect: [50, 51, 52, 53, 54, 55] },
    sectionId: { value: [3], expect: [56] },
    type: { value: ["video"], expect: [46, 47] },
    typeId: { value: [4], expect: [55] },
    authorId: { value: [2], expect: [41, 42, 47] },
    authorGroup: { value: ["authors"], expect: [41, 42, 47] },
    authorGroupId: { value: [1], expect: [40, 46, 50, 51, 52, 53, 54, 55, 56] },
    postDate: { value: ["< 2023-06-01"], expect: [50, 51, 52, 53, 54, 55, 56] },
    before: { value: "2023-06-01", expect: [50, 51, 52, 53, 54, 55, 56] },
    after: { value: "2024-05-01", expect: [41, 42, 47] },
    expiryDate: { base: { status: null }, value: [":notempty:"], expect: [45] },
  },
  asset: {
    ...common.asset,
    volumeId: { value: [2], expect: [16, 17] },
    volume: { value: ["documents"], expect: [16, 17] },
    folderId: { value: [2], expect: [13, 14] },
    filename: { value: ["logo.svg"], expect: [15] },
    kind: { value: ["pdf"], expect: [16] },
    height: { value: [">= 1600"], expect: [10] },
    width: { value: ["800"], expect: [13, 14] },
    size: { value: ["> 1000000"], expect: [16, 17] },
    dateModified: { value: ">= 2024-03-01", expect: [11, 12, 17] },
    includeSubfolders: { base: { folderId: [1] }, value: true, expect: [10, 11, 12, 13, 14, 15] },
    withTransforms: { value: ["thumb"], expect: [], noOp: "it only preloads transforms" },
  },
  user: {
    ...common.user,
    email: { value: ["omar*"], expect: [2] },
    username: { value: ["ada"], expect: [1] },
    firstName: { value: ["Omar"], expect: [2] },
    lastName: { value: ["Lindqvist"], expect: [1] },
    groupId: { value: [1], expect: [1] },
    group: { value: ["authors"], expect: [2] },
  },
  tag: {
    ...common.tag,
    group: { value: ["keywords"], expect: [30, 31, 32, 33, 34] },
    groupId: { value: [2], expect: [35] },
  },
  category: {
    ...common.category,
    ...structure.category,
    editable: { value: true, expect: [] },
    group: { value: ["topics"], expect: [20, 21, 22, 23, 24, 25, 27] },
    groupId: { value: [2], expect: [26] },
  },
  globalSet: { ...common.globalSet, handle: { value: ["announcement"], expect: [71] } },
};

let server: ContentServer;
beforeAll(async () => {
  server = await startServer({ siteData: argumentSite() });
});
afterAll(() => server.close());

const rowsOf = (kind: Kind): readonly Row[] => [...COMMON_ARGUMENTS, ...KIND_ARGUMENTS[kind]];

async function run(kind: Kind, args: Record<string, unknown>, single = false): Promise<number[]> {
  const rows = new Map(rowsOf(kind).map((row) => [row[0], row[1]]));
  const names = Object.keys(args);
  const declarations = names.map((name) => `$${name}: ${rows.get(name)}`).join(", ");
  const field = QUERY_FIELDS[kind][single ? 1 : 0];
  const call = names.map((name) => `${name}: $${name}`).join(", ");
  const query = `query${declarations ? `(${declarations})` : ""} { result: ${field}${call ? `(${call})` : ""} { id } }`;
  const reply = await post(server, query, { variables: args });
  expect(reply.body.errors, query).toBeUndefined();
  const data = reply.body.data!.result;
  return single ? (data ? ids([data]) : []) : ids(data);
}

describe("every argument of the spec's tables", () => {
  it("has a case for each common argument and each of the kind's own, on every kind", () => {
    for (const kind of Object.keys(KIND_ARGUMENTS) as Kind[]) {
      expect(Object.keys(cases[kind]).sort(), kind).toEqual(
        rowsOf(kind)
          .map((row) => row[0])
          .sort(),
      );
    }
  });

  for (const kind of Object.keys(cases) as Kind[]) {
    for (const [argument, testCase] of Object.entries(cases[kind])) {
      it(`${QUERY_FIELDS[kind][0]}(${argument})`, async () => {
        const baseline = await run(kind, testCase.base ?? {});
        const result = await run(kind, { ...testCase.base, [argument]: testCase.value });
        if (testCase.noOp) {
          expect(result, testCase.noOp).toEqual(baseline);
          return;
        }
        if (testCase.ordered) expect(result, testCase.why).toEqual(testCase.expect);
        else
          expect(
            [...result].sort((a, b) => a - b),
            testCase.why,
          ).toEqual([...testCase.expect].sort((a, b) => a - b));
        // An argument the emulator ignored would leave the result as it was.
        if (testCase.ordered) expect(result).not.toEqual(baseline);
        else expect([...result].sort()).not.toEqual([...baseline].sort());
        const single = await run(kind, { ...testCase.base, [argument]: testCase.value }, true);
        expect(single).toEqual(result.slice(0, 1));
      });
    }
  }
});

describe("arguments on relation fields, over HTTP", () => {
  // [what, selection on the entry, expected]: each selection asks for the field as saved and with
  // the argument, so an argument the emulator ignored would give the saved list twice.
  const relationCases: [string, string, Record<string, unknown>][] = [
    [
      "an assets field filtered by volume",
      '... on news_article_Entry { heroImage { id } images: heroImage(volume: "images") { id } documents: heroImage(volume: "documents") { id } }',
      { heroImage: [{ id: "12" }], images: [{ id: "12" }], documents: [] },
    ],
    [
      "a categories field with limit, order, level and inReverse",
      '... on news_article_Entry { topics { id } first: topics(limit: 1) { id } byTitle: topics(orderBy: "title ASC") { id } top: topics(level: 1) { id } reversed: topics(inReverse: true) { id } }',
      {
        topics: [{ id: "24" }, { id: "23" }],
        first: [{ id: "24" }],
        byTitle: [{ id: "23" }, { id: "24" }],
        top: [{ id: "23" }],
        reversed: [{ id: "23" }, { id: "24" }],
      },
    ],
    [
      "a tags field with search and id",
      '... on news_article_Entry { keywords { id } found: keywords(search: "markets") { id } picked: keywords(id: [31, 40]) { id } }',
      { keywords: [{ id: "31" }, { id: "32" }], found: [{ id: "32" }], picked: [{ id: "31" }] },
    ],
    [
      "a users field with user arguments",
      '... on news_article_Entry { contributors { id } omar: contributors(username: "omar") { id } editors: contributors(group: "editors") { id } }',
      { contributors: [{ id: "2" }], omar: [{ id: "2" }], editors: [] },
    ],
  ];

  it.each(relationCases)("%s", async (_what, selection, expected) => {
    const reply = await post(server, `{ entry(id: 41) { ${selection} } }`);
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data).toEqual({ entry: expected });
  });

  it("an entries field shows its expired entry only when status allows it", async () => {
    const reply = await post(
      server,
      '{ entry(id: 55) { ... on pages_redirect_Entry { relatedArticles { id } any: relatedArticles(status: null) { id } expired: relatedArticles(status: "expired") { id } } } }',
    );
    expect(reply.body.data).toEqual({
      entry: { relatedArticles: [], any: [{ id: "45" }], expired: [{ id: "45" }] },
    });
  });

  it("arguments on a relation field inside a list keep to each element's own relations", async () => {
    const reply = await post(
      server,
      "{ entries(id: [40, 41], fixedOrder: true) { id ... on news_article_Entry { topics(limit: 1) { id } } } }",
    );
    expect(reply.body.data).toEqual({
      entries: [
        { id: "40", topics: [{ id: "21" }] },
        { id: "41", topics: [{ id: "24" }] },
      ],
    });
  });
});
