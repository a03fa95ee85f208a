import type { Checked, Get, Result, SelectionOf, WrapAs } from "./infer.js";
import { checkName, printRoot, printValue } from "./print-document.js";
import type {
  ArgsIn,
  DirectiveUse,
  EnumValue,
  FieldCall,
  FragmentValue,
  SchemaShape,
  TypeInfo,
  resultType,
  variableType,
} from "./schema-shape.js";
import type { DocumentNode } from "graphql";
import type { TypedDocumentNode } from "./typed-document.js";
import type { DefaultsFit, VariableDeclarations, VariableRefs, VariablesOf } from "./variables.js";

/** A query ready to send: its document text, declared variable names and inferred types. */
export interface Query<R, V = Record<string, never>> {
  readonly document: string;
  readonly variables: readonly string[];
  readonly [resultType]: R;
  readonly [variableType]: V;
  /**
   * The same query as a named operation (`query PageByUri($uri:String){...}`), as servers log
   * and cache them. The name must be a GraphQL name.
   */
  named(name: string): Query<R, V>;
}

/**
 * A builder query as a `TypedDocumentNode`, for GraphQL clients that take syntax trees (urql,
 * Apollo Client, graphql-request): its text parsed by `parse` from the `graphql` package those
 * clients install already. The runtime carries no GraphQL parser, so a query is text until then.
 * The node keeps the text in `loc.source.body`, so typewire's own client takes it too.
 *
 * @example
 * import { parse } from "graphql";
 * const PostsDocument = toTypedDocument(query({ posts: entries({}, { title: true }) }), parse);
 * const { data } = await urqlClient.query(PostsDocument, {}); // data?.posts typed
 */
export function toTypedDocument<R, V>(
  query: Query<R, V>,
  parse: (source: string) => DocumentNode,
): TypedDocumentNode<R, V> {
  const node = parse(query.document);
  const body = (node as { loc?: { source?: { body?: unknown } } }).loc?.source?.body;
  if (body !== query.document) {
    throw new TypeError(
      "[typewire] toTypedDocument needs a parse that keeps the text in loc.source.body (graphql's parse without noLocation)",
    );
  }
  return node as TypedDocumentNode<R, V>;
}

/** The result type of a query or of a typed document. */
export type ResultOf<Q> =
  Q extends Query<infer R, unknown>
    ? R
    : Q extends { readonly __apiType?: (variables: never) => infer R }
      ? R
      : never;
/** The variables type of a query or of a typed document. */
export type VariablesOfQuery<Q> =
  Q extends Query<unknown, infer V>
    ? V
    : Q extends { readonly __apiType?: (variables: infer V) => unknown }
      ? V
      : never;

type Results<S> = { -readonly [K in keyof S]: Get<S[K], typeof resultType> };
type NoArgs = { readonly [name: string]: never };
type RootArgs<D> = D extends { a: infer A } ? ArgsIn<A> : NoArgs;

/** The builder of one root field, typed from its descriptor `D`. */
export type Builder<D> = D extends { t: infer T extends TypeInfo; w: infer W }
  ? <const S extends SelectionOf<T>>(
      args: RootArgs<D>,
      selection: S & Checked<T, S>,
    ) => FieldCall<WrapAs<W, Result<T, S>>>
  : (args?: RootArgs<D>) => FieldCall<Get<D, "r">>;

/** `query(fields)` or `query(variables, ($) => fields)`, typed for schema `Sc`. */
export interface QueryFunction<Sc extends SchemaShape> {
  <const S extends Record<string, FieldCall<unknown>>>(fields: S): Query<Results<S>>;
  <const D extends VariableDeclarations<Sc>, const S extends Record<string, FieldCall<unknown>>>(
    variables: D & DefaultsFit<Sc, D>,
    build: ($: VariableRefs<Sc, D>) => S,
  ): Query<Results<S>, VariablesOf<Sc, D>>;
}

function makeQuery(head: string, body: string, variables: string[]): Query<unknown, unknown> {
  return {
    document: head ? `query${head}${body}` : body,
    variables,
    named: (name: string) =>
      makeQuery(` ${checkName(name, "operation name")}${head}`, body, variables),
  } as unknown as Query<unknown, unknown>;
}

/**
 * Builds a query from root field calls. Keys are the names results come back under; a key that
 * differs from the field's name becomes a GraphQL alias. With variable declarations (a GraphQL
 * type, or `[type, default]`), the build function receives a reference per variable.
 *
 * @example
 * const q = query({ limit: ["Int", 10] }, ($) => ({ posts: entries({ limit: $.limit }, { id: true }) }));
 * q.document; // 'query($limit:Int=10){posts:entries(limit:$limit){id}}'
 * q.named("Posts").document; // 'query Posts($limit:Int=10){...}'
 */
