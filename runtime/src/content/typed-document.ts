import type { DocumentNode } from "graphql";

/**
 * The phantom member that carries a document's result and variables types, as
 * `@graphql-typed-document-node/core` declares it: never set at run time.
 */
export interface DocumentTypeDecoration<R, V> {
  /** Types only: never set at run time. */
  __apiType?: (variables: V) => R;
}

/**
 * A parsed GraphQL document typed with its operation's result `R` and variables `V`: the same
 * type as `TypedDocumentNode` of `@graphql-typed-document-node/core`, which urql, Apollo Client,
 * graphql-request and the GraphQL Code Generator's client preset read, declared here so that
 * generated code imports only `@typewire/runtime`. Only its types come from `graphql`: nothing
 * here loads it at run time.
 *
 * `typewire generate` writes one per operation of a project's `.graphql` files
 * (`<out>/<schema>/documents.ts`), with the printed operation in `loc.source.body`, as
 * graphql-tag's `gql` leaves it; the content client sends that text.
 *
 * @example
 * const data = await client.request(PageByUriDocument, { uri: "about" });
 */
export interface TypedDocumentNode<R = { [key: string]: unknown }, V = { [key: string]: unknown }>
  extends DocumentNode, DocumentTypeDecoration<R, V> {}

/** What the content client reads of a document: its printed text and how many variables it declares. */
export interface DocumentText {
  text: string;
  declared: number;
}

/**
 * The text a parsed document is sent as: `loc.source.body`, which `typewire generate` and
 * graphql-tag's `gql` set (the client carries no printer, so that `graphql` stays out of the
 * bundle). A document without it is refused with a `TypeError` that says what to pass instead.
 */
export function documentText(document: DocumentNode): DocumentText {
  const body = (document as { loc?: { source?: { body?: unknown } } }).loc?.source?.body;
  if (typeof body !== "string" || body.trim() === "") {
    const names = (document.definitions ?? [])
      .flatMap((d) => ("name" in d && d.name ? [d.name.value] : []))
      .join(", ");
    throw new TypeError(
      `[typewire] the document${names ? ` (${names})` : ""} carries no printed text in loc.source.body: ` +
        "pass a document written by `typewire generate` or graphql-tag's `gql`, or the text itself (graphql's print(document))",
    );
  }
  let declared = 0;
  for (const definition of (document.definitions ?? []) as readonly {
    kind: string;
    variableDefinitions?: readonly unknown[];
  }[]) {
    if (definition.kind === "OperationDefinition")
      declared += definition.variableDefinitions?.length ?? 0;
  }
  return { text: body, declared };
}
