import type {
  DirectiveUse,
  LeafNeedsArgs,
  LeafSelection,
  LeafWithArgs,
  ObjectNeedsArgs,
  ObjectSelection,
  ObjectWithArgs,
  SchemaShape,
  SelectionKeys,
} from "./schema-shape.js";

// Type-level checking and inference of selections, written for the compiler's cost. Whatever
// depends on the schema alone was worked out by the generator (leaf result types, wrappers, the
// value each selection key accepts), and the generic types below take either schema types or a
// single key, so the compiler answers them once and reuses the answer for every later query. Work
// that depends on a user's selection object is done once per object level: one pass for the keys
// no selection on that type may have, one for the keys that need a closer look (arguments,
// sub-selections, fragments, aliases), and the result type, which the compiler builds lazily.

/** The named type inside list and non-null wrappers of GraphQL type text. */
export type Unwrap<T> = T extends `${infer I}!`
  ? Unwrap<I>
  : T extends `[${infer I}]`
    ? Unwrap<I>
    : T;
/** Applies the list and nullability shape of GraphQL type text `T` (`"[Int!]"`) to `X`. */
export type Wrap<T, X> = T extends `${infer I}!` ? WrapList<I, X> : WrapList<T, X> | null;
type WrapList<T, X> = T extends `[${infer I}]` ? Wrap<I, X>[] : X;

/** Applies wrappers written without the type name (`""`, `"!"`, `"[]"`, `"[!]!"`...) to `X`. */
export type WrapAs<W, X> = W extends keyof Common<X> ? Common<X>[W] : Wrap<`${W & string}`, X>;
// The shapes a content API uses; deeper nesting goes through `Wrap`.
type Common<X> = {
  "": X | null;
  "!": X;
  "[]": (X | null)[] | null;
  "[!]": X[] | null;
  "[]!": (X | null)[];
  "[!]!": X[];
};

/** `T[K]` when `K` is a key of `T`, else `never`. */
export type Get<T, K> = T[K & keyof T];
type FieldsOf<Sc extends SchemaShape, N> = Get<Sc["fields"], N>;
/**
 * What a selection on type `N` accepts, key by key, read off its field descriptors. The compiler
 * builds it once per type a program selects on, and compares selections with it structurally.
 */
export type SelectionOf<Sc extends SchemaShape, N> = SelectionFrom<Sc, FieldsOf<Sc, N>>;
type SelectionFrom<Sc extends SchemaShape, F> = SelectionKeys & {
  readonly [K in keyof F]?: SelectionValue<Sc, F[K]>;
};
type SelectionValue<Sc extends SchemaShape, D> = D extends { n: infer T }
  ? D extends { a: infer A }
    ? D extends { q: true }
      ? ObjectNeedsArgs<SelectionOf<Sc, T>, A>
      : ObjectWithArgs<SelectionOf<Sc, T>, A>
    : ObjectSelection<SelectionOf<Sc, T>>
  : D extends { a: infer A }
    ? D extends { q: true }
      ? LeafNeedsArgs<A>
      : LeafWithArgs<A>
    : LeafSelection;
/** The concrete types a value of type `N` can have. */
export type PossibleOf<Sc extends SchemaShape, N> = N extends keyof Sc["possible"]
  ? Sc["possible"][N]
  : N;

type Alias = `${string}: ${string}`;
type Fragment = `... on ${string}`;
type FieldName<K> = K extends `${string}: ${infer F}` ? F : K;
type OutKey<K> = K extends "__args" | Fragment ? never : K extends `${infer A}: ${string}` ? A : K;
type FragmentTypes<K> = K extends `... on ${infer P}` ? P : never;
type NoArgs = Record<never, never>;
type ArgsOf<D> = D extends { a: infer A } ? A : NoArgs;

/**
 * Marks a mistake. It is an object type so that, intersected with what was written, it stays
 * visible in the compiler's message instead of collapsing to `never`.
 */
export interface Invalid<M extends string> {
  readonly error: M;
}

// Keys every selection on `N` may have; values are checked by the generated selection interface.
type Allowed<Sc extends SchemaShape, N> = keyof SelectionOf<Sc, N> | Alias | Fragment | "__args";
type Nested<Sc extends SchemaShape, N> = Get<Sc["nested"], N> | Alias | Fragment | "__args";

