import { rm, writeFile } from "node:fs/promises";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  type GraphQLFieldResolver,
  buildSchema,
  defaultFieldResolver,
  getArgumentValues,
  getDirectiveValues,
  graphql,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitQueryBuilders } from "../../generator/content/emit-query-builders.js";
import { fetchSchema } from "../../generator/content/fetch-schema.js";
import { renderFiles, writeFiles } from "../../generator/writer.js";
import { linkedProject, typeCheck } from "../helpers/typescript-project.js";
import { readFileSync } from "node:fs";

// A content API of the spec's shape: graphql-js over HTTP, with resolvers over a few elements and
// the three directives applied the way the content system applies them.
const repo = fileURLToPath(new URL("../..", import.meta.url));
const sdl = readFileSync(join(repo, "test/content/fixtures/site.graphql"), "utf8");
const schema = buildSchema(sdl);

const photo = {
  __typename: "images_Asset",
  id: "9",
  title: "Sea",
  url: ({ width }: { width?: number }) => `/sea.jpg${width ? `?w=${width}` : ""}`,
};
const author = { __typename: "User", id: "7", name: "Ada", email: "ada@example.com", photo };
const base = (id: string, title: string, postDate: string) => ({
  id,
  title,
  postDate,
  dateCreated: postDate,
  author,
  children: () => [],
});
const elements = [
  {
    ...base("1", "Hello", "2024-03-04T08:30:00+00:00"),
    __typename: "blog_article_Entry",
    sectionHandle: "blog",
    summary: "First",
    body: "Some *words*",
    heroImage: [photo],
    tags: ["a"],
  },
  {
    ...base("2", "Elsewhere", "2024-03-05T09:00:00+00:00"),
    __typename: "blog_link_Entry",
    sectionHandle: "blog",
    linkUrl: "https://example.com",
  },
  {
    ...base("3", "About", "2023-01-01T00:00:00+00:00"),
    __typename: "pages_page_Entry",
    sectionHandle: "pages",
    body: "About us",
  },
];
const entries = (args: { section?: string[]; limit?: number }) =>
  elements
    .filter((e) => !args.section || args.section.includes(e.sectionHandle))
    .slice(0, args.limit ?? undefined);
const root = {
  ping: () => "pong",
  entries,
  entry: (args: { section?: string[] }) => entries(args)[0] ?? null,
};

const applyDirectives: GraphQLFieldResolver<unknown, unknown> = async (
  source,
  args,
  context,
  info,
) => {
  let value = await defaultFieldResolver(source, args, context, info);
  const node = info.fieldNodes[0]!;
  const date = getDirectiveValues(
    schema.getDirective("formatDateTime")!,
    node,
    info.variableValues,
  );
  if (date && typeof value === "string")
    value = date.format === "Y-m-d" ? value.slice(0, 10) : value;
  const transform = getDirectiveValues(
    schema.getDirective("transform")!,
    node,
    info.variableValues,
  );
  if (transform && typeof source === "object" && source && "url" in source) {
    value = (source.url as (a: object) => string)({
      ...getArgumentValues(info.parentType.getFields()[info.fieldName]!, node, info.variableValues),
      ...transform,
    });
  }
  if (
    getDirectiveValues(schema.getDirective("markdown")!, node, info.variableValues) &&
    typeof value === "string"
  ) {
    value = `<p>${value.replace(/\*(.+?)\*/g, "<em>$1</em>")}</p>`;
  }
  return value;
};

let server: Server;
let endpoint: string;
let work: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const payload =
      req.method === "GET" ? { query: url.searchParams.get("query") ?? "" } : JSON.parse(body);
    const result = await graphql({
      schema,
      source: payload.query,
      variableValues: payload.variables,
      rootValue: root,
      fieldResolver: applyDirectives,
    });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(result));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  // Outside the repository, with the repository's node_modules linked in, as in a user's project.
  work = await linkedProject("typewire-e2e-");
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(work, { recursive: true, force: true });
});