export function query(
  first: Record<string, unknown>,
  build?: (refs: Record<string, unknown>) => Record<string, unknown>,
): Query<unknown, unknown> {
  if (!build) return makeQuery("", printRoot(first), []);
  const names = Object.keys(first);
  const refs: Record<string, unknown> = {};
  for (const name of names) refs[checkName(name, "variable name")] = { $: name };
  const head = names
    .map((name) => {
      const declared = first[name];
      if (!Array.isArray(declared)) return `$${name}:${declared}`;
      return `$${name}:${declared[0]}=${printValue(declared[1], `default of $${name}`)}`;
    })
    .join(",");
  return makeQuery(`(${head})`, printRoot(build(refs)), names);
}

/** `query`, typed for the generated schema `Sc`. */
export const queryOf = <Sc extends SchemaShape>(): QueryFunction<Sc> =>
  query as unknown as QueryFunction<Sc>;

/**
 * Makes the builder of root field `name`. Generated modules call it once per root query field.
 *
 * @example
 * export const entries = builder<Query["entries"]>("entries");
 */
export function builder<D>(name: string): Builder<D> {
  return ((a?: object, s?: object) => ({
    field: name,
    args: a,
    selection: s,
  })) as unknown as Builder<D>;
}

/** A field directive helper: `formatDateTime({ format: "Y-m-d" })`, or wrapping another selection. */
export type DirectiveHelper<N extends string, A> = <const V = true>(
  args: ArgsIn<A>,
  selection?: V,
) => DirectiveUse<N, A, V>;

/**
 * Makes the helper for directive `name`. Generated modules call it once per field directive.
 *
 * @example
 * export const formatDateTime = directive<"formatDateTime", Directives["formatDateTime"]>("formatDateTime");
 */
export function directive<N extends string, A>(name: N): DirectiveHelper<N, A> {
  return ((a: object, v: unknown = true) => ({
    "@": name,
    args: a,
    selection: v,
  })) as unknown as DirectiveHelper<N, A>;
}

/** A schema's `TypeInfo`s, by type name (the generated module's `Types`). */
export type TypeInfos<Ts> = { [N in keyof Ts]: TypeInfo };

/**
 * What `on(type, selection)` gives back, to spread into a selection: one key per field it
 * selects (`"... on Type|field"`), each holding the whole fragment, so that several fragments on
 * one type spread side by side all stay, in the document and in the result type.
 */
export type Fragment<P extends string, S, C> = {
  readonly [K in `... on ${P}|${keyof S & string}`]: FragmentValue<S, C>;
};

/** The `on` helper, typed for the `TypeInfo`s `Ts` of a schema, by type name. */
export type FragmentHelper<Ts extends TypeInfos<Ts>> = <
  P extends keyof Ts & string,
  const S extends SelectionOf<Ts[P]>,
>(
  type: P,
  selection: S & Checked<Ts[P], S>,
) => Fragment<P, S, keyof Ts[P]["p"]>;

/**
 * An inline fragment, spread into a selection. The result becomes a union discriminated by
 * `__typename`, which is selected automatically. The type may be an object, interface or union
 * type sharing a concrete type with the selection's; fragments on one type merge.
 *
 * @example
 * entries({}, { id: true, ...on("blog_article_Entry", { summary: true }) });
 * // prints {entries{__typename id ...on blog_article_Entry{summary}}}
 */
export function on(type: string, selection: object): Record<string, object> {
  const keys = Object.keys(selection).filter((key) => key !== "__args");
  if (keys.length === 0) {
    throw new TypeError(
      `[typewire] the fragment on ${type} selects nothing: GraphQL has no empty fragment`,
    );
  }
  const fragment: Record<string, object> = {};
  for (const key of keys) fragment[`... on ${type}|${key}`] = selection;
  return fragment;
}

/** `on`, typed for the generated `TypeInfo`s `Ts`. */
export const fragmentOf = <Ts extends TypeInfos<Ts>>(): FragmentHelper<Ts> =>
  on as unknown as FragmentHelper<Ts>;

/** The `select` helper, typed for the `TypeInfo`s `Ts` of a schema, by type name. */
export type SelectHelper<Ts extends TypeInfos<Ts>> = <
  P extends keyof Ts & string,
  const S extends SelectionOf<Ts[P]>,
>(
  type: P,
  selection: S & Checked<Ts[P], S>,
) => S;

/**
 * A selection written once, for use in several queries: checked against type `type` where it is
 * written (a mistake fails to compile there), and typed exactly (no `as const` needed).
 *
 * @example
 * const image = select("AssetInterface", { url: true, alt: true });
 * entries({}, { heroImage: image }); entries({}, { author: { photo: image } });
 */
export const select = (_type: string, selection: object): object => selection;

/** `select`, typed for the generated `TypeInfo`s `Ts`. */
export const selectOf = <Ts extends TypeInfos<Ts>>(): SelectHelper<Ts> =>
  select as unknown as SelectHelper<Ts>;

/**
 * An enum value written literally in arguments (a plain string would print quoted).
 *
 * @example
 * entries({ sort: enumValue("DESC") }, { id: true }); // entries(sort:DESC){id}
 */
export const enumValue = <T extends string>(value: T): EnumValue<T> => ({ "=": value });
