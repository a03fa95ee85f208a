import type { Invalid, Unwrap } from "./infer.js";
import type { EnumValue, SchemaShape, Variable } from "./schema-shape.js";

/** The GraphQL types a variable can be declared with, such as `"Int"`, `"[String]"` or `"ID!"`. */
export type VariableType<Sc extends SchemaShape> = Decl<keyof Sc["inputs"] & string>;
type Decl<N extends string> = N | `${N}!` | `[${N}]` | `[${N}]!` | `[${N}!]` | `[${N}!]!`;

/**
 * Declared variables: name to GraphQL type, or to `[type, default]`. A variable with a default
 * may be left out when the query is sent, whatever its type.
 */
export type VariableDeclarations<Sc extends SchemaShape> = Record<
  string,
  VariableType<Sc> | readonly [VariableType<Sc>, unknown]
>;

/**
 * What the declarations must also be: each default fits its variable's type (an enum value
 * written with `enumValue`). Declarations without defaults skip the check.
 */
export type DefaultsFit<Sc extends SchemaShape, D> = D[keyof D] extends string
  ? unknown
  : {
      readonly [K in keyof D]: D[K] extends readonly [infer T extends string, infer V]
        ? V extends Default<VariableValue<Sc, T>>
          ? unknown
          : Invalid<`the default of $${K & string} is not a ${T}`>
        : unknown;
    };
type Default<X> = X | (X extends string ? EnumValue<X> : never);

/** The GraphQL type of a declaration (`"Int"`, or `["Int", 10]`). */
type TypeOf<D> = D extends readonly [infer T, unknown] ? T : D;

/** The value type of a variable declared as `T`: lists are read-only. */
export type VariableValue<Sc extends SchemaShape, T> = InputWrap<
  T,
  Sc["inputs"][Unwrap<T> & keyof Sc["inputs"]]
>;
type InputWrap<T, X> = T extends `${infer I}!` ? InputList<I, X> : InputList<T, X> | null;
type InputList<T, X> = T extends `[${infer I}]` ? readonly InputWrap<I, X>[] : X;

/**
 * What `request` takes for a variable declared as `T`: a single item stands for a list of one
 * (never `null`: GraphQL coerces a single value to a list, and a `null` there is the list itself,
 * refused for a non-null list such as `[String]!`).
 */
type SentValue<Sc extends SchemaShape, T> = SentWrap<
  T,
  Sc["inputs"][Unwrap<T> & keyof Sc["inputs"]]
>;
type SentWrap<T, X> = T extends `${infer I}!` ? SentList<I, X> : SentList<T, X> | null;
type SentList<T, X> = T extends `[${infer I}]`
  ? readonly SentWrap<I, X>[] | Exclude<SentWrap<I, X>, null>
  : X;

/** The references handed to a query's build function: `$.limit` is printed `$limit`. */
export type VariableRefs<Sc extends SchemaShape, D> = {
  readonly [K in keyof D]: Variable<VariableValue<Sc, TypeOf<D[K]>>>;
};

/** What `request` needs: non-null variables without a default are required, the others may be left out. */
export type VariablesOf<Sc extends SchemaShape, D> = {
  -readonly [K in Exclude<keyof D, RequiredOf<D>>]?: SentValue<Sc, TypeOf<D[K]>>;
} & { -readonly [K in RequiredOf<D>]: SentValue<Sc, D[K]> };
type RequiredOf<D> = { [K in keyof D]: D[K] extends `${string}!` ? K : never }[keyof D];
