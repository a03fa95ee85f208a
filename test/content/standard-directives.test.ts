import { readFileSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type GraphQLSchema,
  Kind,
  buildSchema,
  isSpecifiedDirective,
  parse,
  print,
  printSchema,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../generator/config.js";
import type { ConfiguredDirective } from "../../generator/content/content-config.js";
import { withDirectives } from "../../generator/content/standard-directives.js";
import { generate } from "../../generator/generate.js";
import { GeneratorError } from "../../input/errors.js";
import { packageRoot } from "../../input/paths.js";
import { linkedProject, typeCheck } from "../helpers/typescript-project.js";
import { thrown } from "../helpers/thrown.js";

const bundledSdl = await readFile(join(packageRoot, "schemas/content/schema.graphql"), "utf8");
/** The bundled schema as an editor plugin exports it: every directive definition left out. */
const withoutDirectives = print({
  ...parse(bundledSdl),
  definitions: parse(bundledSdl).definitions.filter((d) => d.kind !== Kind.DIRECTIVE_DEFINITION),
});

const at = (entry: string): ConfiguredDirective["at"] => ({
  file: "typewire.config.json",
  line: 7,
  column: 9,
  entry,
});
const configured = (...sdl: string[]): ConfiguredDirective[] =>
  sdl.map((text, i) => ({ sdl: text, at: at(`content.schemas.site.directives.${i}`) }));

/** Each custom directive's arguments as `name: Type`, by directive. */
function directiveArgs(schema: GraphQLSchema): Record<string, string[]> {
  return Object.fromEntries(
    schema
      .getDirectives()
      .filter((d) => !isSpecifiedDirective(d))
      .map((d) => [d.name, d.args.map((a) => `${a.name}: ${String(a.type)}`).sort()]),
  );
}

describe("withDirectives", () => {
  const bundled = directiveArgs(buildSchema(bundledSdl));

  it("gives a schema without directive definitions the bundled schema's three", () => {
    expect(directiveArgs(buildSchema(withoutDirectives))).toEqual({});
    const completed = withDirectives(buildSchema(withoutDirectives));
    expect(Object.keys(bundled).sort()).toEqual(["formatDateTime", "markdown", "transform"]);
    expect(directiveArgs(completed)).toEqual(bundled);
    expect(bundled.formatDateTime).toEqual([
      "format: String",
      "locale: String",
      "timezone: String",
    ]);
    // The real API's markdown directive also takes inlineOnly (craftcms/cms Markdown.php).
    expect(bundled.markdown).toEqual(["flavor: String", "inlineOnly: Boolean"]);
    expect(completed.getDirective("transform")?.locations).toEqual(["FIELD"]);
  });

  it("keeps the schema's own definition, then a configured one, over the standard one", () => {
    const schema = buildSchema(
      "directive @formatDateTime(format: String!) on FIELD type Query { a: String }",
    );
    const completed = withDirectives(
      schema,
      configured(
        "directive @formatDateTime(pattern: String) on FIELD",
        "directive @markdown(flavor: String, inlineOnly: Boolean) on FIELD | FIELD_DEFINITION",
      ),
    );
    expect(directiveArgs(completed)).toEqual({
      formatDateTime: ["format: String!"],
      markdown: ["flavor: String", "inlineOnly: Boolean"],
      transform: bundled.transform,
    });
  });

  it("adds configured directives whose arguments use the schema's types", () => {
    const schema = buildSchema("enum Mode { crop fit } type Query { a: String }");
    const completed = withDirectives(
      schema,
      configured(
        '"""An image-transform plugin."""\ndirective @imagerTransform(mode: Mode, width: Int) on FIELD',
      ),
    );
    expect(directiveArgs(completed).imagerTransform).toEqual(["mode: Mode", "width: Int"]);
    expect(completed.getType("Mode")).toBe(
      completed.getDirective("imagerTransform")?.args[0]?.type,
    );
  });

  it("returns a schema that defines all three as it is", () => {
    const schema = buildSchema(bundledSdl);
    expect(withDirectives(schema)).toBe(schema);
  });

  it.each([
    ["directive @a(x: ) on FIELD", /not a directive definition: Syntax Error/],
    ["type Image { url: String }", /expected one directive definition/],
    ["directive @a on FIELD directive @b on FIELD", /expected one directive definition/],
    ["directive @a on FIELD_DEFINITION", /directive @a is not used on fields: add "on FIELD"/],
    ["directive @a(mode: Mode) on FIELD", /directive does not fit the schema: Unknown type "Mode"/],
  ])("refuses %s at its config entry", (sdl, message) => {
    const schema = buildSchema("type Query { a: String }");
    const attempt = () => withDirectives(schema, configured("directive @ok on FIELD", sdl));
    const error = thrown(attempt);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).message).toMatch(message);
    expect((error as GeneratorError).location).toEqual(at("content.schemas.site.directives.1"));
  });

  it("refuses a directive configured twice", () => {
    const schema = buildSchema("type Query { a: String }");
    expect(() =>
      withDirectives(schema, configured("directive @a on FIELD", "directive @a(x: Int) on FIELD")),
    ).toThrow(/directive @a is configured twice/);
  });
});

