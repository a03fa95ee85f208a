import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../generator/config.js";
import { buildSchema, parse } from "graphql";
import {
  OPERATIONS_PLUGIN,
  operationsPluginInput,
} from "../../generator/content/emit-documents.js";
import { emitContent } from "../../generator/content/emit-content.js";
import { RENDER_ENTRIES, renderModule } from "../../generator/render-module.js";
import { emitWebhooks } from "../../generator/webhooks/emit-webhooks.js";
import { GeneratorErrors } from "../../input/errors.js";
import { packageRoot } from "../../input/paths.js";
import {
  RELAY_OPTIMIZER,
  RENDER_LICENSES,
  buildRenderBundle,
} from "../../scripts/build-render-bundle.js";

/**
 * The build bundles the two emitters with graphql and the operations plugin
 * (`scripts/build-render-bundle.ts`), and an installed typewire renders with that bundle. Built
 * here from the sources into a folder of its own, it must write the files the sources write, for
 * every config the repository checks in CI, and throw the errors the CLI tells apart; and it must
 * hold graphql and the plugin itself, importing nothing else but Node's own
 * modules, typewire's other modules and the packages typewire installs.
 */
let folder: string;
let packages: string[];
let bundled: {
  webhooks: typeof import("../../generator/webhooks/emit-webhooks.js");
  content: typeof import("../../generator/content/emit-content.js");
};

