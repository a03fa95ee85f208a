import { copyFile, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Watcher, watch } from "../../generator/watch.js";
import type { GenerateResult } from "../../generator/generate.js";
import { packageRoot } from "../../input/paths.js";
import { runCli, tempDir, writeTree } from "../helpers/temp-project.js";
import { linkedProject, typeCheck } from "../helpers/typescript-project.js";
import { type TypedDocumentNode, createContentClient } from "@typewire/runtime/content";
import { exampleSiteWithFullToken, startServer } from "../emulator/emulator-harness.js";

const FULL_TOKEN = "documents-test-full-scope-token";

// Documents through the CLI in a project of its own: the bundled example's private and public
// schemas, document files next to them, `typewire generate` and `typewire check` as a user runs
// them. Valid documents of each kind generate and type-check under `strict`; each kind of
// invalid document fails both commands with its file, line, column and schema; a selection the
// production API would drop for one token is a warning, an error with `--strict`.

/** A project with both bundled schemas and `files`; `sets` is its `content.documents`. */
async function project(
  files: Record<string, string>,
  sets: { include: string[]; schemas: string[] }[],
  dir?: string,
): Promise<string> {
  dir ??= await tempDir("typewire-documents-");
  await copyFile(
    join(packageRoot, "schemas/content/schema.graphql"),
    join(dir, "private.graphqls"),
  );
  await copyFile(join(packageRoot, "schemas/content/public.graphql"), join(dir, "public.graphqls"));
  await writeTree(dir, {
    ...files,
    "typewire.config.json": JSON.stringify({
      content: {
        out: "generated",
        schemas: { example: { file: "private.graphqls" }, public: { file: "public.graphqls" } },
        documents: sets,
      },
    }),
  });
  return dir;
}

const BOTH = [{ include: ["queries/**/*.graphql"], schemas: ["example", "public"] }];

/** The kinds of valid document, each with what its result and variables must look like. */
const valid: { kind: string; file: string; text: string; consumer: string }[] = [
  {
    kind: "a named operation without variables",
    file: "queries/ping.graphql",
    text: "query Ping { ping }",
    consumer: `const data = await client.request(Ping.PingDocument);
const pong: string | null = data.ping;`,
  },
  {
    kind: "variables with defaults (non-null with a default is optional)",
    file: "queries/listing.graphql",
    text: `query Listing($section: [String]!, $limit: Int! = 5, $offset: Int) {
  entries(section: $section, limit: $limit, offset: $offset) { id title }
}`,
    consumer: `const data = await client.request(Ping.ListingDocument, { section: "news" });
await client.request(Ping.ListingDocument, { section: ["news"], limit: 2, offset: null });
const sections = ["news", "pages"] as const;
await client.request(Ping.ListingDocument, { section: sections });
const title: string | null | undefined = data.entries?.[0]?.title;`,
  },
  {
    kind: "a fragment on an interface",
    file: "queries/cards.graphql",
    text: `fragment Card on EntryInterface { id uri }
query Cards { entries(limit: 2) { ...Card } }`,
    consumer: `const data = await client.request(Ping.CardsDocument);
const uri: string | null | undefined = data.entries?.[0]?.uri;`,
  },
  {
    kind: "a fragment on a concrete type",
    file: "queries/hero.graphql",
    text: `query Hero { entries(section: "news", limit: 1) {
  __typename
  ... on news_article_Entry { summary heroImage { ...Credit } }
} }
fragment Credit on images_Asset { altText credit }`,
    consumer: `const data = await client.request(Ping.HeroDocument);
const first = data.entries?.[0];
if (first?.__typename === "news_article_Entry") {
  const summary: string | null = first.summary;
  const image = first.heroImage?.[0];
  if (image && "credit" in image) { const credit: string | null = image.credit; }
}`,
  },
  {
    kind: "aliases",
    file: "queries/aliases.graphql",
    text: `query Aliases { newest: entry(section: "news") { heading: title } oldest: entry(section: "news", inReverse: true) { heading: title } }`,
    consumer: `const data = await client.request(Ping.AliasesDocument);
const a: string | null | undefined = data.newest?.heading;
const b: string | null | undefined = data.oldest?.heading;`,
  },
  {
    kind: "directives: text where the API applies them, the field's own type elsewhere",
    file: "queries/directives.graphql",
    text: `query Directives { entry(section: "news") {
  year: postDate @formatDateTime(format: "Y")
  ... on news_article_Entry {
    summary @markdown(flavor: "gfm")
    minutes: readingTime @markdown
    heroImage { url @transform(width: 100) width @transform(width: 100) }
  }
} }`,
    consumer: `const data = await client.request(Ping.DirectivesDocument);
const entry = data.entry;
const year: string | null | undefined = entry?.year;
if (entry && "summary" in entry) {
  const html: string | null = entry.summary;
  const minutes: number | null = entry.minutes;
  const image = entry.heroImage?.[0];
  const url: string | null | undefined = image?.url;
  const width: number | null | undefined = image?.width;
}`,
  },
];

