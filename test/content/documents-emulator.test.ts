import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type RequestOptions,
  type TypedDocumentNode,
  createContentClient,
} from "@typewire/runtime/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import { packageRoot } from "../../input/paths.js";
import * as example from "../../output/content/example/index.js";
import * as publicSchema from "../../output/content/public/index.js";
import { exampleSiteWithFullToken, startServer } from "../emulator/emulator-harness.js";
import { linkedProject, typeCheck } from "../helpers/typescript-project.js";

// Every typed document of the example (output/content/<schema>/documents.ts, generated from
// schemas/content/documents/) goes through the content client to the emulator, with the token of
// the schema it was generated for. What comes back must be a value of the operation's result
// type: the answers are written out as TypeScript values of those types and type-checked, so a
// key the type lacks, a missing key or a value of another type fails.

const FULL_TOKEN = "documents-test-full-scope-token";

/** What each operation is sent with; every operation must have an entry. */
const VARIABLES: Record<string, Record<string, unknown> | undefined> = {
  PageByUri: { uri: "about" },
  NewsListing: { limit: 3 },
  ArticleBySlug: { slug: "offshore-wind-farm-full-output", width: 640 },
  SiteLayout: undefined,
  Contributors: undefined,
  Announcement: undefined,
};

type AnyDocument = TypedDocumentNode<unknown, Record<string, unknown>>;

function documentsOf(module: Record<string, unknown>): [string, AnyDocument][] {
  return Object.entries(module)
    .filter(([name]) => name.endsWith("Document"))
    .map(([name, value]) => [name.slice(0, -"Document".length), value as AnyDocument]);
}

