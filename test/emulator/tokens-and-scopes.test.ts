import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import {
  ARCHIVE_TOKEN,
  PARTNER_TOKEN,
  STAGING_TOKEN,
  exampleSite,
  ids,
  post,
  startServer,
} from "./emulator-harness.js";

const typeNames = "{ __schema { types { name } } }";

let server: ContentServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function types(token?: string): Promise<string[]> {
  const reply = await post(server, typeNames, token ? { token } : {});
  return (reply.body.data!.__schema as { types: { name: string }[] }).types.map((t) => t.name);
}

describe("schemas per token", () => {
  it("introspection shows only the types of the token's scope", async () => {
    const publicTypes = await types();
    const partnerTypes = await types(PARTNER_TOKEN);
    expect(publicTypes).toContain("pages_page_Entry");
    expect(publicTypes).toContain("news_video_Entry");
    expect(publicTypes).not.toContain("documents_Asset");
    expect(publicTypes).not.toContain("announcement_GlobalSet");
    expect(partnerTypes).toContain("news_article_Entry");
    expect(partnerTypes).toContain("documents_Asset");
    expect(partnerTypes).toContain("announcement_GlobalSet");
    expect(partnerTypes).not.toContain("news_video_Entry");
    expect(partnerTypes).not.toContain("pages_page_Entry");
  });

  it("a query naming a type outside the scope is a validation error", async () => {
    const reply = await post(server, "{ entries { ... on pages_page_Entry { body } } }", {
      token: PARTNER_TOKEN,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeUndefined();
    expect(reply.body.errors?.[0]?.message).toBe('Unknown type "pages_page_Entry".');
    const users = await post(server, "{ users { id } }");
    expect(users.body.errors?.[0]?.message).toMatch(/Cannot query field "users" on type "Query"/);
  });

  it("a generic query never returns elements outside the scope", async () => {
    const partner = await post(server, "{ entries(limit: 100) { id sectionHandle typeHandle } }", {
      token: PARTNER_TOKEN,
    });
    const entries = partner.body.data!.entries as { sectionHandle: string; typeHandle: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.sectionHandle === "news" && e.typeHandle === "article")).toBe(
      true,
    );
    const publicReply = await post(server, "{ entries(limit: 100) { id } assets { id } }");
    expect(ids(publicReply.body.data!.entries)).toContain(50);
    expect(ids(publicReply.body.data!.assets)).not.toContain(16);
    // Relations follow the scope too: the public schema has no users, so an entry's contributors
    // field is not even there; the partner schema sees them.
    const contributors = await post(
      server,
      "{ entry(id: 40) { ... on news_article_Entry { contributors { id } } } }",
      { token: PARTNER_TOKEN },
    );
    expect(contributors.body.data).toEqual({ entry: { contributors: [{ id: "1" }, { id: "2" }] } });
  });

  it("the scope limits what comes back, not the filters' inputs (docs' example)", async () => {
    // As in the real API: partners cannot read the homepage, yet relatedTo takes its id; the
    // public schema has no users, yet authorGroup filters by the authors' groups.
    const partner = await post(server, "{ entry(id: 56) { id } entries(relatedTo: [56]) { id } }", {
      token: PARTNER_TOKEN,
    });
    expect(partner.body.data!.entry).toBeNull();
    expect(ids(partner.body.data!.entries).sort((a, b) => a - b)).toEqual([40, 41]);
    const publicReply = await post(server, '{ entries(authorGroup: "authors") { id } }');
    expect(ids(publicReply.body.data!.entries).sort((a, b) => a - b)).toEqual([41, 42, 47]);
  });

  it("caches per schema: the same query under two tokens gives each its own result", async () => {
    const query = "{ entries(limit: 100) { id } }";
    const first = await post(server, query);
    const second = await post(server, query, { token: PARTNER_TOKEN });
    expect(ids(first.body.data!.entries)).not.toEqual(ids(second.body.data!.entries));
  });
});

describe("refused tokens", () => {
  const invalid = { message: "Invalid Authorization header" };
  it.each([
    ["an unknown token", "Bearer nope"],
    ["an expired token", `Bearer ${ARCHIVE_TOKEN}`],
    ["a disabled token", `Bearer ${STAGING_TOKEN}`],
    ["a malformed header", `Bearer: ${PARTNER_TOKEN}`],
    ["a basic credential", "Basic dXNlcjpwYXNz"],
  ])("%s → 400 Invalid Authorization header", async (_name, authorization) => {
    const response = await fetch(`${server.url}?query={ping}`, { headers: { authorization } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({
      name: "Bad Request",
      message: invalid.message,
      status: 400,
      errors: [invalid],
    });
  });

  it("the expired token worked before its expiry date", async () => {
    const early = await startServer({ now: () => new Date("2024-01-15T00:00:00Z") });
    try {
      const reply = await post(early, '{ entries(section: "news") { id } }', {
        token: ARCHIVE_TOKEN,
      });
      expect(reply.status).toBe(200);
      expect(ids(reply.body.data!.entries).length).toBeGreaterThan(0);
    } finally {
      await early.close();
    }
  });

  it("without a token and with the public schema disabled → 400 Missing Authorization header", async () => {
    const schemas = exampleSite().schemas;
    schemas.public!.enabled = false;
    const closed = await startServer({ schemas });
    try {
      const response = await fetch(`${closed.url}?query={ping}`);
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual([{ message: "Missing Authorization header" }]);
      const partner = await post(closed, "{ping}", { token: PARTNER_TOKEN });
      expect(partner.body.data).toEqual({ ping: "pong" });
    } finally {
      await closed.close();
    }
  });
});
