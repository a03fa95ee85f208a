import { relative } from "node:path";
import {
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  parse,
  validate,
} from "graphql";
import { describe, expect, it } from "vitest";
import { type TypewireConfig, defaultConfig, loadConfig } from "../../generator/config.js";
import { checkDocuments, readDocuments } from "../../generator/content/documents.js";
import { loadContentSchema } from "../../generator/content/emit-content.js";
import { documentTypesText, formatWithPrettier } from "../../generator/content/emit-documents.js";
import { formatOperationTypes } from "../../generator/content/format-operation-types.js";
import { bundledFile, packageRoot } from "../../input/paths.js";
import { seededRandom } from "../helpers/seeded-random.js";

/**
 * `documents.ts`'s types are laid out by typewire's printer (`formatOperationTypes`) instead of
 * prettier, which is the oracle: for every text the printer takes, both give the same bytes.
 */

/** The schemas of a config, with their documents checked as `generate` checks them. */
async function documentSets(config: TypewireConfig, base: string) {
  const content = config.content!;
  const sets = [];
  for (const source of content.schemas) {
    const schema = await loadContentSchema(source, base);
    const files = (content.documents ?? [])
      .filter((set) => set.schemas.includes(source.name))
      .flatMap((set) => set.files);
    const read = await readDocuments(files, (file) => relative(packageRoot, file));
    expect(read.problems).toEqual([]);
    const checked = checkDocuments(source.name, schema, read.files, () => []);
    expect(checked.errors).toEqual([]);
    sets.push({ name: source.name, schema, typed: checked.typed });
  }
  return sets;
}

const craft5 = bundledFile("test/content/craft5/typewire.config.json");
const realSets = [
  ...(await documentSets(defaultConfig(packageRoot), packageRoot)).map((set) => ({
    ...set,
    name: `example site, schema ${set.name}`,
  })),
  ...(await documentSets(await loadConfig(craft5), packageRoot)).map((set) => ({
    ...set,
    name: `Craft 5 site, schema ${set.name}`,
  })),
];

describe("formatOperationTypes against prettier", () => {
  it.each(realSets.map((set) => [set.name, set] as const))(
    "lays out the types of the %s as prettier does",
    async (_, { schema, typed }) => {
      const text = await documentTypesText(schema, typed);
      const ours = formatOperationTypes(text);
      expect(ours, "the printer takes every real document set").toBeDefined();
      expect(ours).toBe(await formatWithPrettier(text));
    },
    60_000,
  );

  // Random queries over the example and Craft 5 schemas: fields with and without arguments,
  // nested selections, inline fragments on union and interface members, `__typename`, aliases.
  const schemas = [
    ["example", 33, realSets[0]!.schema],
    ["Craft 5", 34, realSets.find((set) => set.name.startsWith("Craft 5"))!.schema],
  ] as const;
  it.each(schemas)(
    "lays out the types of 120 random queries over the %s schema as prettier does",
    async (_, seed, schema) => {
      const random = seededRandom(seed);
      let compared = 0;
      for (let index = 0; compared < 120; index++) {
        const text = randomQuery(schema, random, `Random${index}`);
        const document = parse(text);
        // Two members' fields of one name and different types cannot be selected together.
        if (validate(schema, document).length > 0) continue;
        const types = await documentTypesText(schema, document);
        const ours = formatOperationTypes(types);
        expect(ours, text).toBeDefined();
        expect(ours, text).toBe(await formatWithPrettier(types));
        compared++;
      }
    },
    120_000,
  );
});

describe("formatOperationTypes leaves to prettier what it does not know", () => {
  const head = 'import type { TypedDocumentNode } from "@typewire/runtime/content";\n\n';
  it.each([
    ["a comment inside a type", "export type A = { /* why */ id: string };"],
    ["a line comment", "// note\nexport type A = { id: string };"],
    ["a doc comment over several lines", "/**\n * Two\n * lines\n */\nexport type A = string;"],
    ["a function type", "export type A = (x: string) => void;"],
    ["an enum", "export enum A { B = 'B' }"],
    ["an interface", "export interface A { id: string }"],
    ["a conditional type", "export type A<T> = T extends string ? 1 : 2;"],
    ["text after the last statement", "export type A = string;\nexport type B = "],
    ["a doc comment with spaces at its end", "/** Padded.  */\nexport type A = string;"],
    ["a doc comment with spaces at its start", "/**  Padded. */\nexport type A = string;"],
  ])("%s", (_, text) => {
    expect(formatOperationTypes(head + text)).toBeUndefined();
  });

  it("takes the plugin's own helpers, with its one-line doc comments and blank lines", async () => {
    const text = `${head}/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type AQueryVariables = Exact<{ [key: string]: never; }>;


export type AQuery = { a: Array<{ b: string | null, c: Array<string | null> | null } | null> | null | undefined };`;
    const ours = formatOperationTypes(text);
    expect(ours).toBeDefined();
    expect(ours).toBe(await formatWithPrettier(text));
    expect(ours).toContain("DIRECTLY. */\ntype Exact");
    expect(ours).toContain("never }>;\n\nexport type AQuery = {");
  });
});

/** A random valid query named `name` over `schema`. */
function randomQuery(
  schema: GraphQLSchema,
  random: ReturnType<typeof seededRandom>,
  name: string,
): string {
  const usable = (field: GraphQLField<unknown, unknown>) =>
    field.args.every((arg) => !isNonNullType(arg.type) || arg.defaultValue !== undefined);
  let aliases = 0;
  const select = (type: GraphQLNamedType, depth: number): string => {
    const parts: string[] = [];
    if (random.chance(0.3)) parts.push("__typename");
    if (isObjectType(type) || isInterfaceType(type)) {
      const fields = Object.values(type.getFields()).filter(usable);
      const count = 1 + Math.floor(random.random() * 4);
      const chosen = new Set<string>();
      for (let i = 0; i < count && fields.length > 0; i++) {
        const field = random.pick(fields);
        if (chosen.has(field.name)) continue;
        chosen.add(field.name);
        const inner = getNamedType(field.type);
        if (isCompositeType(inner) && depth >= 3) continue;
        const alias = random.chance(0.15) ? `a${aliases++}: ` : "";
        parts.push(
          isCompositeType(inner)
            ? `${alias}${field.name} { ${select(inner, depth + 1)} }`
            : `${alias}${field.name}`,
        );
      }
    }
    if (isAbstractType(type)) {
      const members = schema.getPossibleTypes(type);
      const count = 1 + Math.floor(random.random() * Math.min(3, members.length));
      for (let i = 0; i < count; i++) {
        const member = random.pick(members);
        parts.push(`... on ${member.name} { ${select(member, depth + 1)} }`);
      }
    }
    return parts.length > 0 ? parts.join(" ") : "__typename";
  };
  return `query ${name} { ${select(schema.getQueryType()!, 0)} }`;
}
