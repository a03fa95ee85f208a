import {
  type ResultOf,
  type TypedDocumentNode,
  type VariablesOfQuery,
  createContentClient,
  toTypedDocument,
} from "@typewire/runtime/content";
import type { TypedDocumentNode as StandardTypedDocumentNode } from "@graphql-typed-document-node/core";
import { Client } from "@urql/core";
import { parse } from "graphql";
import { request } from "graphql-request";
import { describe, expectTypeOf, it } from "vitest";
import * as site from "../../output/content/public/index.js";

const listing = site.query({ limit: "Int!" }, ($) => ({
  news: site.entries({ limit: $.limit }, { title: true }),
}));
type Data = ResultOf<typeof listing>;
type Variables = VariablesOfQuery<typeof listing>;

describe("toTypedDocument", () => {
  const document = toTypedDocument(listing, parse);
  it("carries the builder query's result and variables types", () => {
    expectTypeOf(document).toEqualTypeOf<TypedDocumentNode<Data, Variables>>();
    expectTypeOf<ResultOf<typeof document>>().toEqualTypeOf<Data>();
    expectTypeOf(document).toMatchTypeOf<StandardTypedDocumentNode<Data, Variables>>();
  });
  it("types the answer of each client the same", async () => {
    const ours = await createContentClient({ endpoint: "http://127.0.0.1:1/api" }).request(
      document,
      { limit: 2 },
    );
    expectTypeOf(ours).toEqualTypeOf<Data>();
    expectTypeOf(
      await request("http://127.0.0.1:1/api", document, { limit: 2 }),
    ).toEqualTypeOf<Data>();
    const result = await new Client({ url: "http://127.0.0.1:1/api", exchanges: [] })
      .query(document, { limit: 2 })
      .toPromise();
    expectTypeOf(result.data).toEqualTypeOf<Data | undefined>();
    // @ts-expect-error $limit is an Int
    await request("http://127.0.0.1:1/api", document, { limit: "2" });
  });
});
