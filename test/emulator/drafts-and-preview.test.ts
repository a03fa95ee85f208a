import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentServer, loadServerConfig } from "../../emulator/index.js";
import type { Site } from "../../site/site-model.js";
import {
  NOW,
  PARTNER_TOKEN,
  exampleSite,
  exampleSiteWithFullToken,
  ids,
  post,
  startServer,
} from "./emulator-harness.js";

/**
 * Drafts and preview over HTTP, against the example site's drafts and preview tokens
 * (`content.drafts`, `previewTokens` in schemas/content/site.json):
 *
 * - 90: draft 1 "Headline rewrite" of entry 42, by user 2, a new title and summary;
 * - 91: draft 2, user 1's provisional draft of entry 40 (readingTime 5);
 * - 92: draft 3, an unpublished news article with no post date (status `enabled`);
 * - 93: draft 4 of the structure page 51 "Our team", titled "Our people".
 */
const FULL_TOKEN = "full-drafts-token-0123456789";
const PREVIEW = {
  cycleLanes: "nw-preview-cycle-lanes-5d1e8a42",
  tidalPilot: "nw-preview-tidal-pilot-7b3c0f19",
  windFarmAda: "nw-preview-wind-farm-ada-2e6d9c57",
  ourTeam: "nw-preview-our-team-8a4f1b63",
  expired: "nw-preview-expired-3c9e7d21",
};
const entry42 = () => exampleSite().content.entries.find((e) => e.id === 42)!;

/** The example site with a private schema that reads everything, drafts included. */
function draftsSite(): Site {
  const site = exampleSiteWithFullToken(FULL_TOKEN);
  expect(site.schemas.full!.scope.drafts).toBe(true);
  return site;
}

interface Sent {
  status: number;
  headers: Headers;
  body: { data?: Record<string, unknown> | null; errors?: { message: string }[] };
}

