// One generated typed document (documents/page.graphql, through the public schema) sent by four
// GraphQL clients as each one's users write it: urql, Apollo Client, graphql-request and
// typewire's own. Each result is typed by the document, which the `@ts-expect-error` lines
// prove: were a result `any`, they would have no error to expect, and the build would fail.
// Prints each client's answer as JSON.

import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";
import { createContentClient } from "@typewire/runtime/content";
import { Client, fetchExchange } from "@urql/core";
import { GraphQLClient } from "graphql-request";
import { PageByUriDocument, type PageByUriQuery } from "../src/generated/content/public/index.js";

const endpoint = process.env.CMS_ENDPOINT ?? "";
// A read-only array for the list variable `$uri: [String]`.
const uris = ["news/river-cycle-lanes"] as const;
const variables = { uri: uris };

type Entry = NonNullable<PageByUriQuery["entry"]>;
const pick = (entry: Entry | null | undefined) =>
  entry ? { id: entry.id, title: entry.title, uri: entry.uri } : null;

const urql = new Client({ url: endpoint, exchanges: [fetchExchange] });
const urqlResult = await urql.query(PageByUriDocument, variables).toPromise();
if (urqlResult.error) throw urqlResult.error;
// @ts-expect-error: the document selects no slug
urqlResult.data?.entry?.slug;

const apollo = new ApolloClient({
  link: new HttpLink({ uri: endpoint }),
  cache: new InMemoryCache(),
});
const apolloResult = await apollo.query({
  query: PageByUriDocument,
  variables,
  fetchPolicy: "no-cache",
});
// @ts-expect-error: the document selects no slug
apolloResult.data?.entry?.slug;

const graphqlRequest = await new GraphQLClient(endpoint).request(PageByUriDocument, variables);
// @ts-expect-error: the document selects no slug
graphqlRequest.entry?.slug;

const typewire = await createContentClient({ endpoint }).request(PageByUriDocument, variables);
// @ts-expect-error: the document selects no slug
typewire.entry?.slug;
// Types only, never called: `uri` takes strings.
export const wrongVariables = () =>
  // @ts-expect-error: `uri` takes strings
  createContentClient({ endpoint }).request(PageByUriDocument, { uri: [42] });

console.log(
  JSON.stringify({
    urql: pick(urqlResult.data?.entry),
    apollo: pick(apolloResult.data?.entry),
    graphqlRequest: pick(graphqlRequest.entry),
    typewire: pick(typewire.entry),
  }),
);
