import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMMON_ARGUMENTS,
  KIND_ARGUMENTS,
  QUERY_FIELDS,
  type Row,
} from "../../generator/content/api-tables.js";
import type { Site } from "../../generator/content/site-model.js";
import type { ContentServer } from "../../emulator/index.js";
import { exampleSite, ids, post, startServer } from "./emulator-harness.js";

type Kind = keyof typeof KIND_ARGUMENTS;

/** The example site plus what makes every argument observable: archived and trashed entries, a
 * second tag and category group, and a third category level. */
function argumentSite(): Site {
  const site = exampleSite();
  const stamp = {
    dateCreated: "2024-01-01T00:00:00+00:00",
    dateUpdated: "2024-01-01T00:00:00+00:00",
  };
  const article = {
    section: "news",
    type: "article",
    postDate: "2024-01-01T00:00:00+00:00",
    authorId: 1,
    fields: {},
    ...stamp,
  };
  site.content.entries.push(
    {
      id: 48,
      uid: "00000000-0000-4000-8000-000000000048",
      title: "Archived",
      slug: "archived",
      uri: "news/archived",
      archived: true,
      ...article,
    },
    {
      id: 49,
      uid: "00000000-0000-4000-8000-000000000049",
      title: "Trashed",
      slug: "trashed",
      uri: "news/trashed",
      trashed: true,
      ...article,
    },
  );
  site.tagGroups.colours = { id: 2, name: "Colours", fields: [] };
  site.content.tags.push({
    id: 35,
    uid: "00000000-0000-4000-8000-000000000035",
    group: "colours",
    title: "blue",
    slug: "blue",
    ...stamp,
  });
  site.categoryGroups.regions = { id: 2, name: "Regions", structureId: 3, fields: [] };
  site.content.categories.push(
    {
      id: 26,
      uid: "00000000-0000-4000-8000-000000000026",
      group: "regions",
      title: "North",
      slug: "north",
      ...stamp,
    },
    {
      id: 27,
      uid: "00000000-0000-4000-8000-000000000027",
      group: "topics",
      title: "Offshore",
      slug: "offshore",
      parentId: 21,
      ...stamp,
    },
  );
  site.schemas = {
    all: {
      name: "Everything",
      public: true,
      enabled: true,
      scope: {
        sections: Object.keys(site.sections),
        volumes: Object.keys(site.volumes),
        categoryGroups: Object.keys(site.categoryGroups),
        tagGroups: Object.keys(site.tagGroups),
        globalSets: Object.keys(site.globalSets),
        users: true,
      },
    },
  };
  return site;
}

interface Case {
  value: unknown;
  /** Other arguments the case needs (the baseline query has them too). */
  base?: Record<string, unknown>;
  /** Expected ids; compared in order when `ordered`, else as sets. */
  expect: number[];
  ordered?: boolean;
  /** Why an argument that may not change the result is still correct. */
  noOp?: string;
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

const cases: Record<Kind, Record<string, Case>> = {
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
    search: { value: "turbine", expect: [40, 46] },
    relatedTo: { value: [21], expect: [40, 46] },
    relatedToAll: { value: [30, 34], expect: [40] },
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
    email: { value: ["omar*"], expect: [2] },
    username: { value: ["ada"], expect: [1] },
    firstName: { value: ["Omar"], expect: [2] },
    lastName: { value: ["Lindqvist"], expect: [1] },
    groupId: { value: [1], expect: [1] },
    group: { value: ["authors"], expect: [2] },
  },
  tag: {
    group: { value: ["keywords"], expect: [30, 31, 32, 33, 34] },
    groupId: { value: [2], expect: [35] },
  },
  category: {
    ...structure.category,
    editable: { value: true, expect: [] },
    group: { value: ["topics"], expect: [20, 21, 22, 23, 24, 25, 27] },
    groupId: { value: [2], expect: [26] },
  },
  globalSet: { handle: { value: ["announcement"], expect: [71] } },
};

let server: ContentServer;
beforeAll(async () => {
  server = await startServer({ siteData: argumentSite() });
});
afterAll(() => server.close());

const rowsOf = (kind: Kind): readonly Row[] => [
  ...(kind === "entry" ? COMMON_ARGUMENTS : []),
  ...KIND_ARGUMENTS[kind],
];

async function run(kind: Kind, args: Record<string, unknown>, single = false): Promise<number[]> {
  const rows = new Map(rowsOf(kind).map((row) => [row[0], row[1]]));
  for (const row of COMMON_ARGUMENTS) rows.set(row[0], row[1]);
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
  it("has a case for each argument (common ones on entries, each kind's own on its queries)", () => {
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
        if (testCase.ordered) expect(result).toEqual(testCase.expect);
        else
          expect([...result].sort((a, b) => a - b)).toEqual(
            [...testCase.expect].sort((a, b) => a - b),
          );
        // An argument the emulator ignored would leave the result as it was.
        if (testCase.ordered) expect(result).not.toEqual(baseline);
        else expect([...result].sort()).not.toEqual([...baseline].sort());
        const single = await run(kind, { ...testCase.base, [argument]: testCase.value }, true);
        expect(single).toEqual(result.slice(0, 1));
      });
    }
  }

  it.each(["asset", "category", "tag", "user", "globalSet"] as const)(
    "%s queries take the common arguments too",
    async (kind) => {
      const all = await run(kind, {});
      expect(all.length).toBeGreaterThan(1);
      expect(await run(kind, { id: [all[1]] })).toEqual([all[1]]);
      expect(await run(kind, { limit: 1, offset: 1 })).toEqual([all[1]]);
      expect(await run(kind, { inReverse: true })).toEqual([...all].reverse());
      expect(await run(kind, { site: ["elsewhere"] })).toEqual([]);
    },
  );
});
