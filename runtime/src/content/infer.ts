import type { DirectiveUse, FieldCall, SchemaShape, Variable } from "./schema-shape.js";

// Type-level checking and inference of selections. Everything here walks the *selection* (which
// is small), never the schema: schema types are only read by indexed access, so the cost of a
// query does not grow with the number of types in the schema.

/** The GraphQL type of a descriptor, such as `"[EntryInterface]"`. */
export type TypeOf<D> = D extends { t: infer T } ? T : D;
/** The argument interface of a descriptor (`{}` when the field takes none). */
export type ArgsOf<D> = D extends { a: infer A } ? A : NoArgs;
/** The named type inside list and non-null wrappers. */
export type Unwrap<T> = T extends `${infer I}!`
  ? Unwrap<I>
  : T extends `[${infer I}]`
    ? Unwrap<I>
    : T;
/** Applies the list and nullability shape of GraphQL type `T` to `X`. */
export type Wrap<T, X> = T extends `${infer I}!` ? WrapList<I, X> : WrapList<T, X> | null;
type WrapList<T, X> = T extends `[${infer I}]` ? Wrap<I, X>[] : X;

type Fields<Sc extends SchemaShape, N> = N extends keyof Sc["types"] ? Sc["types"][N] : never;
/** The concrete types a value of type `N` can have. */
export type PossibleOf<Sc extends SchemaShape, N> = N extends keyof Sc["possible"]
  ? Sc["possible"][N]
  : N;
type IsLeaf<Sc extends SchemaShape, D> =
  Unwrap<TypeOf<D>> extends keyof Sc["scalars"] ? true : false;

type Fragment = `... on ${string}`;
type FieldName<K> = K extends `${string}: ${infer F}` ? F : K;
type OutKey<K> = K extends `${infer A}: ${string}` ? A : K;
type FragmentTypes<S> = keyof S extends infer K
  ? K extends `... on ${infer P}`
    ? P
    : never
  : never;

/** What an argument accepts: its value, or a variable of a compatible type. */
export type ArgsIn<A> = { [K in keyof A]: A[K] | Variable<A[K]> };
/**
 * Marks a mistake. It is an object type so that, intersected with what was written, it stays
 * visible in the compiler's message instead of collapsing to `never`.
 */
export interface Invalid<M extends string> {
  readonly error: M;
}
// Asks "are all arguments optional?" without mapping over them (a field may take sixty).
// biome-ignore lint/complexity/noBannedTypes: the empty object type is the question asked.
type AllOptional<A> = {} extends A ? true : false;

// Only the arguments given are looked at, plus the required ones.
type CheckArgs<A, G> = {
  [K in keyof G]: K extends keyof A
    ? A[K] | Variable<A[K]>
    : Invalid<`unknown argument "${K & string}"`>;
} & (AllOptional<A> extends true ? unknown : RequiredArgs<A>);
type RequiredArgs<A> = { [K in keyof A as undefined extends A[K] ? never : K]: unknown };

/**
 * The type a selection on GraphQL type `N` must have. It maps every key of the selection to what
 * is allowed there, so a mistake is reported on the key where it is, at any depth. `A` holds the
 * arguments of the field the selection belongs to, given under `__args`.
 */
export type Check<Sc extends SchemaShape, N, S, A = NoArgs> = {
  [K in keyof S]: K extends "__typename"
    ? true
    : K extends "__args"
      ? CheckArgs<A, S[K]>
      : K extends `... on ${infer P}`
        ? P extends PossibleOf<Sc, N>
          ? Check<Sc, P, S[K]>
          : Invalid<`${P} is not a possible type of ${N & string}`>
        : FieldName<K> extends keyof Fields<Sc, N>
          ? CheckField<Sc, Fields<Sc, N>[FieldName<K>], S[K]>
          : Invalid<`"${FieldName<K> & string}" is not a field of ${N & string}`>;
} & NeedsArgs<A>;

type NoArgs = Record<never, never>;
type NeedsArgs<A> = AllOptional<A> extends true ? unknown : { readonly __args: unknown };

// A selection is `true`, an object (with `__args` for arguments), or a directive use around one.
// Arrays and tuples are avoided on purpose: relating them instantiates every array method.
type CheckField<Sc extends SchemaShape, D, V> =
  V extends DirectiveUse<infer Name, infer A, infer Inner>
    ? DirectiveUse<Name, A, CheckField<Sc, D, Inner>>
    : IsLeaf<Sc, D> extends true
      ? V extends true
        ? AllOptional<ArgsOf<D>> extends true
          ? true
          : Invalid<"this field needs __args">
        : {
            [K in keyof V]: K extends "__args"
              ? CheckArgs<ArgsOf<D>, V[K]>
              : Invalid<"a leaf field takes only __args">;
          } & NeedsArgs<ArgsOf<D>>
      : V extends object
        ? Check<Sc, Unwrap<TypeOf<D>>, V, ArgsOf<D>>
        : Invalid<"this field needs a selection">;

/** The result of selection `S` on GraphQL type `N`: a union discriminated by `__typename` when `S` has fragments. */
export type Result<Sc extends SchemaShape, N, S> = [FragmentTypes<S>] extends [never]
  ? Fill<Sc, N, S, PossibleOf<Sc, N>>
  : Variant<Sc, S, FragmentTypes<S>> | Rest<Sc, N, S, Exclude<PossibleOf<Sc, N>, FragmentTypes<S>>>;

type Typename = { __typename: true };
type Variant<Sc extends SchemaShape, S, P> = P extends unknown
  ? Fill<Sc, P, S & Typename & S[`... on ${P & string}` & keyof S], P>
  : never;
type Rest<Sc extends SchemaShape, N, S, P> = [P] extends [never]
  ? never
  : Fill<Sc, N, S & Typename, P>;

type Fill<Sc extends SchemaShape, N, S, Tn> = {
  -readonly [
    K in keyof S as K extends Fragment | "__args" ? never : OutKey<K>
  ]: K extends "__typename"
    ? Tn
    : FieldResult<Sc, Fields<Sc, N>[FieldName<K> & keyof Fields<Sc, N>], S[K]>;
};

// `true` (the common case) is answered first; it is the same type for every query, so cached.
type FieldResult<Sc extends SchemaShape, D, V> = V extends true
  ? LeafResult<Sc, D>
  : V extends DirectiveUse<infer Name, unknown, infer Inner>
    ? DirectiveResult<Sc, Name, D, FieldResult<Sc, D, Inner>>
    : Wrap<TypeOf<D>, Named<Sc, Unwrap<TypeOf<D>>, V>>;
type LeafResult<Sc extends SchemaShape, D> = Wrap<
  TypeOf<D>,
  Sc["scalars"][Unwrap<TypeOf<D>> & keyof Sc["scalars"]]
>;

type Named<Sc extends SchemaShape, N, V> = N extends keyof Sc["scalars"]
  ? Sc["scalars"][N]
  : Result<Sc, N, V>;

/** `@formatDateTime` turns a `DateTime` into formatted text; `@markdown` and `@transform` give text. */
type DirectiveResult<Sc extends SchemaShape, Name, D, R> = Name extends "formatDateTime"
  ? Unwrap<TypeOf<D>> extends "DateTime"
    ? Wrap<TypeOf<D>, string>
    : R
  : Name extends "markdown" | "transform"
    ? IsLeaf<Sc, D> extends true
      ? Wrap<TypeOf<D>, string>
      : R
    : R;

/** The result type of a root field call. */
export type CallResult<C> = C extends FieldCall<infer R> ? R : never;
