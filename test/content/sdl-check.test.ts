import { type DocumentNode, parse } from "graphql";
import { validateSDL } from "graphql/validation/validate.js";
import { describe, expect, it } from "vitest";
import { sdlIsPlainlyValid } from "../../generator/content/sdl-check.js";
import { seededRandom } from "../helpers/seeded-random.js";
import { realSchemas } from "./sdl-corpus.js";

// The plain SDL check stands in for graphql-js's validateSDL (the oracle) on the usual path: it
// may only say "valid" where validateSDL reports nothing, and on the documents it covers (no
// extensions, no references to introspection types) it must say so wherever validateSDL does,
// or it would never save anything.

const graphqlErrors = (document: DocumentNode) => validateSDL(document).map((e) => e.message);

function agrees(sdl: string): { plain: boolean; errors: string[] } {
  const document = parse(sdl, { noLocation: true });
  return { plain: sdlIsPlainlyValid(document), errors: graphqlErrors(document) };
}

describe("sdlIsPlainlyValid against validateSDL", () => {
  it.each(realSchemas())("says valid for %s", (_name, sdl) => {
    expect(agrees(sdl)).toEqual({ plain: true, errors: [] });
  });

  // One document per rule of graphql-js's specifiedSDLRules, each broken once.
  const broken: [rule: string, sdl: string][] = [
    ["LoneSchemaDefinition", "schema { query: Q } schema { query: Q } type Q { a: Int }"],
    ["UniqueOperationTypes", "schema { query: Q query: Q } type Q { a: Int }"],
    ["UniqueTypeNames", "type Q { a: Int } type Q { b: Int }"],
    ["UniqueEnumValueNames", "type Q { a: E } enum E { A B A }"],
    ["UniqueFieldDefinitionNames", "type Q { a: Int a: String }"],
    ["UniqueFieldDefinitionNames (input)", "type Q { a(i: I): Int } input I { x: Int x: Int }"],
    ["UniqueArgumentDefinitionNames", "type Q { a(x: Int, x: Int): Int }"],
    [
      "UniqueArgumentDefinitionNames (directive)",
      "directive @d(x: Int, x: Int) on FIELD_DEFINITION type Q { a: Int }",
    ],
    ["UniqueDirectiveNames", "directive @d on OBJECT directive @d on FIELD type Q { a: Int }"],
    ["KnownTypeNames (field)", "type Q { a: Nope }"],
    ["KnownTypeNames (argument)", "type Q { a(x: Nope): Int }"],
    ["KnownTypeNames (interface)", "type Q implements Nope { a: Int }"],
    ["KnownTypeNames (union member)", "type Q { a: U } union U = Q | Nope"],
    ["KnownTypeNames (operation)", "schema { query: Nope } type Q { a: Int }"],
    ["KnownTypeNames (directive argument)", "directive @d(x: Nope) on OBJECT type Q { a: Int }"],
    ["KnownDirectives (unknown)", "type Q { a: Int @nope }"],
    ["KnownDirectives (location)", "type Q @deprecated { a: Int }"],
    [
      "KnownDirectives (argument location)",
      "directive @d on FIELD_DEFINITION type Q { a(x: Int @d): Int }",
    ],
    [
      "KnownDirectives (input field location)",
      "directive @d on ARGUMENT_DEFINITION type Q { a(i: I): Int } input I { x: Int @d }",
    ],
    ["UniqueDirectivesPerLocation", "type Q { a: Int @deprecated @deprecated }"],
    ["KnownArgumentNamesOnDirectives", 'type Q { a: Int @deprecated(why: "no") }'],
    ["UniqueArgumentNames", 'type Q { a: Int @deprecated(reason: "a", reason: "b") }'],
    [
      "UniqueInputFieldNames (default)",
      "type Q { a(i: I = { x: 1, x: 2 }): Int } input I { x: Int }",
    ],
    [
      "UniqueInputFieldNames (nested)",
      "directive @d(v: [I]) on OBJECT type Q @d(v: [{ x: { y: 1, y: 2 } }]) { a: Int } input I { x: Int }",
    ],
    ["ProvidedRequiredArgumentsOnDirectives", "scalar S @specifiedBy type Q { a: S }"],
    [
      "ProvidedRequiredArgumentsOnDirectives (own)",
      "directive @d(x: Int!) on OBJECT type Q @d { a: Int }",
    ],
    ["PossibleTypeExtensions", "type Q { a: Int } extend union Q = Q"],
  ];
  it.each(broken)("leaves %s to graphql-js, which reports it", (_rule, sdl) => {
    const { plain, errors } = agrees(sdl);
    expect(errors.length).toBeGreaterThan(0);
    expect(plain).toBe(false);
  });

  it("is not sure of what it does not cover, valid or not", () => {
    for (const sdl of [
      "type Q { a: Int } extend type Q { b: Int }",
      "type Q { a: __Type }",
      "query { a }",
    ]) {
      expect(sdlIsPlainlyValid(parse(sdl))).toBe(false);
    }
  });

  it("follows the document's own directive definitions, as graphql-js does", () => {
    const cases: [string, boolean][] = [
      // A directive used before its definition, repeatable, and with defaulted arguments.
      [
        "type Q @r @r { a: Int @d } directive @r repeatable on OBJECT directive @d(x: Int! = 1) on FIELD_DEFINITION",
        true,
      ],
      // The document's @deprecated replaces the standard one, locations and arguments too.
      [
        'directive @deprecated(why: String) on OBJECT type Q @deprecated(why: "x") { a: Int }',
        true,
      ],
      ["directive @deprecated(why: String) on OBJECT type Q { a: Int @deprecated }", false],
      ['scalar S @specifiedBy(url: "https://example.com") type Q { a: S }', true],
      ["type Q { a: Int @include(if: true) }", false],
    ];
    for (const [sdl, valid] of cases) {
      const { plain, errors } = agrees(sdl);
      expect(plain).toBe(valid);
      expect(errors.length > 0).toBe(!valid);
    }
  });

  it("agrees with validateSDL on thousands of random documents, broken in every way the rules check", () => {
    let valid = 0;
    const seen = new Map<string, number>();
    for (let seed = 1; seed <= 4000; seed++) {
      const { sdl, covered } = randomSdl(seed);
      const { plain, errors } = agrees(sdl);
      // Never valid where graphql-js reports something.
      if (plain && errors.length > 0)
        throw new Error(`seed ${seed}: plainly valid, but ${errors[0]}\n${sdl}`);
      // Where it covers the document, valid wherever graphql-js says so.
      if (covered && !plain && errors.length === 0)
        throw new Error(`seed ${seed}: not sure of a valid document\n${sdl}`);
      if (errors.length === 0) valid++;
      for (const message of errors) {
        const rule = RULE_MESSAGES.find((pattern) => pattern.test(message))?.source ?? message;
        seen.set(rule, (seen.get(rule) ?? 0) + 1);
      }
    }
    // Plenty of valid documents, and every rule broken many times over, so neither half of the
    // agreement is empty.
    expect(valid).toBeGreaterThan(1000);
    for (const pattern of RULE_MESSAGES)
      expect(seen.get(pattern.source) ?? 0, pattern.source).toBeGreaterThan(10);
    expect(
      [...seen.keys()].filter((rule) => !RULE_MESSAGES.some((p) => p.source === rule)),
    ).toEqual([]);
  });
});

