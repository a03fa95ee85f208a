import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildSchema, graphql } from "graphql";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TypewireConfig } from "../../generator/config.js";
import { MODULE_NAMES, RESERVED_WORDS, moduleNames } from "../../generator/content/module-names.js";
import { generate } from "../../generator/generate.js";
import { packageRoot } from "../../input/paths.js";
import { linkedProject, typeCheck } from "../helpers/typescript-project.js";

// Every name the module uses for itself and every reserved word, each at once a type name, a root
// field, a field, an argument and a directive; types of every kind; argument type names that
// collide with types and with each other; a root field and a directive of the same name.
const clashing = [...MODULE_NAMES, ...RESERVED_WORDS].sort();
const kinds = [
  (n: string) => `type ${n} { ${n}(${n}: Int): ${n} plain: String }\n`,
  (n: string) =>
    `interface ${n} { ${n}(${n}: Int): Int }\ntype ${n}_Impl implements ${n} { ${n}(${n}: Int): Int }\n`,
  (n: string) => `union ${n} = Plain\n`,
  (n: string) => `enum ${n} { V W }\n`,
  (n: string) => `input ${n} { ${n}: Int }\n`,
];
// The names the consumer below uses have a fixed kind; the others take each kind in turn.
const fixedKind: Record<string, number> = { on: 0, query: 0, delete: 0, Pick: 1, Maybe: 2 };
Object.assign(fixedKind, { string: 3, Scalars: 4, Types: 1 });
const kindOf = (n: string, i: number) => fixedKind[n] ?? i % kinds.length;
const rootField = (n: string, kind: number) =>
  [`${n}(${n}: Int): ${n}`, `${n}: ${n}`, `${n}: ${n}`, `${n}(${n}: ${n}): ${n}`][kind] ??
  `${n}(${n}: ${n}): Int`;
const sdl = [
  ...clashing.map((n, i) => kinds[kindOf(n, i)]!(n)),
  ...clashing.map((n) => `directive @${n}(${n}: String) on FIELD\n`),
  "type Plain { plain: String }\n",
  // Members, values and implementations that are renamed types or reserved words.
  "union Mixed = delete | on | query\n",
  "enum Words { delete class query on Maybe Types builder }\n",
  "type Impl implements Pick & Types { Pick(Pick: Int): Int Types(Types: Int): Int words: Words }\n",
  // types.ts names argument types <Type>_<field>Args; query.ts privately <Type>_<field>_Args.
  "type Pair { a(x: Int): Int }\ntype Pair_aArgs { b: Int }\n",
  "type A_b { c(x: Int): Int }\ntype A { b_c(y: String): Int }\n",
  "type Query_a_Args { b: Int }\n",
  "directive @transform(width: Int) on FIELD\n",
  `type Query {\n${clashing.map((n, i) => `  ${rootField(n, kindOf(n, i))}\n`).join("")}` +
    "  a(x: Int): Int\n  transform(width: Int): String\n  pair: Pair\n  ab: A_b\n  justA: A\n" +
    "  Pair: Pair\n  pairArgs: Pair_aArgs\n  queryArgs: Query_a_Args\n  mixed: [Mixed]\n}\n",
].join("");

let work: string;
let files: Record<string, string>;

