import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ContentRequestError, createContentClient } from "@typewire/runtime/content";
import { type GraphQLSchema, buildClientSchema, isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentServer, createContentServer } from "../../emulator/index.js";
import type { Site } from "../../site/site-model.js";
import { packageRoot } from "../../input/paths.js";
import { runCli } from "../helpers/temp-project.js";
import { linkedProject, typeCheck } from "../helpers/typescript-project.js";

// The toolkit end to end, against its own emulator: introspect over HTTP with the CLI, generate
// builders and types through `typewire generate`, type-check a consumer, then run its typed queries
// and compare the answers with the bundled example site they come from.

/** After the example's posts, before its pending one, so the live set of news is fixed. */
const NOW = new Date("2026-06-01T12:00:00Z");

let site: Site;
let partnerToken: string;
let server: ContentServer;
let work: string;
/** The consumer module, imported after generation. Its types are checked by tsc, not here. */
// biome-ignore lint/suspicious/noExplicitAny: a module written at run time, type-checked separately.
let consumer: any;

beforeAll(async () => {
  site = JSON.parse(await readFile(join(packageRoot, "schemas/content/site.json"), "utf8"));
  partnerToken = site.schemas.partners!.accessToken!;
  server = await createContentServer({
    site: join(packageRoot, "schemas/content/site.json"),
    port: 0,
    host: "127.0.0.1",
    now: () => NOW,
  });
  work = await linkedProject("typewire-e2e-emulator-");
});

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const consumerSource = `
import { ContentRequestError, createContentClient, type ResultOf } from "@typewire/runtime/content";
import * as pub from "./generated/public/query.js";
import * as partners from "./generated/partners/query.js";

export const latestNews = pub.query({
  news: pub.entries({ section: ["news"], limit: 3, orderBy: "postDate DESC" }, {
    id: true,
    title: true,
    "posted: postDate": pub.formatDateTime({ format: "D j M Y, H:i", timezone: "Europe/Oslo" }),
    ...pub.on("news_article_Entry", { summary: true, readingTime: true }),
    ...pub.on("news_video_Entry", { videoUrl: true }),
  }),
});

export const pageTree = pub.query({
  pages: pub.entries({ section: ["pages"], level: 1 }, {
    title: true,
    uri: true,
    children: { title: true, children: { title: true } },
  }),
});

export const newestAndOldest = pub.query({
  newest: pub.entries({ section: ["news"], limit: 1, orderBy: "postDate DESC" }, { title: true }),
  oldest: pub.entries({ section: ["news"], limit: 1, orderBy: "postDate ASC" }, { title: true }),
});

export const bySlug = pub.query({ section: "[String]", slug: "[String]!" }, ($) => ({
  found: pub.entry({ section: $.section, slug: $.slug }, { id: true, title: true, uri: true }),
}));

export const partnerUsers = partners.query({
  users: partners.users({ orderBy: "id ASC" }, { id: true, fullName: true, email: true }),
});

export const partnerNews = partners.query({
  news: partners.entries({ section: ["news"] }, { id: true }),
});

export const siteTagline = pub.query({
  info: pub.globalSet({ handle: ["siteInfo"] }, { ...pub.on("siteInfo_GlobalSet", { tagline: true }) }),
});

// @ts-expect-error: a video has no reading time, so the builder refuses the selection.
export const wrong = pub.query({ v: pub.entries({}, { ...pub.on("news_video_Entry", { readingTime: true }) }) });

type NewsItem = NonNullable<NonNullable<ResultOf<typeof latestNews>["news"]>[number]>;

/** One line per item, reading the fields its concrete type has. */
export function describeNews(item: NewsItem): string {
  if (item.__typename === "news_article_Entry") return \`\${item.title} (\${item.readingTime} min)\`;
  if (item.__typename === "news_video_Entry") return \`\${item.title} [\${item.videoUrl}]\`;
  return item.title ?? "";
}

export async function run(endpoint: string, token: string) {
  const publicClient = createContentClient({ endpoint });
  const partnerClient = createContentClient({ endpoint, token });
  const news = await publicClient.request(latestNews);
  const tree = await publicClient.request(pageTree);
  const pair = await publicClient.request(newestAndOldest);
  const found = await publicClient.request(bySlug, { slug: ["harbour-market-returns"], section: ["news"] });
  const users = await partnerClient.request(partnerUsers);
  const partnerIds = await partnerClient.request(partnerNews);
  const publicIds = await publicClient.request(partnerNews);
  let refused: unknown;
  try {
    await publicClient.request(partnerUsers);
  } catch (error) {
    refused = error;
  }
  const headline: string | null | undefined = pair.newest?.[0]?.title;
  return {
    news,
    lines: news.news?.map((item) => (item ? describeNews(item) : "")),
    tree,
    pair,
    headline,
    found,
    users,
    partnerIds,
    publicIds,
    refused: refused instanceof ContentRequestError ? refused : undefined,
  };
}
`;

