/**
 * A typed document, as `typewire generate` writes one per operation of a project's `.graphql`
 * files (`<out>/<schema>/documents.ts`): a plain object with the text sent and the names of the
 * variables the operation declares. `R` is the operation's result and `V` its variables; they
 * live only in the type, in the same phantom member `TypedDocumentNode` uses, so the object
 * carries no parsed syntax tree and the client needs no GraphQL library to send it.
 *
 * @example
 * const data = await client.request(PageByUriDocument, { uri: "about" });
 */
export interface ContentDocument<R, V = Record<string, never>> {
  /** The operation and the fragments it uses, printed compactly, exactly as sent. */
  readonly document: string;
  /** The names of the variables the operation declares, in order. */
  readonly variables: readonly string[];
  /** The operation's name. */
  readonly operationName: string;
  /** Types only: never set at run time. */
  readonly __apiType?: (variables: V) => R;
}
