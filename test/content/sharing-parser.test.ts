import { type ASTNode, buildASTSchema, parse, printSchema, visit } from "graphql";
import { describe, expect, it } from "vitest";
import { manyTypesSchema } from "../../bench/cli/many-types.js";
import { parseSharingNodes } from "../../generator/content/sharing-parser.js";
import { realSchemas } from "./sdl-corpus.js";

// graphql-js's own parser is the oracle: the sharing parser's tree must be the same tree, node
// for node, only with equal leaves made one object.
const corpus: [string, string][] = [
  ...realSchemas(),
  [
    "every kind of definition, descriptions, defaults and directives",
    `"""The root"""
schema @d(x: [1, 2]) { query: Q }
directive @d(x: [Int] = [1], y: I = { a: "s", b: [{ a: "t" }] }) repeatable on SCHEMA | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION
"a scalar" scalar S @specifiedBy(url: "https://example.com")
interface N { id: ID! }
type Q implements N @d @d(x: 2) { id: ID! list(first: Int = 10, after: String @deprecated(reason: "no")): [Q!]! @deprecated e: E u: U s: S }
union U = Q
enum E { A @deprecated B }
input I { a: String = "x" b: [I!] c: E = A }
extend type Q { more: [[Int!]]! }`,
  ],
];

describe("parseSharingNodes against graphql-js's parse", () => {
  it.each(corpus)("gives the same tree for %s, and the same schema", (_name, sdl) => {
    const shared = parseSharingNodes(sdl);
    const plain = parse(sdl, { noLocation: true });
    expect(JSON.stringify(shared)).toBe(JSON.stringify(plain));
    expect(printSchema(buildASTSchema(shared))).toBe(printSchema(buildASTSchema(plain)));
  });

  it("makes equal names, types and empty lists one object each, and never one to write to", () => {
    const tree = parseSharingNodes(manyTypesSchema(200));
    const nodes = { names: 0, types: 0 };
    const distinct = { names: new Set<ASTNode>(), types: new Set<ASTNode>() };
    const empty = new Set<unknown>();
    visit(tree, {
      Name: (node) => {
        nodes.names++;
        distinct.names.add(node);
      },
      NamedType: (node) => {
        nodes.types++;
        distinct.types.add(node);
      },
      FieldDefinition: (node) => {
        empty.add(node.arguments?.length ? undefined : node.arguments);
        empty.add(node.directives?.length ? undefined : node.directives);
      },
    });
    empty.delete(undefined);
    // Each of the 200 types' four fields shares its name and type with the others'.
    expect(distinct.names.size).toBeLessThan(nodes.names / 2);
    expect(distinct.types.size).toBeLessThan(nodes.types / 2);
    expect(empty.size).toBe(1);
    const [list] = [...empty] as unknown[][];
    expect(Object.isFrozen(list)).toBe(true);
  });
});