/** The messages of the SDL rules the random documents break, one pattern per rule. */
const RULE_MESSAGES = [
  /^Must provide only one schema definition/,
  /^There can be only one (query|mutation|subscription) type in schema/,
  /^There can be only one type named/,
  /^Enum value .* can only be defined once/,
  /^Field .* can only be defined once/,
  /^Argument .* can only be defined once/,
  /^There can be only one directive named/,
  /^Unknown type/,
  /^Unknown directive/,
  /^Directive .* may not be used on/,
  /^The directive .* can only be used once at this location/,
  /^Unknown argument .* on directive/,
  /^There can be only one argument named/,
  /^There can be only one input field named/,
  /^Directive .* argument .* is required, but it was not provided/,
];

/** A small random SDL document; `covered` when it holds nothing the plain check leaves aside. */
function randomSdl(seed: number): { sdl: string; covered: boolean } {
  const { random, chance, pick } = seededRandom(seed);
  const rare = 0.012;
  let covered = true;

  const kinds = ["type", "interface", "union", "enum", "input", "scalar"] as const;
  const types = Array.from({ length: 2 + Math.floor(random() * 4) }, (_, i) => ({
    name: `T${i}`,
    kind: i === 0 ? ("type" as const) : pick(kinds),
  }));
  if (chance(rare)) types.push({ ...types[0]!, name: types[0]!.name });
  const directiveLocations = [
    "SCHEMA",
    "SCALAR",
    "OBJECT",
    "FIELD_DEFINITION",
    "ARGUMENT_DEFINITION",
    "INTERFACE",
    "UNION",
    "ENUM",
    "ENUM_VALUE",
    "INPUT_OBJECT",
    "INPUT_FIELD_DEFINITION",
    "FIELD",
  ];
  const directives = Array.from({ length: Math.floor(random() * 3) }, (_, i) => ({
    name: chance(rare) ? "deprecated" : `d${i}`,
    repeatable: chance(0.3),
    locations: directiveLocations.filter(() => chance(0.4)),
    args: Array.from({ length: Math.floor(random() * 3) }, (_, j) => ({
      name: `a${j}`,
      required: chance(0.3),
      defaulted: chance(0.3),
    })),
  }));
  if (chance(rare) && directives.length > 0) directives.push({ ...directives[0]! });
  const standard = [
    {
      name: "deprecated",
      locations: [
        "FIELD_DEFINITION",
        "ARGUMENT_DEFINITION",
        "INPUT_FIELD_DEFINITION",
        "ENUM_VALUE",
      ],
      args: ["reason"],
    },
    { name: "specifiedBy", locations: ["SCALAR"], args: ["url"] },
    { name: "oneOf", locations: ["INPUT_OBJECT"], args: [] },
  ];

  const typeNames = types.map((t) => t.name);
  const output = types.filter((t) => t.kind !== "input").map((t) => t.name);
  const reference = (input: boolean): string => {
    if (chance(rare)) return "Missing";
    if (chance(rare)) {
      covered = false;
      return "__Type";
    }
    const pool = [...(input ? typeNames : output), "Int", "String", "Boolean"];
    let text = pick(pool);
    if (chance(0.3)) text = `${text}!`;
    if (chance(0.2)) text = `[${text}]`;
    return text;
  };
  const value = (depth: number): string => {
    if (depth < 2 && chance(0.2)) {
      const keys = ["x", "y"].filter(() => chance(0.6));
      if (chance(rare * 3) && keys.length > 0) keys.push(keys[0]!);
      return `{ ${keys.map((k) => `${k}: ${value(depth + 1)}`).join(", ")} }`;
    }
    if (depth < 2 && chance(0.15)) return `[${value(depth + 1)}, ${value(depth + 1)}]`;
    return pick(["1", '"s"', "true", "null", "A"]);
  };
  const applied = (location: string): string => {
    const uses: string[] = [];
    const count = chance(0.6) ? 0 : 1 + Math.floor(random() * 2);
    for (let i = 0; i < count; i++) {
      const own = directives.filter((d) => d.locations.includes(location) || chance(rare));
      const options = [
        ...own.map((d) => ({
          name: d.name,
          repeatable: d.repeatable,
          args: d.args.map((a) => a.name),
          required: d.args.filter((a) => a.required && !a.defaulted).map((a) => a.name),
        })),
        ...standard
          .filter((d) => d.locations.includes(location) || chance(rare))
          .filter((d) => !directives.some((own) => own.name === d.name))
          .map((d) => ({
            name: d.name,
            repeatable: false,
            args: d.args,
            required: d.name === "specifiedBy" ? ["url"] : [],
          })),
      ];
      if (chance(rare))
        options.push({ name: "unknown", repeatable: false, args: [], required: [] });
      if (options.length === 0) continue;
      const use = pick(options);
      // A second use of a directive that is not repeatable, now and then.
      if (!use.repeatable && uses.some((u) => u.startsWith(`@${use.name}`)) && !chance(rare * 5))
        continue;
      const args = use.args.filter((a) => (use.required.includes(a) ? !chance(rare) : chance(0.5)));
      if (chance(rare)) args.push("stray");
      if (chance(rare) && args.length > 0) args.push(args[0]!);
      uses.push(
        args.length > 0
          ? `@${use.name}(${args.map((a) => `${a}: ${value(0)}`).join(", ")})`
          : `@${use.name}`,
      );
    }
    return uses.length > 0 ? ` ${uses.join(" ")}` : "";
  };
  const names = (prefix: string, count: number) => {
    const list = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    if (chance(rare) && list.length > 0) list.push(list[0]!);
    return list;
  };
  const argumentsOf = (location: string) => {
    if (!chance(0.4)) return "";
    const list = names("arg", 1 + Math.floor(random() * 2)).map(
      (n) => `${n}: ${reference(true)}${chance(0.3) ? ` = ${value(0)}` : ""}${applied(location)}`,
    );
    return `(${list.join(", ")})`;
  };

  const parts: string[] = [];
  if (chance(0.2)) {
    const operations = ["query"];
    if (chance(rare)) operations.push("query");
    const schema = `schema${applied("SCHEMA")} { ${operations.map((o) => `${o}: ${chance(rare) ? "Missing" : "T0"}`).join(" ")} }`;
    parts.push(schema);
    if (chance(rare)) parts.push(schema);
  }
  for (const type of types) {
    switch (type.kind) {
      case "scalar":
        parts.push(`scalar ${type.name}${applied("SCALAR")}`);
        break;
      case "type":
      case "interface": {
        const interfaces = chance(0.2)
          ? ` implements ${chance(rare) ? "Missing" : pick(output)}`
          : "";
        const fields = names("f", 1 + Math.floor(random() * 3)).map(
          (n) =>
            `  ${n}${argumentsOf("ARGUMENT_DEFINITION")}: ${reference(false)}${applied("FIELD_DEFINITION")}`,
        );
        const location = type.kind === "type" ? "OBJECT" : "INTERFACE";
        parts.push(
          `${type.kind} ${type.name}${interfaces}${applied(location)} {\n${fields.join("\n")}\n}`,
        );
        break;
      }
      case "union":
        parts.push(
          `union ${type.name}${applied("UNION")} = ${chance(rare) ? "Missing" : pick(output)}`,
        );
        break;
      case "enum":
        parts.push(
          `enum ${type.name}${applied("ENUM")} { ${names("V", 2)
            .map((v) => `${v}${applied("ENUM_VALUE")}`)
            .join(" ")} }`,
        );
        break;
      case "input":
        parts.push(
          `input ${type.name}${applied("INPUT_OBJECT")} { ${names("i", 1 + Math.floor(random() * 2))
            .map(
              (n) =>
                `${n}: ${reference(true)}${chance(0.3) ? ` = ${value(0)}` : ""}${applied("INPUT_FIELD_DEFINITION")}`,
            )
            .join(" ")} }`,
        );
        break;
    }
  }
  for (const directive of directives) {
    const args = directive.args.map(
      (a) =>
        `${a.name}: ${a.required ? "Int!" : "Int"}${a.defaulted ? " = 1" : ""}${applied("ARGUMENT_DEFINITION")}`,
    );
    if (chance(rare) && args.length > 0) args.push(args[0]!);
    const locations = directive.locations.length > 0 ? directive.locations : ["OBJECT"];
    parts.push(
      `directive @${directive.name}${args.length ? `(${args.join(", ")})` : ""}${directive.repeatable ? " repeatable" : ""} on ${locations.join(" | ")}`,
    );
  }
  if (chance(rare)) {
    covered = false;
    parts.push(`extend type T0 { extra: Int }`);
  }
  // Definitions in any order: a use may come before its definition.
  for (let i = parts.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [parts[i], parts[j]] = [parts[j]!, parts[i]!];
  }
  return { sdl: parts.join("\n"), covered };
}
