import type { Checked, Get, Result, SelectionOf, WrapAs } from "./infer.js";
import { printRoot } from "./print-document.js";
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
import type { VariableDeclarations, VariableRefs, VariablesOf } from "./variables.js";

/** A query ready to send: its document text, declared variable names and inferred types. */
export interface Query<R, V = Record<string, never>> {
  readonly document: string;
  readonly variables: readonly string[];
  readonly [resultType]: R;
  readonly [variableType]: V;
}

/** The result type of a query. */
export type ResultOf<Q> = Q extends Query<infer R, unknown> ? R : never;
/** The variables type of a query. */
export type VariablesOfQuery<Q> = Q extends Query<unknown, infer V> ? V : never;

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
    variables: D,
    build: ($: VariableRefs<Sc, D>) => S,
  ): Query<Results<S>, VariablesOf<Sc, D>>;
}

/**
 * Builds a query from root field calls. Keys are the names results come back under; a key that
 * differs from the field's name becomes a GraphQL alias. With variable declarations, the build
 * function receives a reference per variable.
 *
 * @example
 * const q = query({ limit: "Int" }, ($) => ({ posts: entries({ limit: $.limit }, { id: true }) }));
 * q.document; // 'query($limit:Int){posts:entries(limit:$limit){id}}'
 */
export function query(
  first: Record<string, unknown>,
  build?: (refs: Record<string, unknown>) => Record<string, unknown>,
): Query<unknown, unknown> {
  if (!build)
    return { document: printRoot(first), variables: [] } as unknown as Query<unknown, unknown>;
  const names = Object.keys(first);
  const refs: Record<string, unknown> = {};
  for (const name of names) refs[name] = { $: name };
  const head = names.map((name) => `$${name}:${first[name]}`).join(",");
  return {
    document: `query(${head})${printRoot(build(refs))}`,
    variables: names,
  } as unknown as Query<unknown, unknown>;
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
  return ((a?: object, s?: object) => ({ f: name, a, s })) as unknown as Builder<D>;
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
  return ((a: object, v: unknown = true) => ({ "@": name, a, v })) as unknown as DirectiveHelper<
    N,
    A
  >;
}

/** A schema's `TypeInfo`s, by type name (the generated module's `Types`). */
export type TypeInfos<Ts> = { [N in keyof Ts]: TypeInfo };

/** The `on` helper, typed for the `TypeInfo`s `Ts` of a schema, by type name. */
export type FragmentHelper<Ts extends TypeInfos<Ts>> = <
  P extends keyof Ts & string,
  const S extends SelectionOf<Ts[P]>,
>(
  type: P,
  selection: S & Checked<Ts[P], S>,
) => { readonly [K in `... on ${P}`]: FragmentValue<S> };

/**
 * An inline fragment, spread into a selection. The result becomes a union discriminated by
 * `__typename`, which is selected automatically.
 *
 * @example
 * entries({}, { id: true, ...on("blog_article_Entry", { summary: true }) });
 * // prints {entries{__typename id ...on blog_article_Entry{summary}}}
 */
export const on = (type: string, selection: object) => ({ [`... on ${type}`]: selection });

/** `on`, typed for the generated `TypeInfo`s `Ts`. */
export const fragmentOf = <Ts extends TypeInfos<Ts>>(): FragmentHelper<Ts> =>
  on as unknown as FragmentHelper<Ts>;

/**
 * An enum value written literally in arguments (a plain string would print quoted).
 *
 * @example
 * entries({ sort: enumValue("DESC") }, { id: true }); // entries(sort:DESC){id}
 */
export const enumValue = <T extends string>(value: T): EnumValue<T> => ({ "=": value });