let server: ContentServer;
let work: string;
beforeAll(async () => {
  work = await linkedProject("typewire-documents-emulator-");
  // The example site, with a token whose schema is the whole site.
  const site = exampleSiteWithFullToken(FULL_TOKEN);
  await writeFile(join(work, "site.json"), JSON.stringify(site));
  server = await startServer({ site: join(work, "site.json") });
});
afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the example's typed documents against the emulator", () => {
  const schemas = [
    { name: "example", module: example as Record<string, unknown>, token: FULL_TOKEN },
    { name: "public", module: publicSchema as Record<string, unknown>, token: undefined },
  ];

  it("has a document per operation of the example, each with its variables here", () => {
    const names = documentsOf(example).map(([name]) => name);
    expect(names.sort()).toEqual(Object.keys(VARIABLES).sort());
    // The public schema's token runs only the documents declared for it.
    expect(
      documentsOf(publicSchema)
        .map(([name]) => name)
        .sort(),
    ).toEqual(["ArticleBySlug", "NewsListing", "PageByUri", "SiteLayout"]);
  });

  // Before the long type-check below: that check blocks the event loop for seconds, past the
  // emulator's keep-alive timeout, and a request right after it could meet a closing socket.
  it("sends a document's text and variables as the client sends a builder query", async () => {
    const seen: { body: unknown }[] = [];
    const client = createContentClient({
      endpoint: server.url,
      token: FULL_TOKEN,
      fetch: async (url, init) => {
        seen.push({ body: JSON.parse(String(init?.body)) });
        return fetch(url, init);
      },
    });
    const data = await client.request(example.ArticleBySlugDocument, {
      slug: "offshore-wind-farm-full-output",
    });
    expect(seen).toEqual([
      {
        body: {
          query: example.ArticleBySlugDocument.loc?.source.body,
          variables: { slug: "offshore-wind-farm-full-output" },
        },
      },
    ]);
    expect(data.article?.title).toBe("Offshore wind farm reaches full output");
    // The default width (1200) applied, and @transform turned the URL into the transform's.
    const hero = data.article && "heroImage" in data.article ? data.article.heroImage?.[0] : null;
    expect(hero?.url).toMatch(/1200/);
  });

  it("preview: a token per request or per client shows the draft, and is never answered from a cache", async () => {
    const CYCLE_LANES = "nw-preview-cycle-lanes-5d1e8a42"; // draft 1 of entry 42 in the example site
    const seen: { headers: Headers; cache: RequestCache | undefined; answered: string | null }[] =
      [];
    const spy: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      seen.push({
        headers: new Headers(init?.headers),
        cache: init?.cache,
        answered: response.headers.get("x-typewire-cache"),
      });
      return response;
    };
    const variables = { slug: "river-cycle-lanes" };
    const client = createContentClient({ endpoint: server.url, fetch: spy });
    const title = async (options?: RequestOptions) =>
      (await client.request(publicSchema.ArticleBySlugDocument, variables, options)).article?.title;
    const published = "New cycle lanes open along the river";
    const draft = "River cycle lanes open a month early";
    expect(await title()).toBe(published);
    expect(await title()).toBe(published);
    expect(await title({ preview: CYCLE_LANES })).toBe(draft);
    expect(seen.map((s) => s.answered)).toEqual(["MISS", "HIT", "BYPASS"]);
    expect(seen[2]!.headers.get("x-craft-token")).toBe(CYCLE_LANES);
    expect(seen[2]!.cache).toBe("no-store");
    expect(seen[0]!.headers.has("x-craft-token")).toBe(false);
    expect(seen[0]!.cache).toBeUndefined();

    // Per client, beside the schema's Bearer token; `preview: false` leaves one request out.
    seen.length = 0;
    const previewing = createContentClient({
      endpoint: server.url,
      token: FULL_TOKEN,
      preview: CYCLE_LANES,
      fetch: spy,
    });
    const full = await previewing.request(example.ArticleBySlugDocument, variables);
    expect(full.article?.title).toBe(draft);
    const off = await previewing.request(example.ArticleBySlugDocument, variables, {
      preview: false,
    });
    expect(off.article?.title).toBe(published);
    expect(seen.map((s) => s.answered)).toEqual(["BYPASS", "MISS"]);
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${FULL_TOKEN}`);
    expect(seen[0]!.headers.get("x-craft-token")).toBe(CYCLE_LANES);
    expect(seen[1]!.headers.has("x-craft-token")).toBe(false);
  });

  it("answers every document with data of its result type", async () => {
    const lines: string[] = [];
    for (const schema of schemas) {
      const client = createContentClient({ endpoint: server.url, token: schema.token });
      lines.push(
        `import type * as ${schema.name === "public" ? "pub" : "ex"} from ${JSON.stringify(
          join(packageRoot, `output/content/${schema.name}/index.js`),
        )};`,
      );
      for (const [name, document] of documentsOf(schema.module)) {
        const data = (await client.request(
          document as TypedDocumentNode<unknown, Record<string, never>>,
          VARIABLES[name] as never,
        )) as Record<string, unknown>;
        // Every root field answered with something: a shape check of nulls alone proves little.
        for (const [key, value] of Object.entries(data)) {
          expect(value, `${schema.name} ${name}.${key}`).not.toBeNull();
        }
        const prefix = schema.name === "public" ? "pub" : "ex";
        lines.push(
          `export const ${prefix}_${name}: ${prefix}.${name}Query = ${JSON.stringify(data, null, 2)};`,
        );
      }
    }
    await writeFile(join(work, "answers.ts"), `${lines.join("\n")}\n`);
    expect(typeCheck(work, ["answers.ts"])).toEqual([]);

    // The check can fail: the same answers with one value of the wrong type and one key the type
    // does not have are refused.
    const broken = lines
      .join("\n")
      .replace(/"readingTime": \d+/, '"readingTime": "four"')
      .replace(/"fullName": /, '"fullname": ');
    await writeFile(join(work, "broken.ts"), `${broken}\n`);
    const problems = typeCheck(work, ["broken.ts"]).join("\n");
    expect(problems).toMatch(/Type 'string' is not assignable to type 'number'/);
    expect(problems).toMatch(/'"fullname"' does not exist in type/);
  }, 120_000);
});