/**
 * What a selection `S` on type `N` must also be, beyond its generated selection interface (which
 * already checks every value's type): no key the type does not have, and, for the keys that need
 * it, the same at the next level down. `A` is the argument interface of the field selected.
 */
export type Exact<Sc extends SchemaShape, N, S, A = NoArgs> = {
  [K in Exclude<keyof S, Allowed<Sc, N>>]: Invalid<`"${K & string}" is not a field of ${N &
    string}`>;
} & {
  [K in Extract<keyof S, Nested<Sc, N>>]: K extends "__args"
    ? ExactArgs<A, S[K]>
    : ExactKey<Sc, N, K, S[K]>;
};

type ExactArgs<A, G> = {
  [K in Exclude<keyof G, keyof A>]: Invalid<`unknown argument "${K & string}"`>;
};

// Keys are parsed through aliases that take the key alone, so each key is parsed once.
type ExactKey<Sc extends SchemaShape, N, K, V> =
  V extends DirectiveUse<string, unknown, infer Inner>
    ? { readonly v: ExactKey<Sc, N, K, Inner> }
    : K extends Fragment
      ? ExactFragment<Sc, N, FragmentTypes<K>, V>
      : K extends Alias
        ? FieldName<K> extends keyof SelectionOf<Sc, N>
          ? SelectionOf<Sc, N>[FieldName<K>] & ExactField<Sc, Get<FieldsOf<Sc, N>, FieldName<K>>, V>
          : Invalid<`"${FieldName<K>}" is not a field of ${N & string}`>
        : ExactField<Sc, Get<FieldsOf<Sc, N>, K>, V>;

type ExactFragment<Sc extends SchemaShape, N, P, V> =
  P extends PossibleOf<Sc, N>
    ? SelectionOf<Sc, P> & Exact<Sc, P, V>
    : Invalid<`${P & string} is not a possible type of ${N & string}`>;

type ExactField<Sc extends SchemaShape, D, V> = V extends true
  ? unknown
  : D extends { n: infer T }
    ? Exact<Sc, T, V, ArgsOf<D>>
    : { [K in Exclude<keyof V, "__args">]: Invalid<"a leaf field takes only __args"> } & {
        readonly __args?: ExactArgs<ArgsOf<D>, Get<V, "__args">>;
      };

/** The result of selection `S` on type `N`: a union discriminated by `__typename` when `S` has fragments. */
export type Result<Sc extends SchemaShape, N, S> = [FragmentTypes<keyof S>] extends [never]
  ? Fill<Sc, N, S, PossibleOf<Sc, N>>
  : | Variant<Sc, S, FragmentTypes<keyof S>>
    | Rest<Sc, N, S, Exclude<PossibleOf<Sc, N>, FragmentTypes<keyof S>>>;

type Typename = { __typename: true };
type Variant<Sc extends SchemaShape, S, P> = P extends unknown
  ? Fill<Sc, P, S & Typename & Get<S, `... on ${P & string}`>, P>
  : never;
type Rest<Sc extends SchemaShape, N, S, P> = [P] extends [never]
  ? never
  : Fill<Sc, N, S & Typename, P>;

type Fill<Sc extends SchemaShape, N, S, Tn> = {
  -readonly [K in keyof S as OutKey<K>]: K extends "__typename"
    ? Tn
    : FieldResult<Sc, Get<FieldsOf<Sc, N>, FieldName<K>>, S[K]>;
};

// `true` (the common case) comes first, and depends on the field alone: answered once per field.
type FieldResult<Sc extends SchemaShape, D, V> = V extends true
  ? Get<D, "r">
  : V extends DirectiveUse<infer Name, unknown, infer Inner>
    ? D extends { n: string }
      ? FieldResult<Sc, D, Inner>
      : Get<
          D,
          Name extends "formatDateTime" ? "f" : Name extends "markdown" | "transform" ? "s" : "r"
        >
    : D extends { n: infer T; w: infer W }
      ? WrapAs<W, Result<Sc, T, V>>
      : Get<D, "r">;

/**
 * `Exact`, held back until the selection is inferred. Written straight into a parameter's type,
 * the compiler would work the mapped types out again for every contextual lookup it makes while
 * it infers the selection; behind this conditional it works them out once.
 */
export type Checked<Sc extends SchemaShape, N, S> = [S] extends [infer T] ? Exact<Sc, N, T> : never;
