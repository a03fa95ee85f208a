import type { Unwrap, Wrap } from "./infer.js";
import type { SchemaShape, Variable } from "./schema-shape.js";

/** The GraphQL types a variable can be declared with, such as `"Int"`, `"[String]"` or `"ID!"`. */
export type VariableType<Sc extends SchemaShape> = Decl<keyof Sc["inputs"] & string>;
type Decl<N extends string> = N | `${N}!` | `[${N}]` | `[${N}]!` | `[${N}!]` | `[${N}!]!`;

/** Declared variables: name to GraphQL type. */
export type VariableDeclarations<Sc extends SchemaShape> = Record<string, VariableType<Sc>>;

/** The value type of a variable declared as `T`. */
export type VariableValue<Sc extends SchemaShape, T> = Wrap<
  T,
  Sc["inputs"][Unwrap<T> & keyof Sc["inputs"]]
>;

/** The references handed to a query's build function: `$.limit` is printed `$limit`. */
export type VariableRefs<Sc extends SchemaShape, D> = {
  readonly [K in keyof D]: Variable<VariableValue<Sc, D[K]>>;
};

/** What `request` needs: non-null variables are required, the others may be left out. */
export type VariablesOf<Sc extends SchemaShape, D> = {
  [K in keyof D as D[K] extends `${string}!` ? K : never]: VariableValue<Sc, D[K]>;
} & { [K in keyof D as D[K] extends `${string}!` ? never : K]?: VariableValue<Sc, D[K]> };
