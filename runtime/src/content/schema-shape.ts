/**
 * What a generated content module describes, as types only. Each object and interface type maps
 * its fields to a descriptor: the GraphQL type as written in SDL (`"[EntryInterface]"`, `"Int!"`),
 * or `{ t: type; a: Args }` when the field takes arguments. (Not a tuple: reading a tuple type
 * makes the compiler instantiate every array method for it.)
 */
export interface SchemaShape {
  /** Field maps of every object and interface type, by GraphQL type name. */
  types: object;
  /** The concrete types behind each interface or union, as a union of names. */
  possible: object;
  /** Output TypeScript type of every scalar and enum, by GraphQL name. */
  scalars: object;
  /** Input TypeScript type of every scalar, enum and input object, by GraphQL name. */
  inputs: object;
  /** Argument interfaces of every field directive, by directive name. */
  directives: object;
}

/** A field descriptor: `"Type"` or `{ t: "Type"; a: Args }`. */
export type FieldDescriptor = string | { t: string; a: object };

/** The Atom date-time text the content API returns for an unformatted `DateTime`. */
export type DateTimeString = `${number}-${number}-${number}T${string}`;

declare const variableType: unique symbol;
declare const resultType: unique symbol;
export type { resultType, variableType };

/** A reference to a declared variable, printed as `$name`. `T` is the value type it accepts. */
export interface Variable<T> {
  readonly $: string;
  readonly [variableType]?: T;
}

/** An enum value written literally in an argument (printed without quotes). */
export interface EnumValue<T extends string> {
  readonly "=": T;
}

/** A field directive applied to a field selection (`inner` is what the field selects). */
export interface DirectiveUse<N extends string, A, V> {
  readonly "@": N;
  readonly a: A;
  readonly v: V;
}

/** One root field of a query, made by a generated builder. `R` is its inferred result. */
export interface FieldCall<R> {
  readonly f: string;
  readonly a?: object | undefined;
  readonly s?: unknown;
  readonly [resultType]: R;
}