/** POSTs a query with any headers, and `?token=` on the URL when `urlToken` is given. */
async function send(
  server: ContentServer,
  query: string,
  options: { headers?: Record<string, string>; urlToken?: string; bearer?: string } = {},
): Promise<Sent> {
  const url = new URL(server.url);
  if (options.urlToken !== undefined) url.searchParams.set("token", options.urlToken);
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const withToken = (token: string, bearer?: string) => ({
  headers: { "x-craft-token": token },
  ...(bearer ? { bearer } : {}),
});

describe("the draft arguments and fields", () => {
  let server: ContentServer;
  beforeAll(async () => {
    server = await startServer({ siteData: draftsSite() });
  });
  afterAll(() => server.close());

  const entries = async (args: string) => {
    const call = args === "" ? "entries" : `entries(${args})`;
    const reply = await post(server, `{ ${call} { id } }`, { token: FULL_TOKEN });
    expect(reply.body.errors, args).toBeUndefined();
    return ids(reply.body.data!.entries);
  };

  it("exist only in a schema whose scope grants drafts", async () => {
    const argsOf = async (token?: string) => {
      const reply = await post(
        server,
        '{ __type(name: "Query") { fields { name args { name type { name kind } } } } }',
        token ? { token } : {},
      );
      const fields = (
        reply.body.data!.__type as {
          fields: { name: string; args: { name: string; type: { name: string | null } }[] }[];
        }
      ).fields;
      return Object.fromEntries(
        fields
          .find((field) => field.name === "entries")!
          .args.filter((arg) => /draft/i.test(arg.name))
          .map((arg) => [arg.name, arg.type.name]),
      );
    };
    expect(await argsOf(FULL_TOKEN)).toEqual({
      drafts: "Boolean",
      draftOf: "QueryArgument",
      draftId: "Int",
      draftCreator: "Int",
      provisionalDrafts: "Boolean",
      withProvisionalDrafts: "Boolean",
    });
    expect(await argsOf()).toEqual({});
    const refused = await post(server, "{ entries(drafts: true) { id } }");
    expect(refused.body.errors?.[0]?.message).toBe(
      'Unknown argument "drafts" on field "Query.entries".',
    );
    // children and entry relation fields take them too.
    const nested = await post(
      server,
      `{ entry(id: 50) { children(drafts: null) { id } ... on pages_page_Entry { heroImage { id } } }
         homepage: entry(section: "homepage") { ... on homepage_homepage_Entry { relatedArticles(drafts: true) { id } } } }`,
      { token: FULL_TOKEN },
    );
    expect(nested.body.errors).toBeUndefined();
    expect(ids((nested.body.data!.entry as { children: unknown }).children)).toEqual([51, 52]);
    expect((nested.body.data!.homepage as { relatedArticles: unknown[] }).relatedArticles).toEqual(
      [],
    );
  });

  it("leave drafts out by default; drafts: true reads live, non-provisional drafts only", async () => {
    expect(await entries('section: "news"')).toEqual([42, 47, 41, 46, 40]);
    expect(await entries("drafts: true")).toEqual([90, 93]);
    expect(await entries("drafts: false")).toEqual(await entries(""));
  });

  it("drafts: null reads entries and drafts alike", async () => {
    // The draft shares its entry's post date; ties go by id.
    expect(await entries('drafts: null, section: "news", type: "article"')).toEqual([
      42, 90, 41, 40,
    ]);
  });

  it("status applies to drafts: an unpublished draft with no post date is `enabled`", async () => {
    expect(await entries("drafts: true, status: null")).toEqual([90, 93, 92]);
    expect(await entries('drafts: true, status: "enabled"')).toEqual([92]);
    expect(await entries('drafts: true, status: "live"')).toEqual([90, 93]);
  });

  it("draftOf narrows to drafts of an entry, and turns drafts on even after drafts: false", async () => {
    expect(await entries("draftOf: 42")).toEqual([90]);
    expect(await entries('draftOf: "42"')).toEqual([90]);
    expect(await entries("drafts: false, draftOf: 42")).toEqual([90]);
    expect(await entries('draftOf: "*"')).toEqual([90, 93]);
    expect(await entries("draftOf: 41")).toEqual([]);
    // false: no canonical entry, that is unpublished drafts (and, with drafts: null, entries).
    expect(await entries("draftOf: false, status: null")).toEqual([92]);
    const both = await entries('drafts: null, draftOf: false, status: null, section: "news"');
    expect(both).toContain(92);
    expect(both).toContain(43);
    expect(both).not.toContain(90);
  });

  it("draftOf with something other than an id, `*` or false is an error", async () => {
    const reply = await post(server, '{ entries(draftOf: "latest") { id } }', {
      token: FULL_TOKEN,
    });
    expect(reply.body.errors?.[0]?.message).toBe("Invalid draftOf value");
  });

  it("draftId picks one draft by its drafts-table id", async () => {
    expect(await entries("draftId: 4")).toEqual([93]);
    expect(await entries("draftId: 93")).toEqual([]);
    // Draft 2 is provisional: left out unless provisionalDrafts allows it.
    expect(await entries("draftId: 2")).toEqual([]);
    expect(await entries("draftId: 2, provisionalDrafts: true")).toEqual([91]);
  });

  it("draftCreator keeps the drafts a user created", async () => {
    expect(await entries("draftCreator: 2")).toEqual([90]);
    expect(await entries("draftCreator: 1, status: null, provisionalDrafts: null")).toEqual([
      91, 93, 92,
    ]);
  });

  it("provisionalDrafts: true reads provisional drafts (and turns drafts on); null, every draft", async () => {
    expect(await entries("provisionalDrafts: true")).toEqual([91]);
    expect(await entries("drafts: true, provisionalDrafts: null")).toEqual([90, 91, 93]);
  });

  it("withProvisionalDrafts changes nothing: an API request has no signed-in user", async () => {
    expect(await entries('section: "news", withProvisionalDrafts: true')).toEqual(
      await entries('section: "news"'),
    );
  });

  it("a draft's fields: the draft's own, the rest from its entry", async () => {
    const reply = await post(
      server,
      `{ entries(draftId: 1) { id title slug uri url postDate isDraft isRevision revisionId revisionNotes
           draftId isUnpublishedDraft draftName draftNotes canonicalId canonicalUid sourceId sourceUid
           ... on news_article_Entry { summary topics { id } } } }`,
      { token: FULL_TOKEN },
    );
    const e42 = entry42();
    expect(reply.body.data!.entries).toEqual([
      {
        id: "90",
        title: "River cycle lanes open a month early",
        slug: e42.slug,
        uri: e42.uri,
        url: `${exampleSite().site.baseUrl}${e42.uri}`,
        postDate: e42.postDate,
        isDraft: true,
        isRevision: false,
        revisionId: null,
        revisionNotes: null,
        draftId: 1,
        isUnpublishedDraft: false,
        draftName: "Headline rewrite",
        draftNotes: "Lead with the opening date.",
        canonicalId: 42,
        canonicalUid: e42.uid,
        sourceId: 42,
        sourceUid: e42.uid,
        summary:
          "The protected lane from the station to the harbour opened four weeks ahead of plan.",
        topics: [{ id: "25" }],
      },
    ]);
  });

  it("an entry's draft fields: not a draft, its own canonical entry", async () => {
    const reply = await post(
      server,
      `{ entry(id: 42) { isDraft draftId isUnpublishedDraft draftName draftNotes canonicalId canonicalUid sourceId sourceUid isRevision } }`,
      { token: FULL_TOKEN },
    );
    expect(reply.body.data!.entry).toEqual({
      isDraft: false,
      draftId: null,
      isUnpublishedDraft: false,
      draftName: null,
      draftNotes: null,
      canonicalId: 42,
      canonicalUid: entry42().uid,
      sourceId: 42,
      sourceUid: entry42().uid,
      isRevision: false,
    });
  });

  it("an unpublished draft is its own canonical entry, with no post date and status enabled", async () => {
    const reply = await post(
      server,
      "{ entries(draftOf: false, status: null) { id isUnpublishedDraft canonicalId canonicalUid status postDate } }",
      { token: FULL_TOKEN },
    );
    const draft = exampleSite().content.drafts!.find((d) => d.id === 92)!;
    expect(reply.body.data!.entries).toEqual([
      {
        id: "92",
        isUnpublishedDraft: true,
        canonicalId: 92,
        canonicalUid: draft.uid,
        status: "enabled",
        postDate: null,
      },
    ]);
  });

  it("sourceId and sourceUid are deprecated in favour of canonicalId and canonicalUid", async () => {
    const reply = await post(
      server,
      '{ __type(name: "EntryInterface") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }',
    );
    const fields = (
      reply.body.data!.__type as {
        fields: { name: string; isDeprecated: boolean; deprecationReason: string | null }[];
      }
    ).fields;
    const deprecated = fields.filter((field) => field.isDeprecated).map((field) => field.name);
    expect(deprecated).toEqual(["sourceId", "sourceUid"]);
    expect(fields.find((f) => f.name === "sourceId")!.deprecationReason).toMatch(/canonicalId/);
  });

  it("a server config's schema may grant drafts too", async () => {
    const dir = await mkdtemp(join(tmpdir(), "typewire-drafts-config-"));
    try {
      const file = join(dir, "serve.json");
      const scope = { sections: ["news"], drafts: true };
      await writeFile(
        file,
        JSON.stringify({
          schemas: { app: { name: "App", accessToken: "app-token", enabled: true, scope } },
        }),
      );
      const config = await loadServerConfig(file, dir);
      expect(config.schemas?.app?.scope).toEqual(scope);
      const own = await startServer({ schemas: config.schemas });
      try {
        const reply = await post(own, "{ entries(draftOf: 42) { id } }", { token: "app-token" });
        expect(ids(reply.body.data!.entries)).toEqual([90]);
      } finally {
        await own.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a draft's post date counts for the cache's clock, as an entry's does", async () => {
    const site = draftsSite();
    const soon = new Date(NOW.getTime() + 60_000);
    site.content.drafts!.find((d) => d.id === 90)!.postDate = soon.toISOString();
    let now = NOW;
    const clocked = await startServer({ siteData: site, now: () => now });
    try {
      const query = "{ entries(draftOf: 42) { id status } }";
      const before = await post(clocked, query, { token: FULL_TOKEN });
      expect(before.body.data!.entries).toEqual([]);
      expect(
        (await post(clocked, query, { token: FULL_TOKEN })).headers.get("x-typewire-cache"),
      ).toBe("HIT");
      now = new Date(soon.getTime() + 1);
      const after = await post(clocked, query, { token: FULL_TOKEN });
      expect(after.headers.get("x-typewire-cache")).toBe("MISS");
      expect(after.body.data!.entries).toEqual([{ id: "90", status: "live" }]);
    } finally {
      await clocked.close();
    }
  });
});

describe("preview tokens", () => {
  let server: ContentServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const ENTRY_42 = "{ entry(id: 42) { id title canonicalId isDraft draftName } }";
  const DRAFT_42 = {
    id: "90",
    title: "River cycle lanes open a month early",
    canonicalId: 42,
    isDraft: true,
    draftName: "Headline rewrite",
  };
  const PUBLISHED_42 = {
    id: "42",
    title: entry42().title,
    canonicalId: 42,
    isDraft: false,
    draftName: null,
  };

  it("an X-Craft-Token header shows the draft in place of its entry, never cached", async () => {
    const reply = await send(server, ENTRY_42, withToken(PREVIEW.cycleLanes));
    expect(reply.status).toBe(200);
    expect(reply.body.data!.entry).toEqual(DRAFT_42);
    expect(reply.headers.get("x-typewire-cache")).toBe("BYPASS");
    expect(reply.headers.get("cache-control")).toBe("no-cache, no-store, must-revalidate");
    expect(reply.headers.get("pragma")).toBe("no-cache");
    expect(reply.headers.get("expires")).toBe("0");
  });

  it("a ?token= parameter does the same, on POST and on GET", async () => {
    const posted = await send(server, ENTRY_42, { urlToken: PREVIEW.cycleLanes });
    expect(posted.body.data!.entry).toEqual(DRAFT_42);
    expect(posted.headers.get("x-typewire-cache")).toBe("BYPASS");
    const url = new URL(server.url);
    url.searchParams.set("query", ENTRY_42);
    url.searchParams.set("token", PREVIEW.cycleLanes);
    const got = await fetch(url);
    expect(((await got.json()) as { data: { entry: unknown } }).data.entry).toEqual(DRAFT_42);
    expect(got.headers.get("x-typewire-cache")).toBe("BYPASS");
  });

  it("the URL's token wins over the header, and an empty one is no token", async () => {
    const urlWins = await send(server, ENTRY_42, {
      urlToken: PREVIEW.expired,
      headers: { "x-craft-token": PREVIEW.cycleLanes },
    });
    expect(urlWins.body.data!.entry).toEqual(PUBLISHED_42);
    const empty = await send(server, ENTRY_42, { urlToken: "" });
    expect(empty.body.data!.entry).toEqual(PUBLISHED_42);
  });

  it("the draft takes its entry's place in lists, ordered and filtered as the entry", async () => {
    const query = '{ entries(section: "news", type: "article") { id title } }';
    const plain = await send(server, query);
    const previewed = await send(server, query, withToken(PREVIEW.cycleLanes));
    const plainIds = ids(plain.body.data!.entries);
    expect(ids(previewed.body.data!.entries)).toEqual(plainIds.map((id) => (id === 42 ? 90 : id)));
    // Filters see the entry, not the draft: its slug finds it, the draft's new title does not.
    const bySlug = await send(
      server,
      `{ entries(slug: "${entry42().slug}") { id } }`,
      withToken(PREVIEW.cycleLanes),
    );
    expect(ids(bySlug.body.data!.entries)).toEqual([90]);
    const byTitle = await send(
      server,
      '{ entries(title: "River cycle lanes open a month early") { id } }',
      withToken(PREVIEW.cycleLanes),
    );
    expect(ids(byTitle.body.data!.entries)).toEqual([]);
  });

  it("a provisional draft is previewed through its user's token; relations show it too", async () => {
    const query = `{ entry(section: "homepage") { ... on homepage_homepage_Entry { relatedArticles { id ... on news_article_Entry { readingTime } } } } }`;
    const previewed = await send(server, query, withToken(PREVIEW.windFarmAda));
    const related = (previewed.body.data!.entry as { relatedArticles: { id: string }[] })
      .relatedArticles;
    expect(related.map((r) => r.id)).toEqual(["91", "41", "46"]);
    expect(related[0]).toEqual({ id: "91", readingTime: 5 });
    const plain = await send(server, query);
    expect(
      (plain.body.data!.entry as { relatedArticles: { id: string }[] }).relatedArticles[0],
    ).toEqual({ id: "40", readingTime: 4 });
  });

  it("an unpublished draft appears only with its token", async () => {
    const query =
      '{ entries(section: "news") { id } one: entry(id: 92) { id status isUnpublishedDraft } }';
    const plain = await send(server, query);
    expect(ids(plain.body.data!.entries)).not.toContain(92);
    expect(plain.body.data!.one).toBeNull();
    const previewed = await send(server, query, withToken(PREVIEW.tidalPilot));
    expect(ids(previewed.body.data!.entries)).toContain(92);
    expect(previewed.body.data!.one).toEqual({
      id: "92",
      status: "enabled",
      isUnpublishedDraft: true,
    });
  });

  it("a draft of a structure entry stands in the entry's place in the structure", async () => {
    const query = `{ entry(id: 50) { children { id title } }
      page: entry(id: 51) { id title level lft parent { id } children { id } } }`;
    const previewed = await send(server, query, withToken(PREVIEW.ourTeam));
    expect(previewed.body.errors).toBeUndefined();
    expect((previewed.body.data!.entry as { children: unknown }).children).toEqual([
      { id: "93", title: "Our people" },
      { id: "52", title: "History" },
    ]);
    const plain = await send(server, "{ entry(id: 51) { lft level } }");
    expect(previewed.body.data!.page).toEqual({
      id: "93",
      title: "Our people",
      ...(plain.body.data!.entry as object),
      parent: { id: "50" },
      children: [],
    });
  });

  it("a previewed draft of a parent page has the page's children", async () => {
    const site = draftsSite();
    site.content.drafts!.push({
      id: 94,
      uid: "4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a794",
      draftId: 5,
      draftOf: 50,
      name: "About, rewritten",
      title: "About the Journal",
      dateCreated: "2024-02-02T10:00:00+00:00",
      dateUpdated: "2024-02-02T10:00:00+00:00",
    });
    site.previewTokens!.push({
      token: "preview-about-94",
      canonicalId: 50,
      draftId: 5,
      expiryDate: "2099-01-01T00:00:00+00:00",
    });
    const own = await startServer({ siteData: site });
    try {
      const query = "{ entry(id: 50) { id title level children { id } } }";
      const plain = await send(own, query);
      const previewed = await send(own, query, withToken("preview-about-94"));
      expect(previewed.body.data!.entry).toEqual({
        ...(plain.body.data!.entry as object),
        id: "94",
        title: "About the Journal",
      });
      expect((plain.body.data!.entry as { children: unknown[] }).children).toEqual([
        { id: "51" },
        { id: "52" },
      ]);
      // A child's parent is shown as the draft too.
      const child = await send(
        own,
        "{ entry(id: 51) { parent { id title } } }",
        withToken("preview-about-94"),
      );
      expect(child.body.data!.entry).toEqual({ parent: { id: "94", title: "About the Journal" } });
      // Without a preview, a draft has no place in the structure, and so no children.
      const asDraft = await post(own, "{ entries(draftId: 5) { id level children { id } } }", {
        token: FULL_TOKEN,
      });
      expect(asDraft.body.data!.entries).toEqual([{ id: "94", level: null, children: [] }]);
    } finally {
      await own.close();
    }
  });

  it("shows the previewed entry whatever its status, as the CMS's placeholder does", async () => {
    const site = exampleSite();
    site.previewTokens = [
      { token: "preview-disabled-43", canonicalId: 43, expiryDate: "2099-01-01T00:00:00+00:00" },
    ];
    const own = await startServer({ siteData: site });
    try {
      const query = "{ entry(id: 43) { id status isDraft } }";
      expect((await send(own, query)).body.data!.entry).toBeNull();
      const previewed = await send(own, query, withToken("preview-disabled-43"));
      expect(previewed.body.data!.entry).toEqual({ id: "43", status: "disabled", isDraft: false });
      expect(previewed.headers.get("x-typewire-cache")).toBe("BYPASS");
    } finally {
      await own.close();
    }
  });

  it("a preview never widens the schema's scope", async () => {
    // The partners schema sees news articles only; the page draft's token shows nothing there.
    const reply = await send(
      server,
      "{ entries(id: [51, 93]) { id } }",
      withToken(PREVIEW.ourTeam, PARTNER_TOKEN),
    );
    expect(reply.body.data!.entries).toEqual([]);
    // The public schema has pages: the same token works there.
    const open = await send(server, "{ entries(id: [51]) { id } }", withToken(PREVIEW.ourTeam));
    expect(ids(open.body.data!.entries)).toEqual([93]);
  });

  it("answers a batch with the preview in every query", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-craft-token": PREVIEW.cycleLanes },
      body: JSON.stringify([{ query: ENTRY_42 }, { query: "{ entry(id: 42) { id } }" }]),
    });
    expect(response.headers.get("x-typewire-cache")).toBe("BYPASS");
    expect(await response.json()).toEqual([
      { data: { entry: DRAFT_42 } },
      { data: { entry: { id: "90" } } },
    ]);
  });
});