describe("a project whose schema file has no directive definitions", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await linkedProject("typewire-directives-");
    await writeFile(
      join(dir, "site.graphql"),
      `enum ImagerMode { crop fit }\n${withoutDirectives}`,
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const writeConfig = (directives: string[]) =>
    writeFile(
      join(dir, "typewire.config.json"),
      `${JSON.stringify(
        { content: { out: "generated", schemas: { site: { file: "site.graphql", directives } } } },
        null,
        2,
      )}\n`,
    );

  it("gets the standard directive helpers and the configured ones, and type-checks", async () => {
    await writeConfig([
      "directive @imagerTransform(width: Int!, mode: ImagerMode) on FIELD",
      // A directive the schema lacks, configured with other arguments than the standard one.
      "directive @markdown(flavor: String, inlineOnly: Boolean) on FIELD",
    ]);
    await generate(await loadConfig(undefined, dir), dir, { cache: false });
    const query = await readFile(join(dir, "generated/site/query.ts"), "utf8");
    const helpers = [...query.matchAll(/^export const (\w+) = \/\* @__PURE__ \*\/ directive</gm)];
    expect(helpers.map((m) => m[1])).toEqual([
      "formatDateTime",
      "imagerTransform",
      "markdown",
      "transform",
    ]);

    await writeFile(
      join(dir, "consumer.ts"),
      `import { enumValue, type ResultOf } from "@typewire/runtime/content";
import { entries, formatDateTime, imagerTransform, markdown, query, transform } from "./generated/site/index.js";
export const q = query({
  posts: entries({}, {
    postDate: formatDateTime({ format: "full", locale: "en-GB" }),
    title: markdown({ inlineOnly: true }),
    uri: imagerTransform({ width: 300, mode: enumValue("fit") }),
    url: transform({ width: 100 }),
  }),
});
type Post = NonNullable<NonNullable<ResultOf<typeof q>["posts"]>[number]>;
export const shown = (post: Post): (string | null)[] => [post.postDate, post.title, post.uri, post.url];
`,
    );
    await writeFile(
      join(dir, "mistake.ts"),
      `import { enumValue } from "@typewire/runtime/content";
import { entries, imagerTransform, query } from "./generated/site/index.js";
export const q = query({ posts: entries({}, { uri: imagerTransform({ mode: enumValue("fit") }) }) });
`,
    );
    expect(typeCheck(dir, ["consumer.ts"])).toEqual([]);
    const mistakes = typeCheck(dir, ["mistake.ts"]);
    expect(mistakes.length).toBeGreaterThan(0);
    expect(mistakes.join("\n")).toMatch(/width/);
  }, 60_000); // two type-checks of a generated project: about 12 s on a loaded 2-core machine

  it("generates the bundled example's query module when no directives are configured", async () => {
    await writeFile(join(dir, "site.graphql"), withoutDirectives);
    await writeConfig([]);
    await generate(await loadConfig(undefined, dir), dir, { cache: false });
    const body = (text: string) => text.split("\n").slice(2).join("\n");
    const generated = await readFile(join(dir, "generated/site/query.ts"), "utf8");
    const bundled = await readFile(join(packageRoot, "output/content/example/query.ts"), "utf8");
    expect(body(generated)).toBe(body(bundled));
    expect(printSchema(buildSchema(withoutDirectives))).not.toContain("directive @");
  });

  it("takes only a list of definitions in the config", async () => {
    await writeFile(
      join(dir, "typewire.config.json"),
      JSON.stringify({
        content: {
          out: "generated",
          schemas: { site: { file: "site.graphql", directives: "directive @a on FIELD" } },
        },
      }),
    );
    const error = await loadConfig(undefined, dir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as GeneratorError).format()).toMatch(
      /must be an array.*\(at content\.schemas\.site\.directives\)/,
    );
  });

  it("says which config entry a bad directive is at", async () => {
    await writeConfig(["directive @ok on FIELD", "directive @broken(x: Nope) on FIELD"]);
    const error = await generate(await loadConfig(undefined, dir), dir, { cache: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).format()).toMatch(
      /^typewire\.config\.json:\d+:\d+: directive does not fit the schema: Unknown type "Nope".*\(at content\.schemas\.site\.directives\.1\)$/,
    );
  });
});

describe("standard directives of a Craft 5 schema", () => {
  const craft5Sdl = readFileSync(
    join(packageRoot, "schemas/content/craft5/schema.graphql"),
    "utf8",
  );
  const stripped = (sdl: string) =>
    print({
      ...parse(sdl),
      definitions: parse(sdl).definitions.filter((d) => d.kind !== Kind.DIRECTIVE_DEFINITION),
    });
  const names = (schema: GraphQLSchema) =>
    schema
      .getDirectives()
      .filter((d) => !isSpecifiedDirective(d))
      .map((d) => d.name)
      .sort();

  it("a Craft 5 schema without definitions gets Craft 5's always-on directives, not the opt-in ones", () => {
    expect(names(withDirectives(buildSchema(stripped(craft5Sdl))))).toEqual([
      "formatDateTime",
      "markdown",
      "money",
      "stripTags",
      "trim",
    ]);
    const trim = withDirectives(buildSchema(stripped(craft5Sdl))).getDirective("trim")!;
    expect(trim.args).toEqual([]);
  });

  it("a schema of the spec's shape keeps the spec's three", () => {
    expect(names(withDirectives(buildSchema(withoutDirectives)))).toEqual([
      "formatDateTime",
      "markdown",
      "transform",
    ]);
  });

  it("the Craft 5 example's own definitions, opt-in ones included, are kept as they are", () => {
    expect(names(withDirectives(buildSchema(craft5Sdl)))).toEqual([
      "formatDateTime",
      "markdown",
      "money",
      "parseRefs",
      "stripTags",
      "transform",
      "trim",
    ]);
  });
});
