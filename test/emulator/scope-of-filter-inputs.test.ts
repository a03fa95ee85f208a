import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import type { Site, SiteScope } from "../../site/site-model.js";
import { ids, post, startServer } from "./emulator-harness.js";
import { NARROW, NO_USERS, scopeSite } from "./scope-site.js";

// A schema's scope limits the elements a query returns, not the inputs of its filters: the real
// API (craftcms/cms) passes `relatedTo`, `relatedToAll`, `authorGroup`, `ancestorOf`,
// `descendantOf` and `hasDescendants` to the element query unchecked, so an element outside the
// scope still narrows the results by its relations or its place in a structure (see "What the
// scope covers" in docs/emulator.md). These tests pin that behaviour down.

const site = scopeSite();
let server: ContentServer;
beforeAll(async () => {
  server = await startServer({ siteData: site });
});
afterAll(() => server.close());

/** An id no element has. */
const NOWHERE = 9999;

/** The data of a query under a token (none: the public schema, which grants everything). */
async function data(query: string, token?: string): Promise<Record<string, unknown>> {
  const reply = await post(server, query, token ? { token } : {});
  expect(reply.body.errors, query).toBeUndefined();
  return reply.body.data!;
}

/** The sorted ids `entries(<args>)` answers under a token. */
async function entryIds(args: string, token?: string): Promise<number[]> {
  const result = await data(`{ entries(${args}) { id } }`, token);
  return ids(result.entries).sort((a, b) => a - b);
}

describe("an element outside the scope still works as a filter's input", () => {
  it("relatedTo: an asset the schema cannot see picks the entries related to it", async () => {
    expect(await data("{ asset(id: 11) { id } }", NARROW)).toEqual({ asset: null });
    // Wind farm (11) is the hero image of article 40 and video 46; narrow sees only the article.
    expect(await entryIds("relatedTo: [11]")).toEqual([40, 46]);
    expect(await entryIds("relatedTo: [11]", NARROW)).toEqual([40]);
    expect(await entryIds(`relatedTo: [${NOWHERE}]`, NARROW)).toEqual([]);
  });

  it("relatedToAll: out-of-scope ids count like any other", async () => {
    expect(await data("{ asset(id: 11) { id } category(id: 21) { id } }", NARROW)).toEqual({
      asset: null,
      category: null,
    });
    expect(await entryIds("relatedToAll: [11, 21]")).toEqual([40, 46]);
    expect(await entryIds("relatedToAll: [11, 21]", NARROW)).toEqual([40]);
    expect(await entryIds(`relatedToAll: [11, ${NOWHERE}]`, NARROW)).toEqual([]);
  });

  it("authorGroup: a schema without users still filters by the authors' groups", async () => {
    const noUserQuery = await post(server, "{ users { id } }", { token: NO_USERS });
    expect(noUserQuery.body.errors?.[0]?.message).toMatch(/Cannot query field "users"/);
    // Of the live articles and redirects, Omar (authors) wrote 41 and 42, Ada (editors) the rest.
    expect(await entryIds('authorGroup: "authors"', NO_USERS)).toEqual([41, 42]);
    expect(await entryIds('authorGroup: "editors"', NO_USERS)).toEqual([40, 55, 57]);
    expect(await entryIds('authorGroup: "nobody"', NO_USERS)).toEqual([]);
  });

  it("ancestorOf: a redirect the schema cannot see gives its ancestors", async () => {
    expect(await data("{ entry(id: 55) { id } }", NARROW)).toEqual({ entry: null });
    expect(await entryIds("ancestorOf: 55", NARROW)).toEqual([53, 54]);
    expect(await entryIds(`ancestorOf: ${NOWHERE}`, NARROW)).toEqual([]);
  });

  it("descendantOf: a page the schema cannot see gives its descendants", async () => {
    expect(await data("{ entry(id: 53) { id } }", NO_USERS)).toEqual({ entry: null });
    // Contact (53) > Press (54, a page: out of scope) > Press archive (55, a redirect).
    expect(await entryIds("descendantOf: 53", NO_USERS)).toEqual([55]);
    expect(await entryIds("descendantOf: 53", NARROW)).toEqual([54]);
    expect(await entryIds(`descendantOf: ${NOWHERE}`, NO_USERS)).toEqual([]);
  });

  it("hasDescendants: descendants outside the scope count", async () => {
    // Press (54) has one child, the redirect 55, which narrow cannot see.
    expect(await data("{ entry(id: 54) { children { id } } }", NARROW)).toEqual({
      entry: { children: [] },
    });
    expect(await entryIds("hasDescendants: true", NARROW)).toEqual([50, 53, 54]);
    expect(await entryIds("hasDescendants: false", NARROW)).not.toContain(54);
    expect(await entryIds("leaves: true", NARROW)).not.toContain(54);
  });
});

// Every element outside a private schema's scope, used as the input of every filter on every
// query that takes it: the answer under the token is the answer under the all-granting public
// schema, less what the token cannot see. A probe "shows" an out-of-scope element when its answer
// is not empty, where an id no element has would give an empty one.

type Query = "entries" | "assets" | "categories" | "tags" | "users" | "globalSets";
type Input = number | string | boolean;

const relationQueries: Query[] = ["entries", "assets", "categories", "tags", "users", "globalSets"];
const structureQueries: Query[] = ["entries", "categories"];
const idFilters = {
  relatedTo: { queries: relationQueries, arg: (id: Input) => `relatedTo: [${id}]` },
  relatedToAll: { queries: relationQueries, arg: (id: Input) => `relatedToAll: [${id}]` },
  ancestorOf: { queries: structureQueries, arg: (id: Input) => `ancestorOf: ${id}` },
  descendantOf: { queries: structureQueries, arg: (id: Input) => `descendantOf: ${id}` },
};

