// A type-level guard over inferred results: the paths of every property, at any depth, whose type
// is `never`, `any` or `unknown`. A builder bug that loses a field's type (a fragment's fields
// looked up on a union's empty field map, say) shows as `never`, which is assignable to
// everything and so passes an assignability test; this names it instead. The test schemas map
// every custom scalar to a concrete type, so `unknown` has no right to appear either.

type IsAny<T> = 0 extends 1 & T ? true : false;

/** The paths (`result.entries[].title`) of `T`'s properties typed `never`, `any` or `unknown`. */
export type Suspects<T, P extends string = "result"> =
  IsAny<T> extends true
    ? P
    : [T] extends [never]
      ? P
      : unknown extends T
        ? P
        : T extends readonly (infer I)[]
          ? Suspects<I, `${P}[]`>
          : T extends object
            ? { [K in keyof T & string]-?: Suspects<T[K], `${P}.${K}`> }[keyof T & string]
            : never;