describe("preview answers and the result cache", () => {
  let server: ContentServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const QUERY = "{ entry(id: 42) { id title } }";

  it("a cached answer is never served to a preview, and a preview never fills the cache", async () => {
    const first = await send(server, QUERY);
    expect(first.headers.get("x-typewire-cache")).toBe("MISS");
    expect(first.body.data!.entry).toEqual({ id: "42", title: entry42().title });
    expect((await send(server, QUERY)).headers.get("x-typewire-cache")).toBe("HIT");
    const entries = server.cache.size;

    const previewed = await send(server, QUERY, withToken(PREVIEW.cycleLanes));
    expect(previewed.headers.get("x-typewire-cache")).toBe("BYPASS");
    expect(previewed.body.data!.entry).toEqual({
      id: "90",
      title: "River cycle lanes open a month early",
    });
    expect(server.cache.size).toBe(entries);

    // The same query without the token: the cached published answer, never the draft.
    const after = await send(server, QUERY);
    expect(after.headers.get("x-typewire-cache")).toBe("HIT");
    expect(after.body.data!.entry).toEqual(first.body.data!.entry);
    expect(after.headers.get("cache-control")).toBeNull();
  });

  it("a preview first leaves nothing behind for the next request without a token", async () => {
    const query = '{ entries(section: "news", limit: 3) { id title } }';
    const previewed = await send(server, query, withToken(PREVIEW.cycleLanes));
    expect(ids(previewed.body.data!.entries)).toContain(90);
    expect(
      (await send(server, query, withToken(PREVIEW.cycleLanes))).headers.get("x-typewire-cache"),
    ).toBe("BYPASS");
    const plain = await send(server, query);
    expect(plain.headers.get("x-typewire-cache")).toBe("MISS");
    expect(ids(plain.body.data!.entries)).not.toContain(90);
    expect(ids(plain.body.data!.entries)).toContain(42);
  });

  it("an expired or unknown token is answered as a request without one, from the cache too", async () => {
    const query = "{ entry(id: 42) { id } }";
    await send(server, query);
    for (const token of [PREVIEW.expired, "no-such-preview-token"]) {
      const reply = await send(server, query, withToken(token));
      expect(reply.status, token).toBe(200);
      expect(reply.body.data!.entry, token).toEqual({ id: "42" });
      expect(reply.headers.get("x-typewire-cache"), token).toBe("HIT");
      expect(reply.headers.get("cache-control"), token).toBeNull();
    }
    // The expired token names a real draft: past its expiry it shows nothing.
    expect(exampleSite().previewTokens!.find((t) => t.token === PREVIEW.expired)!.draftId).toBe(1);
  });

  it("a token with a character the CMS does not accept is a 400 Invalid token", async () => {
    for (const options of [withToken("not a token!"), { urlToken: "semi;colon" }]) {
      const reply = await send(server, QUERY, options);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({
        name: "Bad Request",
        message: "Invalid token",
        status: 400,
        errors: [{ message: "Invalid token" }],
      });
    }
  });

  it("with caching off, a preview is still marked BYPASS and never cached", async () => {
    const off = await startServer({ enableGraphQlCaching: false });
    try {
      const reply = await send(off, QUERY, withToken(PREVIEW.cycleLanes));
      expect(reply.headers.get("x-typewire-cache")).toBe("BYPASS");
      expect(off.cache.size).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe("drafts never reach a request without a token", () => {
  let server: ContentServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("no query of the public schema returns a draft, whatever its arguments", async () => {
    for (const query of [
      "{ entries(id: [90, 91, 92, 93], status: null) { id } }",
      "{ entry(id: 92) { id } }",
      '{ entries(section: ["news", "pages"], status: null) { id } }',
      '{ entries(search: "river cycle lanes open a month early") { id } }',
    ]) {
      const reply = await send(server, query);
      expect(reply.body.errors, query).toBeUndefined();
      const found = Object.values(reply.body.data!).flatMap((value) =>
        value === null ? [] : ids([value].flat()),
      );
      expect(
        found.filter((id) => id >= 90 && id <= 93),
        query,
      ).toEqual([]);
    }
  });

  it("the partners schema, which may query drafts, sees them only when it asks", async () => {
    const plain = await post(server, "{ entries { id isDraft } }", { token: PARTNER_TOKEN });
    expect((plain.body.data!.entries as { isDraft: boolean }[]).some((e) => e.isDraft)).toBe(false);
    const asked = await post(server, "{ entries(drafts: true) { id } }", { token: PARTNER_TOKEN });
    // Its scope is news articles: draft 90 of entry 42; the page draft 93 is outside it.
    expect(ids(asked.body.data!.entries)).toEqual([90]);
  });
});

describe("CORS for a front end that sends a preview token", () => {
  let server: ContentServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("the preflight allows X-Craft-Token, and every answer says so", async () => {
    const preflight = await fetch(server.url, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, x-craft-token",
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    const allowed = (preflight.headers.get("access-control-allow-headers") ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase());
    expect(allowed).toEqual(expect.arrayContaining(["x-craft-token", "content-type"]));
    const answer = await send(server, "{ ping }", {
      headers: { origin: "http://localhost:5173", "x-craft-token": PREVIEW.cycleLanes },
    });
    expect(answer.headers.get("access-control-allow-headers")).toContain("X-Craft-Token");
  });
});
