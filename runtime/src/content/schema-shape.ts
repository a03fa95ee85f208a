/**
 * What a generated content module describes, as types only. The generator works out everything
 * that depends on the schema alone (result types of leaf fields, list and null wrappers, which
 * values a selection key accepts), so the compiler only has to walk a user's selection.
 */
export interface SchemaShape {
  /** Every object, interface and union type, described as a `TypeInfo`, by name. */
  types: object;
  /** Input TypeScript type of every scalar, enum and input object, by GraphQL name. */
  inputs: object;
  /** Argument interfaces of every field directive, by directive name. */
  directives: object;
}

// The keys of `TypeInfo`, `LeafResult` and `ObjectField` are one letter because generated modules
// write them once per type and field; docs/content-queries.md ("Legend") lists them all. Nothing
// else in the runtime abbreviates.

/**
 * One object, interface or union type, as the generated module describes it. The checking and
 * inference types read everything they need from here (no lookups by name), and the generator
 * works out the key sets in advance, so the compiler does not rebuild them per query.
 */
export interface TypeInfo {
  /** The type's name. */
  n: string;
  /** Its field descriptors, by field name (`FieldDescriptor`s). */
  f: object;
  /** The keys whose selection values need a closer look: fields with arguments or sub-selections, and `SpecialKeys`. */
  x: string;
  /** The concrete types a value of this type can be, by name (itself, for an object type). */
  p: object;
  /** Every key a selection on this type may have: its fields, `__typename` and `SpecialKeys`. */
  k: string;
  /** Every type of the schema, by name: where a fragment key (`"... on Type"`) finds its type. */
  o: object;
}

/**
 * Selection keys that are not field names: arguments, aliases (`"small: url"`) and fragments
 * (`"... on Type|field"`, one key per field the fragment selects, so that several fragments on
 * one type spread into one selection all stay).
 */
export type SpecialKeys = "__args" | `${string}: ${string}` | `... on ${string}`;

/**
 * The result of a leaf field: `r` as the API returns it, `s` after `@markdown` or `@transform`
 * (text for a `String`, unchanged otherwise), and `f` after `@formatDateTime` (text for a
 * `DateTime`, unchanged otherwise). All three carry the field's list and null shape.
 */
export interface LeafResult {
  r: unknown;
  s: unknown;
  f: unknown;
}

/**
 * A field whose type is an object, interface or union: the `TypeInfo` `t` of its named type, and
 * its wrappers `w`, the GraphQL type with the name left out (`""` nullable, `"!"`, `"[]"`,
 * `"[!]!"` ...).
 */
export interface ObjectField {
  t: TypeInfo;
  w: string;
}

/**
 * A field descriptor; `a` holds the argument interface of a field that takes arguments, and `q`
 * is present when one of them is required.
 */
export type FieldDescriptor = (LeafResult | ObjectField) & { a?: object; q?: true };

/** The Atom date-time text the content API returns for an unformatted `DateTime`. */
export type DateTimeString = `${number}-${number}-${number}T${string}`;

declare const variableType: unique symbol;
declare const resultType: unique symbol;
declare const fragmentSelection: unique symbol;
declare const fragmentOn: unique symbol;
export type { fragmentOn, fragmentSelection, resultType, variableType };

/**
 * An inline fragment's selection as `on` hands it back, already checked against its type `P`
 * (whose concrete types are `C`). The selection a fragment key holds must come from `on`, so it
 * is checked exactly once. `S` sits in a parameter position so that the selections of several
 * fragments on one type, read together, intersect.
 */
export interface FragmentValue<S, C = unknown> {
  readonly [fragmentSelection]: (selection: S) => void;
  readonly [fragmentOn]: C;
}

/** A reference to a declared variable, printed as `$name`. `T` is the value type it accepts. */
export interface Variable<T> {
  readonly $: string;
  readonly [variableType]?: T;
}

/** An enum value written literally in an argument (printed without quotes). */
export interface EnumValue<T extends string> {
  readonly "=": T;
}

/** A field directive applied to a field selection (`selection` is what the field selects). */
export interface DirectiveUse<N extends string, A, V> {
  readonly "@": N;
  readonly args: A;
  readonly selection: V;
}

/**
 * What arguments accept. The generated argument interfaces already take, in every position, a
 * literal or a variable of a compatible type, so this is `A` itself.
 */
export type ArgsIn<A> = A;

type Directed<V> = V | DirectiveUse<string, unknown, V>;
type WithArgs<A> = { readonly __args?: ArgsIn<A> };

/**
 * The keys every selection may have besides fields: `__typename`, aliases (`"small: url"`) and
 * inline fragments (`"... on Type"`, whose value must come from `on`). Alias values are checked
 * by `Exact`, fragment values by `on`. Every selection type includes it, which also keeps
 * selection types from being "weak" (all properties optional), so a selection of aliases or
 * fragments alone is still accepted.
 */
export interface SelectionKeys {
  readonly __typename?: true;
  readonly [alias: `${string}: ${string}`]: unknown;
  readonly [fragment: `... on ${string}`]: object;
}

// The value types a selection type gives its keys (see `SelectionOf`). They take only schema
// types, so each is instantiated once per argument interface, whatever the number of queries.
/** A leaf field without arguments: `true`, or a directive use around it. */
export type LeafSelection = Directed<true>;
/** A leaf field whose arguments are all optional. */
export type LeafWithArgs<A> = Directed<true | WithArgs<A>>;
/** A leaf field with a required argument: `__args` must be given. */
export type LeafNeedsArgs<A> = Directed<{ readonly __args: ArgsIn<A> }>;
/** An object field: a sub-selection `S`. */
export type ObjectSelection<S> = Directed<S>;
/** An object field whose arguments are all optional. */
export type ObjectWithArgs<S, A> = Directed<S & WithArgs<A>>;
/** An object field with a required argument. */
export type ObjectNeedsArgs<S, A> = Directed<S & { readonly __args: ArgsIn<A> }>;

/** One root field of a query, made by a generated builder. `R` is its inferred result. */
export interface FieldCall<R> {
  readonly field: string;
  readonly args?: object | undefined;
  readonly selection?: unknown;
  readonly [resultType]: R;
}
