import type {
  DirectiveUse,
  FragmentValue,
  fragmentOn,
  fragmentSelection,
  LeafNeedsArgs,
  LeafSelection,
  LeafWithArgs,
  ObjectNeedsArgs,
  ObjectSelection,
  ObjectWithArgs,
  SelectionKeys,
  SpecialKeys,
  TypeInfo,
} from "./schema-shape.js";

// Type-level checking and inference of selections, written for the compiler's cost. Whatever
// depends on the schema alone was worked out by the generator (leaf result types, wrappers, each
// type's key sets, the possible types of each interface), and every type reaches what it needs
// through its `TypeInfo` instead of looking names up in a schema map. Work that depends on a
// user's selection object is done once per object level: one comparison for the keys no selection
// on that type may have, one visit of the keys that need a closer look (arguments, sub-selections,
// fragments, aliases), and the result type, whose properties the compiler builds when read.

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

/**
 * What a selection on the type `T` accepts, key by key, read off its field descriptors. The
 * compiler builds it once per type a program selects on, and compares selections with it
 * structurally (which checks every value's type, arguments included).
 */
export type SelectionOf<T extends TypeInfo> = SelectionFrom<T["f"]>;
type SelectionFrom<F> = SelectionKeys & { readonly [K in keyof F]?: SelectionValue<F[K]> };
type SelectionValue<D> = D extends { t: infer T extends TypeInfo }
  ? D extends { a: infer A }
    ? D extends { q: true }
      ? ObjectNeedsArgs<SelectionOf<T>, A>
      : ObjectWithArgs<SelectionOf<T>, A>
    : ObjectSelection<SelectionOf<T>>
  : D extends { a: infer A }
    ? D extends { q: true }
      ? LeafNeedsArgs<A>
      : LeafWithArgs<A>
    : LeafSelection;

type Fragment = `... on ${string}`;
type NoArgs = Record<never, never>;
type ArgsOf<D> = D extends { a: infer A } ? A : NoArgs;

/**
 * Marks a mistake. It is an object type so that, intersected with what was written, it stays
 * visible in the compiler's message instead of collapsing to `never`.
 */
export interface Invalid<M extends string> {
  readonly error: M;
}

/**
 * What a selection `S` on type `T` must also be, beyond `SelectionOf<T>` (which already checks
 * every value's type): at least one field (GraphQL has no empty selection set), no key the type
 * does not have, and, for the keys that need it, the same at the next level down. `A` is the
 * argument interface of the field selected. The usual case (no unknown key) costs one comparison
 * of key unions, and only the keys in `T["x"]` are visited.
 */
export type Exact<T extends TypeInfo, S, A = NoArgs> = (keyof S extends T["k"]
  ? keyof S extends "__args"
    ? Invalid<`empty selection on ${T["n"]}: select at least one field`>
    : unknown
  : {
      [K in Exclude<keyof S, T["k"]>]: Invalid<`'${K & string}' is not a field of ${T["n"]}`>;
    }) & { [K in keyof S & T["x"]]: ExactKey<T, K, S[K], A> };

type ExactArgs<A, G> = keyof G extends keyof A
  ? unknown
  : { [K in Exclude<keyof G, keyof A>]: Invalid<`unknown argument '${K & string}'`> };

// A fragment made by `on` had its selection checked there; here only its type is: it must share
// a concrete type with `T`, as GraphQL requires of a fragment spread. A fragment key written out
// is checked here whole: its type (a member of `T`, `T` itself, or one sharing a concrete type
// with it) and its selection. The most common one, a key on a concrete type of `T`, is answered
// first, before the keys that are not fields are told apart.
type ExactKey<T extends TypeInfo, K, V, A> = K extends keyof T["f"]
  ? ExactField<T["f"][K], V>
  : K extends `... on ${infer P extends keyof T["p"] & string}`
    ? WrittenFragment<T["p"][P] & TypeInfo, V>
    : K extends "__args"
      ? ExactArgs<A, V>
      : K extends Fragment
        ? V extends { readonly [fragmentOn]: unknown }
          ? [Get<V, typeof fragmentOn> & keyof T["p"]] extends [never]
            ? Invalid<`${K extends `... on ${infer P}|${string}` ? P : K} is not a possible type of ${T["n"]}`>
            : unknown
          : K extends `... on ${infer P}`
            ? P extends keyof T["o"]
              ? P extends keyof T["p"] | T["n"]
                ? WrittenFragment<T["o"][P] & TypeInfo, V>
                : [keyof (T["o"][P] & TypeInfo)["p"] & keyof T["p"]] extends [never]
                  ? Invalid<`${P} is not a possible type of ${T["n"]}`>
                  : WrittenFragment<T["o"][P] & TypeInfo, V>
              : Invalid<`${P} is not a type of the schema`>
            : unknown
        : K extends `${string}: ${infer F}`
          ? F extends keyof T["f"]
            ? SelectionValue<T["f"][F]> & ExactField<T["f"][F], V>
            : Invalid<`'${F}' is not a field of ${T["n"]}`>
          : unknown;

// A fragment key written out (`"... on Type": {...}`) on type `Q`: its values' types, then its keys.
type WrittenFragment<Q extends TypeInfo, V> = SelectionOf<Q> & Exact<Q, V>;

// The field's kind is settled first, then whether a directive wraps the selection.
type ExactField<D, V> = V extends true
  ? unknown
  : D extends { t: TypeInfo }
    ? V extends { "@": string }
      ? { readonly selection: ExactField<D, Get<V, "selection">> }
      : Exact<D["t"], V, ArgsOf<D>>
    : V extends { "@": string }
      ? { readonly selection: ExactField<D, Get<V, "selection">> }
      : { [K in Exclude<keyof V, "__args">]: Invalid<"a leaf field takes only __args"> } & {
          readonly __args?: ExactArgs<ArgsOf<D>, Get<V, "__args">>;
        };