const consumer = `
import { createContentClient, type ResultOf } from "@typewire/runtime/content";
import { entries, entry, formatDateTime, markdown, on, ping, query, transform } from "./site/query.js";

export const posts = query({ limit: "Int" }, ($) => ({
  posts: entries({ section: ["blog"], limit: $.limit }, {
    id: true,
    title: true,
    postDate: formatDateTime({ format: "Y-m-d" }),
    author: { name: true, photo: { "thumb: url": transform({ width: 300 }) } },
    ...on("blog_article_Entry", { summary: true, body: markdown({}), heroImage: { url: { __args: { width: 640 } } } }),
    ...on("blog_link_Entry", { linkUrl: true }),
  }),
  page: entry({ section: ["pages"] }, { title: true }),
  ping: ping(),
}));

type Post = NonNullable<NonNullable<ResultOf<typeof posts>["posts"]>[number]>;
export const describe = (post: Post): string =>
  post.__typename === "blog_article_Entry" ? \`\${post.summary}|\${post.heroImage?.[0]?.url}\` :
  post.__typename === "blog_link_Entry" ? post.linkUrl : "other";

export async function run(endpoint: string) {
  const client = createContentClient({ endpoint });
  const data = await client.request(posts, { limit: 2 });
  const date: string | null = data.posts?.[0]?.postDate ?? null;
  const page: string | null | undefined = data.page?.title;
  return { data, date, page, described: data.posts?.map((p) => (p ? describe(p) : "")), pong: await client.ping() };
}
`;

// Each kind of mistake, one a line (after the import), and what its error must name.
const mistakes: { code: string; names: RegExp }[] = [
  { code: 'import { entries, on, query, search, select } from "./site/query.js";', names: /^$/ },
  {
    code: "entries({}, { children: { parent: { titel: true } } });",
    names: /'titel' is not a field of EntryInterface/,
  },
  { code: "entries({ limt: 1 }, { id: true });", names: /'limt' does not exist/ },
  {
    code: "entries({}, { author: { photo: { url: { __args: { widht: 300 } } } } });",
    // The message shows the argument in the selection's type, not yet in a short note.
    names: /widht/,
  },
  {
    code: 'entries({}, { id: true, ...on("AssetInterface", { filename: true }) });',
    names: /AssetInterface is not a possible type of EntryInterface/,
  },
  { code: "entries({}, { children: {} });", names: /empty selection on EntryInterface/ },
  { code: 'on("blog_article_Entry", {});', names: /empty selection on blog_article_Entry/ },
  {
    code: 'select("AssetInterface", { url: true, filenam: true });',
    names: /'filenam' is not a field of AssetInterface/,
  },
  {
    code: 'query({ limit: ["Int", "ten"] }, ($) => ({ posts: entries({ limit: $.limit }, { id: true }) }));',
    names: /the default of \$limit is not a Int/,
  },
  {
    code: 'search({ text: "x", filter: { sectoins: ["a"] } }, { __typename: true });',
    names: /'sectoins' does not exist/,
  },
];

describe("end to end", () => {
  it("generates builders from a schema fetched over HTTP, type-checks a project and runs its queries", async () => {
    const fetched = await fetchSchema(endpoint);
    const out = join(work, "site");
    await writeFiles(await renderFiles(emitQueryBuilders(fetched, out, endpoint)), []);
    await writeFile(join(work, "consumer.ts"), consumer);
    await writeFile(join(work, "mistake.ts"), mistakes.map((m) => m.code).join("\n"));

    expect(typeCheck(work, ["consumer.ts"])).toEqual([]);
    // One error per mistake, on its line, naming the field, argument or type.
    const errors = typeCheck(work, ["mistake.ts"]);
    expect(errors).toHaveLength(mistakes.length - 1);
    mistakes.slice(1).forEach((mistake, index) => {
      expect(errors[index]).toMatch(new RegExp(`^mistake\\.ts:${index + 2} `));
      expect(errors[index]).toMatch(mistake.names);
    });

    const { run } = await import(pathToFileURL(join(work, "consumer.ts")).href);
    const result = await run(endpoint);
    expect(result.data).toEqual({
      posts: [
        {
          __typename: "blog_article_Entry",
          id: "1",
          title: "Hello",
          postDate: "2024-03-04",
          author: { name: "Ada", photo: { thumb: "/sea.jpg?w=300" } },
          summary: "First",
          body: "<p>Some <em>words</em></p>",
          heroImage: [{ url: "/sea.jpg?w=640" }],
        },
        {
          __typename: "blog_link_Entry",
          id: "2",
          title: "Elsewhere",
          postDate: "2024-03-05",
          author: { name: "Ada", photo: { thumb: "/sea.jpg?w=300" } },
          linkUrl: "https://example.com",
        },
      ],
      page: { title: "About" },
      ping: "pong",
    });
    expect(result.date).toBe("2024-03-04");
    expect(result.described).toEqual(["First|/sea.jpg?w=640", "https://example.com"]);
    expect(result.pong).toBe("pong");
  }, 60_000); // a type-check of a generated project: about 6.5 s on a loaded 2-core machine
});
