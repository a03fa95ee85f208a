import {
  type Declaration,
  type Member,
  type TypeNode,
  literal,
  typeName,
  union,
} from "../../../generator/print/ts-syntax.js";

/**
 * Random declarations of every shape the printer lays out (unions of every width, nested and
 * huggable objects, arrays of unions, intersections, generics, indexed access, doc comments,
 * quoted keys, imports), from a seed, so a failure can be reproduced.
 */
export function randomDeclarations(seed: number, count: number): Declaration[][] {
  let state = seed;
  const rand = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const word = () =>
    pick([
      "id",
      "name",
      "created_at",
      "a",
      "very_long_property_name_for_testing",
      "html_url",
      "+1",
      "node-id",
      "x",
    ]) + (rand() < 0.3 ? String(Math.floor(rand() * 100)) : "");
  const refs = [
    "string",
    "number",
    "boolean",
    "unknown",
    "User",
    "Repository",
    "SimplePullRequestWithAVeryLongName",
    "InstallationLite",
  ];
  const ref = () => typeName(pick(refs));

  const type = (depth: number): TypeNode => {
    const r = rand();
    if (depth > 2 || r < 0.3) return ref();
    if (r < 0.4)
      return literal(
        pick(["opened", "closed", "a much longer literal value here", "it's", 'say "hi"']),
      );
    if (r < 0.55) {
      const size = 2 + Math.floor(rand() * 8);
      return union(
        Array.from({ length: size }, () =>
          rand() < 0.5 ? literal(word()) : rand() < 0.8 ? ref() : type(depth + 1),
        ),
      );
    }
    if (r < 0.65) return union([type(depth + 1), typeName("null")]);
    if (r < 0.75) return { kind: "array", element: type(depth + 1) };
    if (r < 0.8) return typeName("Maybe", [typeName("Array", [typeName("Maybe", [ref()])])]);
    if (r < 0.85) {
      return {
        kind: "indexed",
        object: { kind: "indexed", object: typeName("Scalars"), index: literal("DateTime") },
        index: literal("output"),
      };
    }
    if (r < 0.88) {
      return {
        kind: "intersection",
        types: [
          typeName("EntryInterface"),
          { kind: "object", expanded: rand() < 0.5, members: members(depth + 1) },
        ],
      };
    }
    if (r < 0.9)
      return {
        kind: "operator",
        operator: pick(["keyof", "readonly"] as const),
        type: { kind: "array", element: ref() },
      };
    return { kind: "object", expanded: rand() < 0.6, members: members(depth + 1) };
  };
  const members = (depth: number): Member[] =>
    Array.from({ length: Math.floor(rand() * 5) }, (): Member =>
      rand() < 0.1
        ? { kind: "index", key: "k", keyType: typeName("string"), type: typeName("unknown") }
        : {
            kind: "property",
            name: word(),
            optional: rand() < 0.5,
            type: type(depth),
            doc:
              rand() < 0.3 ? pick(["One line.", "Two\nlines here.", "Has */ inside"]) : undefined,
          },
    );

  return Array.from({ length: count }, (_, i) => {
    const declarations: Declaration[] = [];
    if (rand() < 0.3) {
      const names = new Set(
        Array.from(
          { length: 1 + Math.floor(rand() * 12) },
          () => `${pick(refs.slice(4))}${Math.floor(rand() * 99)}`,
        ),
      );
      declarations.push({
        kind: "import",
        typeOnly: true,
        names: [...names],
        from: "./definitions.js",
      });
    }
    declarations.push(
      rand() < 0.5
        ? {
            kind: "interface",
            name: `Thing${i}`,
            exported: rand() < 0.8,
            members: members(0),
            extends: rand() < 0.2 ? ["AssetInterface"] : [],
            doc: rand() < 0.3 ? "An interface." : undefined,
          }
        : { kind: "alias", name: `Alias${i}`, exported: true, type: type(0) },
    );
    return declarations;
  });
}