/** The ids of the elements of `site` outside `scope`, by the site file's own handles. */
function outOfScope({ content }: Site, scope: SiteScope): number[] {
  const has = (list: string[] | undefined, ...handles: string[]) =>
    handles.some((handle) => list?.includes(handle) ?? false);
  return [
    ...content.entries.filter((e) => !has(scope.sections, e.section, `${e.section}.${e.type}`)),
    ...content.assets.filter((a) => !has(scope.volumes, a.volume)),
    ...content.categories.filter((c) => !has(scope.categoryGroups, c.group)),
    ...content.tags.filter((t) => !has(scope.tagGroups, t.group)),
    ...content.globalSets.filter((g) => !has(scope.globalSets, g.handle)),
    ...(scope.users === true ? [] : content.users),
  ]
    .map((element) => element.id)
    .sort((a, b) => a - b);
}

/** The queries of `wanted` that a token's schema has (those of the kinds its scope grants). */
async function queriesOf(token: string, wanted: Query[]): Promise<Query[]> {
  const result = await data("{ __schema { queryType { fields { name } } } }", token);
  const { queryType } = result.__schema as { queryType: { fields: { name: string }[] } };
  const names = new Set(queryType.fields.map((field) => field.name));
  return wanted.filter((query) => names.has(query));
}

/** One aliased field per input, `i<n>: <query>(<arg>) { id }`, answered as sorted ids. */
async function answers(
  query: Query,
  inputs: Input[],
  arg: (input: Input) => string,
  token?: string,
): Promise<number[][]> {
  if (inputs.length === 0) return [];
  const fields = inputs.map((input, n) => `i${n}: ${query}(${arg(input)}) { id }`);
  const result = await data(`{ ${fields.join(" ")} }`, token);
  return inputs.map((_, n) => ids(result[`i${n}`]).sort((a, b) => a - b));
}

/**
 * Asks `query` with each input under the token and under the public schema, and checks that the
 * token's answer is the public one less the elements the token cannot see. Resolves with the
 * token's answers.
 */
async function probeRule(
  token: string,
  query: Query,
  inputs: Input[],
  arg: (input: Input) => string,
): Promise<number[][]> {
  const visible = new Set(ids((await data(`{ ${query} { id } }`, token))[query]));
  const everything = await answers(query, inputs, arg);
  const scoped = await answers(query, inputs, arg, token);
  inputs.forEach((input, n) => {
    const expected = everything[n]!.filter((id) => visible.has(id));
    expect(scoped[n], `${query}(${arg(input)}) under ${token}`).toEqual(expected);
  });
  return scoped;
}

describe("probes: every out-of-scope element as every filter's input", () => {
  const schemas = [
    { handle: "narrow", token: NARROW },
    { handle: "noUsers", token: NO_USERS },
  ];

  async function probe(): Promise<Record<string, { probes: number; showing: number }>> {
    const counts: Record<string, { probes: number; showing: number }> = {};
    const tally = (name: string, answered: number[][], showing: number) => {
      const count = counts[name] ?? { probes: 0, showing: 0 };
      counts[name] = {
        probes: count.probes + answered.length,
        showing: count.showing + showing,
      };
    };
    const nonEmpty = (answered: number[][]) => answered.filter((found) => found.length > 0).length;
    for (const { handle, token } of schemas) {
      const inputs = outOfScope(site, site.schemas[handle]!.scope);
      for (const [name, filter] of Object.entries(idFilters)) {
        for (const query of await queriesOf(token, filter.queries)) {
          const answered = await probeRule(token, query, inputs, filter.arg);
          tally(name, answered, nonEmpty(answered));
        }
      }
      // hasDescendants shows an element outside the scope when its answer is not what the
      // in-scope structure alone gives (an element whose descendants are all out of scope).
      for (const query of await queriesOf(token, structureQueries)) {
        const answered = await probeRule(
          token,
          query,
          [true, false],
          (v) => `hasDescendants: ${v}`,
        );
        // Every element of a structure the token sees, with descendants or without.
        const inStructure = answered.flat().sort((a, b) => a - b);
        const below = await answers(query, inStructure, (id) => `descendantOf: ${id}`, token);
        const alone = [true, false].map((wanted) =>
          inStructure.filter((_, n) => below[n]!.length > 0 === wanted),
        );
        const differ = answered.filter((found, n) => found.join() !== alone[n]!.join()).length;
        tally("hasDescendants", answered, differ);
      }
    }
    // authorGroup, under the schema without users: the groups' handles as inputs.
    const groups = Object.keys(site.userGroups);
    const byGroup = await probeRule(NO_USERS, "entries", groups, (g) => `authorGroup: "${g}"`);
    tally("authorGroup", byGroup, nonEmpty(byGroup));
    return counts;
  }

  it("each answer is the all-granting answer less what the token cannot see", async () => {
    const counts = await probe();
    // Every filter shows out-of-scope elements somewhere, as the real API's do. The figures are
    // those of this site and its two private schemas: `probes` counts the questions asked,
    // `showing` those whose answer reveals an element outside the scope.
    expect(counts).toEqual({
      relatedTo: { probes: 274, showing: 37 },
      relatedToAll: { probes: 274, showing: 37 },
      ancestorOf: { probes: 105, showing: 2 },
      descendantOf: { probes: 105, showing: 3 },
      authorGroup: { probes: 2, showing: 2 },
      hasDescendants: { probes: 6, showing: 2 },
    });
  });
});