describe("valid documents", () => {
  let dir: string;
  let generated: Awaited<ReturnType<typeof runCli>>;
  // A project with the repository's node_modules linked in, so its consumers resolve the runtime.
  beforeAll(async () => {
    dir = await linkedProject("typewire-documents-");
    await project(Object.fromEntries(valid.map((d) => [d.file, d.text])), BOTH, dir);
    generated = await runCli(["generate"], dir);
  }, 120_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("generate writes one documents.ts per schema, and check then passes", async () => {
    expect(generated.stderr).toBe("");
    expect(generated.code).toBe(0);
    for (const schema of ["example", "public"]) {
      const text = await readFile(join(dir, `generated/${schema}/documents.ts`), "utf8");
      for (const name of ["Ping", "Listing", "Cards", "Hero", "Aliases", "Directives"]) {
        expect(text).toMatch(
          new RegExp(
            `^export const ${name}Document = \\{"kind":"Document",.* as unknown as TypedDocumentNode<${name}Query, ${name}QueryVariables>;$`,
            "m",
          ),
        );
      }
      expect(await readFile(join(dir, `generated/${schema}/index.ts`), "utf8")).toContain(
        'export * from "./documents.js";',
      );
    }
    expect((await runCli(["check"], dir)).code).toBe(0);
  });

  it("prints each operation with its fragments, compactly and in a fixed order", async () => {
    const { CardsDocument, HeroDocument, ListingDocument } = await import(
      join(dir, "generated/example/documents.ts")
    );
    // A real syntax tree, the one graphql-js parses from the text it carries.
    const cards = "query Cards{entries(limit:2){...Card}} fragment Card on EntryInterface{id uri}";
    const { parse } = await import("graphql");
    expect(CardsDocument).toEqual({
      ...parse(cards, { noLocation: true }),
      loc: {
        start: 0,
        end: cards.length,
        source: { body: cards, name: "GraphQL request", locationOffset: { line: 1, column: 1 } },
      },
    });
    expect(HeroDocument.loc.source.body).toBe(
      'query Hero{entries(section:"news" limit:1){__typename ...on news_article_Entry{summary heroImage{...Credit}}}} fragment Credit on images_Asset{altText credit}',
    );
    expect(
      ListingDocument.definitions[0].variableDefinitions.map(
        (v: { variable: { name: { value: string } } }) => v.variable.name.value,
      ),
    ).toEqual(["section", "limit", "offset"]);
  });

  it.each(valid)("$kind type-checks under strict", async ({ consumer }) => {
    await writeFile(
      join(dir, "consumer.ts"),
      `import { createContentClient } from "@typewire/runtime/content";
import * as Ping from "./generated/example/index.js";
const client = createContentClient({ endpoint: "http://127.0.0.1:1/api" });
export async function run() {
${consumer}
}
`,
    );
    expect(typeCheck(dir, ["consumer.ts"])).toEqual([]);
  });

  it("a consumer that leaves out a required variable or reads a field not selected does not compile", async () => {
    await writeFile(
      join(dir, "wrong.ts"),
      `import { createContentClient } from "@typewire/runtime/content";
import * as Ping from "./generated/example/index.js";
const client = createContentClient({ endpoint: "http://127.0.0.1:1/api" });
export async function run() {
  await client.request(Ping.ListingDocument);
  const data = await client.request(Ping.AliasesDocument);
  return data.newest?.title;
}
`,
    );
    const problems = typeCheck(dir, ["wrong.ts"]);
    expect(problems).toHaveLength(2);
    // The same call with its variable compiles (see the table above): only the variable is missing.
    expect(problems[0]).toMatch(/^wrong\.ts:5 No overload matches this call/);
    expect(problems[1]).toMatch(/^wrong\.ts:7 .*Property 'title' does not exist/);
  });
});

/** Each kind of invalid document, where its error is, and what the message says. */
const invalid: { kind: string; text: string; at: string; says: RegExp; schemas?: string[] }[] = [
  {
    kind: "a syntax error",
    text: "query Broken {\n  entries {\n    id\n",
    at: "4:1",
    says: /syntax error: Expected Name, found <EOF>/,
  },
  {
    kind: "an anonymous operation",
    text: "\n{ ping }",
    at: "2:1",
    says: /an operation needs a name/,
  },
  {
    kind: "a mutation",
    text: "mutation Save { ping }",
    at: "1:1",
    says: /the content API answers queries only/,
  },
  {
    kind: "a type definition",
    text: "query Ok { ping }\ntype Extra { a: Int }",
    at: "2:1",
    says: /operations and fragments only, not an object type definition/,
  },
  {
    kind: "a field no declared schema has",
    text: "query Typo {\n  entries {\n    titel\n  }\n}",
    at: "3:5",
    says: /Cannot query field "titel" on type "EntryInterface".*\(schemas "example", "public"\)/,
    schemas: ["example", "public"],
  },
  {
    kind: "an argument of the wrong type",
    text: 'query Limit { entries(limit: "ten") { id } }',
    at: "1:30",
    says: /Int cannot represent non-integer value: "ten" \(schemas "example", "public"\)/,
  },
  {
    kind: "an undefined variable",
    text: "query Vars { entries(limit: $limit) { id } }",
    at: "1:29",
    says: /Variable "\$limit" is not defined by operation "Vars"/,
  },
  {
    kind: "a variable of the wrong type",
    text: "query Vars($limit: String) { entries(limit: $limit) { id } }",
    at: "1:12",
    says: /Variable "\$limit" of type "String" used in position expecting type "Int"/,
  },
  {
    kind: "an unknown fragment",
    text: "query Spread { entries { ...Missing } }",
    at: "1:29",
    says: /Unknown fragment "Missing"/,
  },
  {
    kind: "a fragment on a type no declared schema has",
    text: "query F { entries { ... on blog_Entry { id } } }",
    at: "1:28",
    says: /Unknown type "blog_Entry"/,
  },
  {
    kind: "a leaf field given a selection",
    text: "query Leaf { entries { title { x } } }",
    at: "1:30",
    says: /Field "title" must not have a selection since type "String" has no subfields/,
  },
  {
    kind: "an object field without a selection",
    text: "query Obj { entries }",
    at: "1:13",
    says: /Field "entries" of type "\[EntryInterface\]" must have a selection of subfields/,
  },
];

describe("an interface with many concrete types", () => {
  it("gives each distinct result shape once, and the result reads the same", async () => {
    // 40 entry types; the query names one of them. The operations plugin writes one union
    // member per concrete type, 39 of them the same object type; the file keeps one.
    const kinds = Array.from({ length: 40 }, (_, i) => `kind${String(i).padStart(2, "0")}_Entry`);
    const sdl = [
      "interface EntryInterface { id: ID title: String }",
      ...kinds.map(
        (kind) => `type ${kind} implements EntryInterface { id: ID title: String extra: String }`,
      ),
      "type Query { entries: [EntryInterface] }",
    ].join("\n");
    const dir = await linkedProject("typewire-documents-wide-");
    try {
      await writeTree(dir, {
        "wide.graphqls": sdl,
        "queries/list.graphql": `query List { entries { id title ... on kind07_Entry { extra } } }`,
        "typewire.config.json": JSON.stringify({
          content: {
            out: "generated",
            schemas: { wide: { file: "wide.graphqls" } },
            documents: [{ include: ["queries/*.graphql"], schemas: ["wide"] }],
          },
        }),
        "consumer.ts": `import type { ListQuery } from "./generated/wide/index.js";
type Entry = NonNullable<NonNullable<ListQuery["entries"]>[number]>;
export const read = (entry: Entry): string | null => entry.title;
export const extra = (entry: Entry): string | null => ("extra" in entry ? entry.extra : null);
// @ts-expect-error extra is only on the one named type's member
export const wrong = (entry: Entry): string | null => entry.extra;
`,
      });
      const result = await runCli(["generate"], dir);
      expect(result.stderr).toBe("");
      const text = await readFile(join(dir, "generated/wide/documents.ts"), "utf8");
      const plain = text.match(/\| \{ id: string \| null; title: string \| null \}/g) ?? [];
      expect(plain).toHaveLength(1);
      expect(text).toContain("extra: string | null");
      expect(typeCheck(dir, ["consumer.ts"])).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("invalid documents", () => {
  it.each(invalid)("$kind fails generate and check with its location and schema", async (bad) => {
    const dir = await project({ "queries/bad.graphql": bad.text }, BOTH);
    for (const command of ["generate", "check"]) {
      const result = await runCli([command], dir);
      expect(result.code, `${command}: ${result.stderr}`).toBe(1);
      const line = result.stderr
        .split("\n")
        .find((l) => l.includes(`queries/bad.graphql:${bad.at}:`));
      expect(line, result.stderr).toBeDefined();
      expect(line).toMatch(bad.says);
    }
    // Nothing was written.
    await expect(readFile(join(dir, "generated/example/documents.ts"), "utf8")).rejects.toThrow();
  });

  it("a mistake against several schemas is one error naming them all", async () => {
    const dir = await project({ "queries/bad.graphql": "query Typo { entries { titel } }" }, BOTH);
    const { stderr } = await runCli(["generate"], dir);
    expect(stderr).toBe(
      'error: queries/bad.graphql:1:24: Cannot query field "titel" on type "EntryInterface". Did you mean "title", "level", or "siteId"? (schemas "example", "public")\n',
    );
  });

  it("an operation whose generated names the schema's module already exports is located", async () => {
    const dir = await tempDir("typewire-documents-");
    await writeTree(dir, {
      "schema.graphql": "type Query { ping: String }\ntype PingQuery { a: Int }\n",
      "queries/ping.graphql": "# the ping\nquery Ping { ping }\n",
      "typewire.config.json": JSON.stringify({
        content: {
          out: "generated",
          schemas: { small: { file: "schema.graphql" } },
          documents: [{ include: ["queries/*.graphql"], schemas: ["small"] }],
        },
      }),
    });
    const { code, stderr } = await runCli(["generate"], dir);
    expect(code).toBe(1);
    expect(stderr).toBe(
      'error: queries/ping.graphql:2:1: PingQuery, generated for this operation, is also exported by types.ts of schema "small": rename it\n',
    );
  });

  it("two operations of one name in two files are both located", async () => {
    const dir = await project(
      { "queries/a.graphql": "query Same { ping }", "queries/b.graphql": "query Same { ping }" },
      BOTH,
    );
    const { code, stderr } = await runCli(["generate"], dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(/queries\/a\.graphql:1:7: There can be only one operation named "Same"/);
  });

  it("a document set naming an unknown schema, or matching no file, fails at its config entry", async () => {
    const dir = await project({ "queries/a.graphql": "query A { ping }" }, [
      { include: ["queries/*.graphql"], schemas: ["example", "staging"] },
      { include: ["nowhere/*.gql"], schemas: ["public"] },
    ]);
    const { code, stderr } = await runCli(["generate"], dir);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /typewire\.config\.json:\d+:\d+: document set 0 names schema "staging", which content\.schemas does not have .*\(at content\.documents\.0\.schemas\.1\)/,
    );
    expect(stderr).toMatch(
      /no \.graphql or \.gql file matches "nowhere\/\*\.gql".*\(at content\.documents\.1\.include\)/,
    );
  });
});

describe("selections the production API drops for one token", () => {
  const dropping = `query Team {
  users { id }
  entries(limit: 1) {
    id
    ... on news_article_Entry { contributors { id } heroImage { id } }
  }
}
`;

  it("warn, naming the place, the schema that lacks them and the ones that have them; the lacking schema's types leave them out", async () => {
    const dir = await project({ "queries/team.graphql": dropping }, BOTH);
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(0);
    const warnings = result.stderr.split("\n").filter((l) => l.startsWith("warning: "));
    expect(warnings).toEqual([
      'warning: queries/team.graphql:2:3: field users of type Query is not in schema "public" but is in "example": the production API drops it without an error for a token of "public", so that token gets less data than one of "example"; the types for "public" leave it out (move it to a document declared for "example" only, or add it to "public")',
    ]);
    expect(result.stderr).toContain("1 warning (--strict makes them errors)");
    const publicTypes = await readFile(join(dir, "generated/public/documents.ts"), "utf8");
    const privateTypes = await readFile(join(dir, "generated/example/documents.ts"), "utf8");
    const resultType = (text: string) =>
      text.slice(
        text.indexOf("export type TeamQuery ="),
        text.indexOf("\n};\n", text.indexOf("export type TeamQuery =")),
      );
    expect(resultType(publicTypes)).not.toContain("users");
    expect(resultType(privateTypes)).toContain("users: Array<");
    // The same text goes to every token.
    const sent = (text: string) => text.match(/"body":("(?:[^"\\]|\\.)*")/)?.[1];
    expect(sent(publicTypes)).toMatch(/^"query Team/);
    expect(sent(publicTypes)).toBe(sent(privateTypes));

    // What the warning says is what the API does: in production the public token's answer has no
    // `users`, and a token of the whole site's schema gets them.
    const site = exampleSiteWithFullToken(FULL_TOKEN);
    await writeFile(join(dir, "site.json"), JSON.stringify(site));
    const server = await startServer({ site: join(dir, "site.json"), devMode: false });
    try {
      const { TeamDocument } = (await import(join(dir, "generated/public/documents.ts"))) as {
        TeamDocument: TypedDocumentNode<Record<string, unknown>, Record<string, never>>;
      };
      const asPublic = await createContentClient({ endpoint: server.url }).request(TeamDocument);
      expect(Object.keys(asPublic)).toEqual(["entries"]);
      const asFull = await createContentClient({ endpoint: server.url, token: FULL_TOKEN }).request(
        TeamDocument,
      );
      expect(Object.keys(asFull)).toEqual(["users", "entries"]);
    } finally {
      await server.close();
    }

    const checked = await runCli(["check"], dir);
    expect(checked.code).toBe(0);
    expect(checked.stderr).toContain("warning: queries/team.graphql:2:3: field users");
    // A second run, answered by the cache, repeats them.
    const again = await runCli(["generate"], dir);
    expect(again.stderr.split("\n").filter((l) => l.startsWith("warning: "))).toHaveLength(1);
  });

  it("are errors with --strict, for generate and check, and nothing is written", async () => {
    const dir = await project({ "queries/team.graphql": dropping }, BOTH);
    for (const command of ["generate", "check"]) {
      const result = await runCli([command, "--strict"], dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^error: queries\/team\.graphql:2:3: field users of type Query is not in schema "public"/m,
      );
    }
    await expect(readFile(join(dir, "generated/public/documents.ts"), "utf8")).rejects.toThrow();
  });

  it("an operation left with nothing selected once they are dropped is an error that says so", async () => {
    const dir = await project(
      { "queries/only.graphql": "query Only {\n  users { id }\n}\n" },
      BOTH,
    );
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: queries/only.graphql:1:1: operation Only selects nothing schema "public" has once the fields it lacks are dropped: select at least one field it has here too, or declare the document for the other schemas only (schema "public")\n',
    );
  });

  it("a fragment on a type one declared schema lacks is an error, since the API refuses it", async () => {
    const dir = await project(
      {
        "queries/files.graphql":
          "query Files {\n  assets {\n    id\n    ... on documents_Asset { filename }\n  }\n}\n",
      },
      BOTH,
    );
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: queries/files.graphql:4:5: fragment on type documents_Asset, which schema "public" lacks and "example" has: the production API answers a token of "public" with an error for it (it drops unknown fields silently, not fragments on unknown types); move it to a document declared for "example" only (schema "public")\n',
    );
  });

  it("are errors, not warnings, when no other declared schema has them", async () => {
    const dir = await project({ "queries/team.graphql": dropping }, [
      { include: ["queries/*.graphql"], schemas: ["public"] },
    ]);
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain("warning:");
    expect(result.stderr).toContain(
      'queries/team.graphql:2:3: Cannot query field "users" on type "Query". Did you mean "assets"? (schema "public")',
    );
  });

  it("give no warning when every declared schema has what is selected", async () => {
    const dir = await project(
      {
        "queries/team.graphql": dropping,
        "queries/shared.graphql":
          "query Shared { entries(limit: 1) { id ... on news_article_Entry { summary } } }",
      },
      [
        { include: ["queries/team.graphql"], schemas: ["example"] },
        { include: ["queries/shared.graphql"], schemas: ["example", "public"] },
      ],
    );
    const result = await runCli(["generate", "--strict"], dir);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await readFile(join(dir, "generated/public/documents.ts"), "utf8")).not.toContain(
      "Team",
    );
  });
});

describe("generate --watch", () => {
  let watcher: Watcher | undefined;
  afterAll(() => watcher?.close());

  it("regenerates when a document changes or a new one appears", async () => {
    const dir = await project({ "queries/ping.graphql": "query Ping { ping }" }, BOTH);
    const runs: GenerateResult[] = [];
    const errors: unknown[] = [];
    watcher = await watch(undefined, dir, {
      onGenerated: (result) => runs.push(result),
      onError: (error) => errors.push(error),
    });
    expect(runs).toHaveLength(1);
    await writeFile(join(dir, "queries/ping.graphql"), "query Ping { pong: ping }");
    const start = Date.now();
    while (runs.length < 2 && Date.now() - start < 20_000)
      await new Promise((r) => setTimeout(r, 50));
    expect(runs).toHaveLength(2);
    expect(runs[1]?.written).toEqual([
      "generated/example/documents.ts",
      "generated/public/documents.ts",
    ]);
    expect(await readFile(join(dir, "generated/public/documents.ts"), "utf8")).toContain("pong:");

    // A new file in a folder the patterns search is picked up too.
    await writeTree(dir, { "queries/more/extra.graphql": "query Extra { ping }" });
    const since = Date.now();
    while (runs.length < 3 && Date.now() - since < 20_000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(runs).toHaveLength(3);
    expect(await readFile(join(dir, "generated/example/documents.ts"), "utf8")).toContain(
      "export const ExtraDocument",
    );
    expect(errors).toEqual([]);
  }, 60_000);
});