beforeAll(async () => {
  work = await linkedProject("typewire-clash-");
  await writeFile(join(work, "clash.graphql"), sdl);
  const config: TypewireConfig = {
    content: {
      out: join(work, "generated"),
      schemas: [{ name: "clash", file: join(work, "clash.graphql") }],
      pollSeconds: 30,
    },
  };
  await generate(config, work, { cache: false });
  files = {};
  for (const file of ["index.ts", "query.ts", "types.ts"])
    files[file] = await readFile(join(work, "generated/clash", file), "utf8");
}, 20_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

// Names asserted by hand from the documented rule, not from the code that applies it.
const consumer = `
import { enumValue } from "@typewire/runtime/content";
import {
  query, on, transform, transform$, on$$, query$$, delete$$, Pick$$, string$$, Scalars$$,
  a, pair, ab, justA, Pair$, mixed,
  type delete$, type Pick$, type string$, type Maybe$, type Scalars$, type Pair_aArgs,
  type Pair_aArgs$, type A_b_cArgs, type A_b_cArgs$, type Scalars, type Maybe,
} from "./generated/clash/index.js";

export const q = query({
  t: transform({ width: 3 }),
  aa: a({ x: 1 }),
  ons: on$$({ on: 1 }, { plain: transform$({ width: 2 }), ...on("on", { on: { plain: true } }) }),
  queries: query$$({ query: 2 }, { plain: true }),
  del: delete$$({ delete: 4 }, { delete: { plain: true } }),
  picks: Pick$$({}, { Pick: true }),
  str: string$$({ string: enumValue("V") }),
  p: pair({}, { a: { __args: { x: 1 } } }),
  pp: Pair$({}, { a: true }),
  b: ab({}, { c: true }),
  j: justA({}, { b_c: true }),
  m: mixed({}, { ...on("delete", { plain: true }), ...on("on", { plain: true }) }),
});
export const scalars = () => Scalars$$({ Scalars: { Scalars: 5 } });

export type Checks = [delete$, Pick$, string$, Maybe$, Scalars$, Scalars, Maybe<1>, A_b_cArgs, A_b_cArgs$];
const pairArgs: Pair_aArgs$ = { x: 1 };
const pairType: Pair_aArgs = { __typename: "Pair_aArgs", b: 1 };
const deleted: delete$ = { __typename: "delete" };
const input: Scalars$ = { Scalars: 5 };
const value: string$ = "W";
export const values = [pairArgs, pairType, deleted, input, value];
`;

describe("a schema made of name clashes", () => {
  it("generates: a root field and a directive of one name, and every reserved name, as the rule says", () => {
    const q = files["query.ts"]!;
    expect(q).toMatch(/^export const transform = .*builder<Query\["transform"\]>\("transform"\)/m);
    expect(q).toMatch(/^export const transform\$ = .*directive<"transform", /m);
    expect(q).toMatch(/^export const query = /m);
    // `query` the type takes query$, the root field query$$, the directive query$$$.
    expect(q).toMatch(/^interface query\$ /m);
    expect(q).toMatch(/^export const query\$\$ = .*builder<Query\["query"\]>\("query"\)/m);
    expect(q).toMatch(/^export const query\$\$\$ = .*directive<"query", /m);
    // query.ts's private argument interface, and the type already named so.
    expect(q).toMatch(/^interface Query_a_Args\$ /m);
    expect(q).toMatch(/^interface Query_a_Args /m);
    const t = files["types.ts"]!;
    expect(t).toMatch(/^export type Pair_aArgs\$ = /m);
    expect(t).toMatch(/^export type A_b_cArgs = /m);
    expect(t).toMatch(/^export type A_b_cArgs\$ = /m);
    expect(t).toMatch(/^export type delete\$ = /m);
  });

  it("type-checks under strict, and the renamed builders query the GraphQL names", async () => {
    await writeFile(join(work, "consumer.ts"), consumer);
    for (const resolution of ["NodeNext", "Node16"] as const)
      expect(typeCheck(work, ["generated/clash/index.ts", "consumer.ts"], resolution)).toEqual([]);

    const { q } = (await import(pathToFileURL(join(work, "consumer.ts")).href)) as {
      q: { document: string };
    };
    const root = {
      transform: ({ width }: { width: number }) => `w${width}`,
      a: ({ x }: { x: number }) => x + 1,
      on: { plain: "p", on: { plain: "inner" } },
      query: { plain: "q" },
      delete: { delete: { plain: "d" } },
      Pick: { __typename: "Pick_Impl", Pick: 7 },
      string: () => "V",
      pair: { a: ({ x }: { x: number }) => x * 10 },
      Pair: { a: 3 },
      ab: { c: 4 },
      justA: { b_c: 6 },
      mixed: [
        { __typename: "delete", plain: "x" },
        { __typename: "on", plain: "y" },
      ],
    };
    const result = await graphql({ schema: buildSchema(sdl), source: q.document, rootValue: root });
    expect(result.errors).toBeUndefined();
    expect(q.document).toContain("@transform(width:2)");
    expect(result.data).toEqual({
      t: "w3",
      aa: 2,
      ons: { __typename: "on", plain: "p", on: { plain: "inner" } },
      queries: { plain: "q" },
      del: { delete: { plain: "d" } },
      picks: { Pick: 7 },
      str: "V",
      p: { a: 10 },
      pp: { a: 3 },
      b: { c: 4 },
      j: { b_c: 6 },
      m: [
        { __typename: "delete", plain: "x" },
        { __typename: "on", plain: "y" },
      ],
    });
  }, 60_000); // two type-checks of a generated project: about 15 s on a loaded 2-core machine
});

/** Top-level names a file declares or imports, and the type names it reads without declaring. */
function namesOf(text: string): { declared: Set<string>; global: Set<string> } {
  const file = ts.createSourceFile("m.ts", text, ts.ScriptTarget.ES2022, true);
  const declared = new Set<string>();
  const read = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) declared.add(element.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name)) declared.add(d.name.text);
    } else if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      statement.name
    ) {
      declared.add(statement.name.text);
    }
  }
  const visit = (node: ts.Node, parameters: ReadonlySet<string>) => {
    let scope = parameters;
    if (ts.isTypeAliasDeclaration(node) && node.typeParameters)
      scope = new Set([...scope, ...node.typeParameters.map((p) => p.name.text)]);
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      if (!scope.has(node.typeName.text)) read.add(node.typeName.text);
    }
    if (ts.isExpressionWithTypeArguments(node) && ts.isIdentifier(node.expression))
      read.add(node.expression.text);
    ts.forEachChild(node, (child) => visit(child, scope));
  };
  visit(file, new Set());
  return { declared, global: new Set([...read].filter((name) => !declared.has(name))) };
}

describe("the names a module uses for itself", () => {
  it("are all reserved: each one the bundled example's module declares, imports or reads globally", async () => {
    const schemaText = await readFile(join(packageRoot, "schemas/content/schema.graphql"), "utf8");
    const schema = buildSchema(schemaText);
    const names = moduleNames(schema);
    const fromSchema = new Set<string>();
    for (const type of Object.values(schema.getTypeMap())) {
      fromSchema.add(type.name);
      if ("getFields" in type)
        for (const field of Object.values(type.getFields())) {
          if ("args" in field && field.args.length > 0) {
            fromSchema.add(`${type.name}_${field.name}Args`);
            fromSchema.add(`${type.name}_${field.name}_Args`);
          }
        }
    }
    for (const field of Object.keys(schema.getQueryType()!.getFields()))
      fromSchema.add(names.root(field));
    for (const directive of schema.getDirectives()) fromSchema.add(directive.name);

    const own = new Set<string>();
    for (const file of ["query.ts", "types.ts"]) {
      const text = await readFile(join(packageRoot, "output/content/example", file), "utf8");
      const { declared, global } = namesOf(text);
      for (const name of [...declared, ...global]) if (!fromSchema.has(name)) own.add(name);
    }
    expect(own.size).toBeGreaterThan(10);
    expect([...own].filter((name) => !MODULE_NAMES.has(name)).sort()).toEqual([]);
  });
});