beforeAll(async () => {
  // Inside the repository, where the bundle finds the packages it leaves outside as an installed
  // copy of typewire would.
  mkdirSync(join(packageRoot, "node_modules/.cache"), { recursive: true });
  folder = mkdtempSync(join(packageRoot, "node_modules/.cache/typewire-render-"));
  packages = await buildRenderBundle(folder, packageRoot);
  bundled = {
    webhooks: await import(pathToFileURL(join(folder, "emit-webhooks.js")).href),
    content: await import(pathToFileURL(join(folder, "emit-content.js")).href),
  };
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The bundle's modules, one after the other. */
function bundleCode(): string {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(join(folder, name), "utf8"))
    .join("\n");
}

describe("the render bundle", () => {
  it("is not what runs from the sources", async () => {
    const sources = await import("../../generator/webhooks/emit-webhooks.js");
    expect(
      await renderModule(
        "emit-webhooks",
        () => import("../../generator/webhooks/emit-webhooks.js"),
      ),
    ).toBe(sources);
    expect(
      (await renderModule("emit-content", () => import("../../generator/content/emit-content.js")))
        .emitContent,
    ).toBe(emitContent);
    expect(bundled.webhooks.emitWebhooks).not.toBe(emitWebhooks);
    expect(bundled.content.emitContent).not.toBe(emitContent);
  });

  it.each([
    "(the bundled example)",
    "runtime/typewire.config.json",
    "test/webhooks/custom-table/typewire.config.json",
    "test/content/craft5/typewire.config.json",
  ])(
    "writes the files the sources write for %s",
    async (file) => {
      const config = await loadConfig(file.startsWith("(") ? undefined : file, packageRoot);
      const warnings: unknown[][] = [[], []];
      const fromSources = [
        ...(await emitWebhooks(config, packageRoot)),
        ...(await emitContent(config, packageRoot, (warning) => warnings[0]!.push(warning))),
      ];
      const fromBundle = [
        ...(await bundled.webhooks.emitWebhooks(config, packageRoot)),
        ...(await bundled.content.emitContent(config, packageRoot, (warning) =>
          warnings[1]!.push(warning),
        )),
      ];
      expect(fromSources.length).toBeGreaterThan(0);
      expect(fromBundle).toEqual(fromSources);
      expect(warnings[1]).toEqual(warnings[0]);
    },
    120_000,
  );

  it("throws the CLI's own error classes, with the sources' messages", async () => {
    const project = mkdtempSync(join(packageRoot, "node_modules/.cache/typewire-render-paints-"));
    try {
      mkdirSync(join(project, "documents"));
      writeFileSync(
        join(project, "schema.graphql"),
        `enum Colour { RED GREEN }
input Filter { colours: [Colour!], inner: Filter, name: String = "x" }
interface Node { id: ID! }
type Paint implements Node { id: ID!, colour: Colour, shades: [String] }
type Brush implements Node { id: ID!, width: Int }
type Query { nodes(filter: Filter!, first: Int = 10): [Node], paint(colour: Colour!): Paint }
`,
      );
      writeFileSync(
        join(project, "documents/paints.graphql"),
        `fragment Bits on Node { id ... on Paint { colour } }
query Nodes($filter: Filter!, $first: Int) { nodes(filter: $filter, first: $first) { ...Bits ... on Brush { width } } }
query PaintOf($colour: Colour!) { paint(colour: $colour) { id shades colour } }
`,
      );
      writeFileSync(
        join(project, "typewire.config.json"),
        JSON.stringify({
          content: {
            out: "generated",
            schemas: { paints: { file: "schema.graphql" } },
            documents: [{ include: ["documents/*.graphql"], schemas: ["paints"] }],
          },
        }),
      );
      // The plugin also prints the enum and the input object, which types.ts exports too.
      const config = await loadConfig(undefined, project);
      const fromSources = await emitContent(config, project).catch((error: unknown) => error);
      const fromBundle = await bundled.content
        .emitContent(config, project)
        .catch((error: unknown) => error);
      expect(fromSources).toBeInstanceOf(GeneratorErrors);
      expect(fromBundle).toBeInstanceOf(GeneratorErrors);
      expect((fromBundle as GeneratorErrors).message).toBe(
        (fromSources as GeneratorErrors).message,
      );
      expect((fromBundle as GeneratorErrors).message).toContain(
        'Colour, generated for this operation, is also exported by types.ts of schema "paints"',
      );
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 60_000);

  it("holds graphql and the operations plugin, and names the licence of every package in it", () => {
    const code = bundleCode();
    for (const name of Object.keys(RENDER_ENTRIES))
      expect(readdirSync(folder)).toContain(`${name}.js`);
    const imported = new Set(
      [
        ...code.matchAll(/(?:^import .* from |^import |\bawait import\(|\brequire\()"([^"]+)"/gm),
      ].map((match) => match[1]!),
    );
    const installed = Object.keys(
      (
        JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as {
          dependencies: Record<string, string>;
        }
      ).dependencies,
    );
    const outside = [...imported].filter((name) => !isBuiltin(name) && !name.startsWith("."));
    // The plugin's optional import for an option typewire does not set (`nullability`).
    const optional = ["graphql-sock"];
    expect(outside.filter((name) => !installed.includes(name))).toEqual(optional);
    expect(outside).not.toContain("graphql");
    expect(outside).not.toContain(OPERATIONS_PLUGIN);
    // The rest is the bundle's own chunks and typewire's modules outside it, from where they are.
    const files = readdirSync(folder);
    for (const name of imported) {
      if (name.startsWith("./")) expect(files).toContain(name.slice(2));
      else if (name.startsWith("."))
        expect(name).toMatch(/^(\.\.\/)+(input|generator|site)\/[\w/-]+\.ts$/);
    }
    const licences = readFileSync(join(folder, RENDER_LICENSES), "utf8");
    expect(packages).toContain("@graphql-codegen/typescript-operations@6.1.9");
    expect(packages.some((name) => name.startsWith("graphql@16."))).toBe(true);
    for (const name of packages) expect(licences).toContain(`${name} (`);
    expect(licences).not.toContain("no licence field");
    expect(licences).toContain("@graphql-tools/utils@11.2.2 (MIT)");
  });

  it("leaves out Relay's document optimizer, which typewire's plugin options never call", () => {
    const code = bundleCode();
    expect(packages.filter((name) => /^(@ardatan\/relay-compiler|immutable)@/.test(name))).toEqual(
      [],
    );
    expect(code).not.toContain(`// node_modules/${RELAY_OPTIMIZER}/`);
    expect(code).toContain(`typewire's render bundle leaves out ${RELAY_OPTIMIZER}`);
    // What makes leaving it out safe: the options typewire gives the plugin never ask for it.
    const schema = buildSchema("type Query { title: String }");
    const input = operationsPluginInput(schema, parse("query Title { title }"));
    expect(input.config).not.toHaveProperty("flattenGeneratedTypes");
  });

  it("holds one graphql, its ES modules, even for the sources' deep imports of its files", () => {
    // esbuild names each module it bundles in a comment above its code.
    const modules = [...bundleCode().matchAll(/^\/\/ node_modules\/graphql\/(\S+)$/gm)].map(
      (match) => match[1]!,
    );
    // The sources import graphql/validation/validate.js and graphql/language/parser.js.
    expect(modules).toContain("validation/validate.mjs");
    expect(modules).toContain("language/parser.mjs");
    expect(modules.filter((file) => !file.endsWith(".mjs"))).toEqual([]);
    expect(new Set(modules).size).toBe(modules.length);
  });
});