function hasQueryField(schema: GraphQLSchema, name: string): boolean {
  return name in schema.getQueryType()!.getFields();
}

describe("the toolkit against its content API emulator", () => {
  it("introspects the public and a private schema over HTTP, and they differ as the scopes say", async () => {
    const pub = await runCli(
      ["introspect", "--endpoint", server.url, "--out", "public.json"],
      work,
    );
    expect(pub.code, pub.stderr).toBe(0);
    const priv = await runCli(
      ["introspect", "--endpoint", server.url, "--token", partnerToken, "--out", "partners.json"],
      work,
    );
    expect(priv.code, priv.stderr).toBe(0);

    const load = async (file: string) =>
      buildClientSchema(JSON.parse(await readFile(join(work, file), "utf8")).data);
    const publicSchema = await load("public.json");
    const partnerSchema = await load("partners.json");
    // Every element type exists in a schema exactly when its scope grants it.
    for (const [handle, schema] of [
      ["public", publicSchema],
      ["partners", partnerSchema],
    ] as const) {
      const scope = site.schemas[handle]!.scope;
      for (const [section, definition] of Object.entries(site.sections)) {
        for (const type of Object.keys(definition.entryTypes)) {
          const granted = [section, `${section}.${type}`].some((s) => scope.sections?.includes(s));
          const name = `${section}_${type}_Entry`;
          expect(schema.getType(name) !== undefined, `${handle}: ${name}`).toBe(granted);
        }
      }
      const groups = [
        ["volumes", "Asset"],
        ["categoryGroups", "Category"],
        ["tagGroups", "Tag"],
        ["globalSets", "GlobalSet"],
      ] as const;
      for (const [key, suffix] of groups) {
        for (const group of Object.keys(site[key])) {
          const name = `${group}_${suffix}`;
          const granted = scope[key]?.includes(group) ?? false;
          expect(schema.getType(name) !== undefined, `${handle}: ${name}`).toBe(granted);
        }
      }
      expect(hasQueryField(schema, "users"), `${handle}: users`).toBe(scope.users === true);
      expect(isObjectType(schema.getType("User")), `${handle}: User`).toBe(scope.users === true);
    }
    // The two scopes really differ on each kind: the checks above are not vacuous.
    expect(publicSchema.getType("news_video_Entry")).toBeDefined();
    expect(partnerSchema.getType("news_video_Entry")).toBeUndefined();
    expect(publicSchema.getType("documents_Asset")).toBeUndefined();
    expect(partnerSchema.getType("documents_Asset")).toBeDefined();
    expect(hasQueryField(partnerSchema, "users")).toBe(true);
    expect(hasQueryField(publicSchema, "users")).toBe(false);
  });

  it("generates both modules through `typewire generate` and a strict consumer type-checks", async () => {
    await writeFile(
      join(work, "typewire.config.json"),
      `${JSON.stringify(
        {
          content: {
            out: "generated",
            schemas: { public: { file: "public.json" }, partners: { file: "partners.json" } },
          },
        },
        null,
        2,
      )}\n`,
    );
    const generated = await runCli(["generate"], work);
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(/content → generated: 6 files, 6 written/);
    for (const file of ["public/query.ts", "public/types.ts", "partners/query.ts"]) {
      expect(existsSync(join(work, "generated", file)), file).toBe(true);
    }
    await writeFile(join(work, "consumer.ts"), consumerSource);
    // The same file without the marker: the deliberate mistake is then reported, on its line only.
    const unmarked = consumerSource.replace(/\/\/ @ts-expect-error.*\n/, "");
    await writeFile(join(work, "unmarked.ts"), unmarked);
    const mistakeLine = unmarked.split("\n").findIndex((line) => line.includes("const wrong")) + 1;
    const errors = typeCheck(work, ["consumer.ts", "unmarked.ts"]);
    expect(errors.filter((error) => !error.startsWith("unmarked.ts:"))).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error).toMatch(`unmarked.ts:${mistakeLine} `);
      expect(error).toContain("'readingTime' is not a field of news_video_Entry");
    }
    expect(typeCheck(work, ["consumer.ts"], "Node16")).toEqual([]);

    consumer = await import(pathToFileURL(join(work, "consumer.ts")).href);
  }, 120_000); // three type-checks: 6.6 s at load 4, 21 s at load 8 on 2 cores

  it("runs the typed queries against the emulator and gets the site file's content", async () => {
    expect(consumer, "the generation test ran first").toBeDefined();
    const result = await consumer.run(server.url, partnerToken);
    const entries = site.content.entries;
    const byId = (id: number) => entries.find((entry) => entry.id === id)!;

    // Listing with section, limit and orderBy: the live news (enabled, posted, not expired),
    // newest first.
    const isLive = (e: (typeof entries)[number]) =>
      e.enabled !== false &&
      Date.parse(e.postDate!) <= NOW.getTime() &&
      (!e.expiryDate || Date.parse(e.expiryDate) > NOW.getTime());
    const live = entries
      .filter((e) => e.section === "news" && isLive(e))
      .sort((a, b) => Date.parse(b.postDate!) - Date.parse(a.postDate!));
    const top = live.slice(0, 3);
    expect(result.news.news.map((item: { id: string }) => Number(item.id))).toEqual(
      top.map((e) => e.id),
    );
    // Inline fragments: each concrete type brought its own fields, and only those.
    result.news.news.forEach((item: Record<string, unknown>, index: number) => {
      const source = top[index]!;
      expect(item.__typename).toBe(`news_${source.type}_Entry`);
      if (source.type === "article") {
        expect(item.summary).toBe(source.fields!.summary);
        expect(item.readingTime).toBe(source.fields!.readingTime);
        expect(item).not.toHaveProperty("videoUrl");
      } else {
        expect(item.videoUrl).toBe(source.fields!.videoUrl);
        expect(item).not.toHaveProperty("readingTime");
      }
    });
    expect(result.lines[0]).toBe(`${top[0]!.title} (${top[0]!.fields!.readingTime} min)`);
    // @formatDateTime with a format and a time zone: 10:15 UTC on 2 June 2024 is 12:15 in Oslo.
    expect(top[0]!.postDate).toBe("2024-06-02T10:15:00+00:00");
    expect(result.news.news[0].posted).toBe("Sun 2 Jun 2024, 12:15");

    // Nested children follow the structure the site file's parent links describe.
    const pages = entries.filter((e) => e.section === "pages");
    const tree = (parent: number | null, depth: number): unknown[] =>
      pages
        .filter((e) => (e.parentId ?? null) === parent)
        .map((e) =>
          depth === 0
            ? { title: e.title, uri: e.uri, children: tree(e.id, 1) }
            : depth === 1
              ? { title: e.title, children: tree(e.id, 2) }
              : { title: e.title },
        );
    expect(result.tree).toEqual({ pages: tree(null, 0) });
    expect(result.tree.pages[1].children[0].children).toEqual([{ title: "Press archive" }]);

    // Two aliases of one field, with opposite orders.
    expect(result.pair).toEqual({
      newest: [{ title: live[0]!.title }],
      oldest: [{ title: live.at(-1)!.title }],
    });
    expect(result.headline).toBe(live[0]!.title);

    // Variables over post-json.
    const harbour = entries.find((e) => e.slug === "harbour-market-returns")!;
    expect(result.found).toEqual({
      found: { id: String(harbour.id), title: harbour.title, uri: harbour.uri },
    });

    // The private schema sees users; its generic query stays inside its scope (articles only).
    const active = site.content.users.filter((user) => user.status === "active");
    expect(result.users.users).toEqual(
      active.map((user) => ({
        id: String(user.id),
        fullName: `${user.firstName} ${user.lastName}`,
        email: user.email,
      })),
    );
    const partnerIds = result.partnerIds.news.map((item: { id: string }) => Number(item.id));
    const publicIds = result.publicIds.news.map((item: { id: string }) => Number(item.id));
    expect(partnerIds.map((id: number) => byId(id).type)).toEqual(partnerIds.map(() => "article"));
    expect(publicIds).toEqual(expect.arrayContaining(partnerIds));
    expect(publicIds.some((id: number) => byId(id).type === "video")).toBe(true);

    // The public schema has no users: a validation error, surfaced as the client's error class.
    expect(result.refused).toBeInstanceOf(ContentRequestError);
    expect(result.refused.status).toBe(200);
    expect(result.refused.errors[0].message).toMatch(/Cannot query field "users" on type "Query"/);
    expect(result.refused.errors[0].locations).toBeDefined();
  });

  it("serves a repeated identical query from the emulator's cache", async () => {
    const seen: (string | null)[] = [];
    const client = createContentClient({
      endpoint: server.url,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        seen.push(response.headers.get("x-typewire-cache"));
        return response;
      },
    });
    const first = await client.request(consumer.siteTagline);
    const second = await client.request(consumer.siteTagline);
    expect(second).toEqual(first);
    const info = site.content.globalSets.find((set) => set.handle === "siteInfo")!;
    expect(first).toEqual({
      info: { __typename: "siteInfo_GlobalSet", tagline: info.fields!.tagline },
    });
    expect(seen).toEqual(["MISS", "HIT"]);
  });
});
