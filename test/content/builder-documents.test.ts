import { createContentClient, toTypedDocument } from "@typewire/runtime/content";
import { Client, cacheExchange, fetchExchange } from "@urql/core";
import { parse } from "graphql";
import { request } from "graphql-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import * as site from "../../output/content/public/index.js";
import { startServer } from "../emulator/emulator-harness.js";

// A builder query turned into a TypedDocumentNode (`toTypedDocument(q, parse)`) goes through the
// GraphQL clients that take syntax trees, and through typewire's own client, to the emulator; all
// answer alike. builder-documents.test-d.ts checks the types each client infers from it.

let server: ContentServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const listing = site.query({ limit: "Int!", section: "[String]!" }, ($) => ({
  news: site.entries(
    { section: $.section, limit: $.limit },
    {
      title: true,
      "... on news_article_Entry": { summary: true },
    },
  ),
}));

describe("a builder query as a TypedDocumentNode", () => {
  it("is the query's own text, parsed", () => {
    const document = toTypedDocument(listing, parse);
    expect(document.kind).toBe("Document");
    expect(document.loc?.source.body).toBe(listing.document);
    expect(document.definitions[0]).toMatchObject({
      kind: "OperationDefinition",
      operation: "query",
    });
  });

  it("is answered the same through graphql-request, urql and typewire's client", async () => {
    const document = toTypedDocument(listing, parse);
    const variables = { limit: 2, section: ["news"] };
    const ours = await createContentClient({ endpoint: server.url }).request(document, variables);
    expect(ours.news).toHaveLength(2);
    expect(ours.news?.[0]).toMatchObject({
      __typename: expect.any(String),
      title: expect.any(String),
    });

    const viaRequest = await request(server.url, document, variables);
    expect(viaRequest).toEqual(ours);

    // The content API takes variables only in a POST body; urql prefers GET for short queries.
    const urql = new Client({
      url: server.url,
      exchanges: [cacheExchange, fetchExchange],
      preferGetMethod: false,
    });
    const viaUrql = await urql.query(document, variables).toPromise();
    expect(viaUrql.error).toBeUndefined();
    expect(viaUrql.data).toEqual(ours);
  });

  it("refuses a parse that drops the text", () => {
    expect(() => toTypedDocument(listing, (text) => parse(text, { noLocation: true }))).toThrow(
      /keeps the text in loc.source.body/,
    );
  });
});