/**
 * The result of selection `S` on type `T`. With fragments, a union discriminated by
 * `__typename`: one member per concrete type some fragment applies to (a fragment on an
 * interface or union applies to each of its concrete types, and the fragments that apply to one
 * type merge), and one for the remaining concrete types.
 */
export type Result<T extends TypeInfo, S> = keyof S & Fragment extends never
  ? Fill<T, S, keyof T["p"]>
  : keyof S & Fragment extends `... on ${keyof T["p"] & string}`
    ? OnConcrete<T, S>
    : Fragments<T, S, FragmentsIn<T, S>>;

// The common case: fragment keys written out, each on a concrete type of `T`. No two apply to
// one type, so each key is one variant, and the rest is one more. The keys `K` are taken from
// `S` again here rather than passed from `Result`'s test: there, the compiler would narrow them
// to the keys of every concrete type of `T` whenever it works out the builder's return type
// before `S` is known (a thousand variants, once per type, on a large site's entry interface).
type OnConcrete<T extends TypeInfo, S, K = keyof S & Fragment> =
  Member<T, S, K> | Rest<T, S, K extends `... on ${infer P}` ? P : never>;
type Member<T extends TypeInfo, S, K> = K extends `... on ${infer P}`
  ? Fill<T["p"][P & keyof T["p"]] & TypeInfo, S & Typename & S[K & keyof S], P>
  : never;

// The fragments of `S`: those made by `on`, and fragment keys written out (`"... on Type": {...}`),
// each put in the form `on` gives.
type FragmentsIn<T extends TypeInfo, S> = {
  [K in keyof S & Fragment]: S[K] extends { readonly [fragmentOn]: unknown }
    ? S[K]
    : K extends `... on ${infer P}`
      ? FragmentValue<S[K], keyof (Get<T["o"], P> & TypeInfo)["p"]>
      : never;
}[keyof S & Fragment];
// Fragments that apply to every concrete type of `T` (`A`) merge into the selection itself; a
// variant per concrete type is made only for the others.
type Fragments<T extends TypeInfo, S, F, A = Everywhere<F, keyof T["p"]>> = Split<
  T,
  S & Selections<A>,
  Exclude<F, A>
>;
// `C` is every concrete type some fragment applies to. The variants are made from `C`'s members
// (few), never by walking `T`'s possible types (a thousand, on a large site's entry interface):
// the rest's type names are `T`'s less `C`, worked out only if `__typename` is read.
type Split<T extends TypeInfo, S, F, C = Get<F, typeof fragmentOn>> =
  Variant<T, S, F, Extract<C, keyof T["p"]>> | Rest<T, S, C>;
type Everywhere<F, P> = F extends { readonly [fragmentOn]: infer C }
  ? [P] extends [C]
    ? F
    : never
  : never;
// The selections of fragments `F`, intersected.
type Selections<F> = [F] extends [never]
  ? unknown
  : [F] extends [{ readonly [fragmentSelection]: (selection: infer X) => void }]
    ? X
    : unknown;
// The selections of the fragments in `F` that apply to concrete type `P`.
type Applying<F, P> = Selections<
  F extends { readonly [fragmentOn]: infer C } ? (P extends C ? F : never) : never
>;
type Typename = { __typename: true };
type Variant<T extends TypeInfo, S, F, P> = P extends keyof T["p"]
  ? Fill<T["p"][P] & TypeInfo, S & Typename & Applying<F, P>, P>
  : never;
type Rest<T extends TypeInfo, S, C> = [keyof T["p"]] extends [C]
  ? never
  : Fill<T, S & Typename, keyof T["p"], C>;

type OutKey<K> = K extends SpecialKeys ? (K extends `${infer A}: ${string}` ? A : never) : K;
type FieldName<K> = K extends `${string}: ${infer F}` ? F : K;

// Result properties are worked out only when a program reads them.
// `Tn` are the concrete types the value may be, less those in `Not`.
type Fill<T extends TypeInfo, S, Tn, Not = never> = {
  -readonly [K in keyof S as OutKey<K>]: K extends "__typename"
    ? Exclude<Tn, Not>
    : FieldResult<FieldOf<T, Tn, Not, FieldName<K>>, S[K]>;
};
// A field of `T` itself, or else one a merged fragment selected on the concrete types `Tn` it
// covers (a union has no fields of its own; a fragment on every member, or on an interface
// they all implement, selects theirs): looked up on each of them.
type FieldOf<T extends TypeInfo, Tn, Not, N> = N extends keyof T["f"]
  ? T["f"][N]
  : Tn extends keyof T["p"]
    ? Tn extends Not
      ? never
      : Get<(T["p"][Tn] & TypeInfo)["f"], N>
    : never;

// `true` (the common case) comes first, and depends on the field alone: answered once per field.
type FieldResult<D, V> = V extends true
  ? Get<D, "r">
  : V extends DirectiveUse<infer Name, unknown, infer Inner>
    ? D extends { t: unknown }
      ? FieldResult<D, Inner>
      : Get<
          D,
          Name extends "formatDateTime" ? "f" : Name extends "markdown" | "transform" ? "s" : "r"
        >
    : D extends { t: infer T extends TypeInfo; w: infer W }
      ? WrapAs<W, Result<T, V>>
      : Get<D, "r">;

/**
 * `Exact`, held back until the selection is inferred. Written straight into a parameter's type,
 * the compiler would work the mapped types out again for every contextual lookup it makes while
 * it infers the selection; behind this conditional it works them out once.
 */
export type Checked<T extends TypeInfo, S> = [S] extends [infer X] ? Exact<T, X> : never;
