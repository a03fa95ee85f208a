import {
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
} from "graphql";
import type { EntryTypeInfo } from "./craft-schema.js";

// Twenty-four queries shaped like the ones real Craft front ends send: a page by URI with its
// blocks, navigation three levels deep, listings with pagination and a total, related entries
// and categories, assets at several sizes, global sets, SEO fields, variables with defaults.
// Each is described once, in a small tree of its own, and printed in each library's own way:
// GraphQL text for gql.tada and the client preset, builder calls for typewire, request objects
// for genql (which has no variables, aliases or directives: values are written inline, a field
// aliased twice is selected once, `@transform` arguments go to `url`'s own arguments).

export type Value =
  | string
  | number
  | boolean
  | null
  | readonly Value[]
  | { readonly $: string }
  | { readonly enum: string };

export interface Field {
  name: string;
  alias?: string;
  args?: Record<string, Value>;
  directive?: { name: string; args: Record<string, Value> };
  sel?: Node[];
}
export interface Fragment {
  on: string;
  sel: Node[];
}
/** A leaf field by name, a field, or an inline fragment. */
export type Node = string | Field | Fragment;

export interface Variable {
  name: string;
  type: string;
  default?: Value;
  /** What the consumer sends (left out: the default is used). */
  sample?: Value;
}

export interface Operation {
  name: string;
  vars: Variable[];
  root: Field[];
  /** A property path into the result the consumer reads (optional chaining added). */
  read: string[];
}

const field = (name: string, sel?: Node[], args?: Record<string, Value>): Field => ({
  name,
  ...(args ? { args } : {}),
  ...(sel ? { sel } : {}),
});
const on = (type: string, ...sel: Node[]): Fragment => ({ on: type, sel });
const v = (name: string): { $: string } => ({ $: name });
const transformed = (alias: string, args: Record<string, Value>): Field => ({
  name: "url",
  alias,
  directive: { name: "transform", args },
});
const formatted = (name: string, format: string, alias?: string): Field => ({
  name,
  ...(alias ? { alias } : {}),
  directive: { name: "formatDateTime", args: { format } },
});

const image = (...sizes: [string, number, number?][]): Node[] => [
  "id",
  "title",
  "width",
  "height",
  ...sizes.map(([alias, width, height]) =>
    transformed(alias, height ? { width, height, mode: "crop" } : { width }),
  ),
  on("images_Asset", "altText", "credit"),
];
const link: Node[] = ["id", "title", "uri"];
const blocks: Node[] = [
  "id",
  "typeHandle",
  on("articleBody_text_BlockType", "text"),
  on("articleBody_image_BlockType", "caption", field("image", image(["wide", 1200]))),
  on("articleBody_quote_BlockType", "quote", "attribution"),
  on(
    "articleBody_callout_BlockType",
    "heading",
    "highlighted",
    "order",
    field("linkedEntry", [
      ...link,
      on(
        "news_article_Entry",
        "summary",
        field("heroImage", [transformed("card", { width: 400 })]),
      ),
    ]),
  ),
];
const card: Node[] = [
  ...link,
  formatted("postDate", "j M Y"),
  on("news_article_Entry", "summary", field("heroImage", image(["card", 400, 225]))),
];

/** The 24 operations, written against the bundled example schema's names. */
export function realisticOperations(): Operation[] {
  return [
    {
      name: "PageByUri",
      vars: [{ name: "uri", type: "[String]", sample: ["about"] }],
      root: [
        field(
          "entry",
          [
            ...link,
            formatted("dateUpdated", "Y-m-d"),
            on(
              "pages_page_Entry",
              "body",
              field("heroImage", image(["hero", 1600, 600], ["mobile", 800, 600])),
              field("articleBody", blocks),
            ),
          ],
          { section: "pages", uri: v("uri") },
        ),
      ],
      read: ["entry", "title"],
    },
    {
      name: "ArticleBySlug",
      vars: [{ name: "slug", type: "[String]", sample: ["harbour-market-returns"] }],
      root: [
        field(
          "entry",
          [
            ...link,
            formatted("postDate", "j F Y"),
            on(
              "news_article_Entry",
              "summary",
              "readingTime",
              "featured",
              field("heroImage", image(["hero", 1600, 900], ["card", 400, 225])),
              field("articleBody", blocks),
              field("topics", ["id", "title", "slug"]),
              field("keywords", ["title"]),
              field("contributors", [
                "fullName",
                field("photo", [transformed("avatar", { width: 96, height: 96, mode: "crop" })]),
              ]),
              field("relatedArticles", card, { limit: 3 }),
            ),
          ],
          { section: "news", slug: v("slug") },
        ),
      ],
      read: ["entry", "title"],
    },
    {
      name: "NavigationTree",
      vars: [],
      root: [
        field(
          "entries",
          [
            ...link,
            field("children", [...link, field("children", [...link, field("children", link)])]),
          ],
          { section: "pages", level: 1 },
        ),
      ],
      read: ["entries", "0", "title"],
    },
    {
      name: "NewsListing",
      vars: [
        { name: "limit", type: "Int", default: 10 },
        { name: "offset", type: "Int", default: 0, sample: 10 },
        { name: "section", type: "[String]", default: ["news"] },
      ],
      root: [
        field(
          "entries",
          [
            ...card,
            on(
              "news_video_Entry",
              "summary",
              "videoUrl",
              field("heroImage", image(["card", 400, 225])),
            ),
          ],
          {
            section: v("section"),
            limit: v("limit"),
            offset: v("offset"),
            orderBy: "postDate DESC",
          },
        ),
        {
          name: "entries",
          alias: "total",
          sel: ["id"],
          args: { section: v("section"), limit: 1000 },
        },
      ],
      read: ["entries", "0", "title"],
    },
    {
      name: "HomePage",
      vars: [],
      root: [
        field(
          "entry",
          [
            ...link,
            on(
              "homepage_homepage_Entry",
              "summary",
              field("heroImage", image(["hero", 1920, 800], ["mobile", 750, 750])),
              field("relatedArticles", card),
            ),
          ],
          { section: "homepage" },
        ),
        field("globalSet", [on("siteInfo_GlobalSet", "tagline", "contactEmail")], {
          handle: "siteInfo",
        }),
      ],
      read: ["entry", "title"],
    },
    {
      name: "GlobalSets",
      vars: [],
      root: [
        field("globalSets", [
          "handle",
          on("siteInfo_GlobalSet", "tagline", "contactEmail", "footerNote"),
          on("announcement_GlobalSet", "showBanner", "body", formatted("bannerEnds", "c")),
        ]),
      ],
      read: ["globalSets", "0", "handle"],
    },
    {
      name: "SeoForEntry",
      vars: [{ name: "uri", type: "[String]", sample: ["news/river-cycle-lanes"] }],
      root: [
        field(
          "entry",
          [
            "title",
            "uri",
            "url",
            formatted("dateUpdated", "c"),
            on(
              "news_article_Entry",
              "summary",
              field("heroImage", [
                transformed("og", { width: 1200, height: 630, mode: "crop" }),
                transformed("twitter", { width: 1024, height: 512, mode: "crop" }),
                on("images_Asset", "altText"),
              ]),
              field("keywords", ["title"]),
              field("contributors", ["fullName"]),
            ),
            on("pages_page_Entry", "body"),
          ],
          { uri: v("uri") },
        ),
        field("globalSet", [on("siteInfo_GlobalSet", "tagline")], { handle: "siteInfo" }),
      ],
      read: ["entry", "title"],
    },
    {
      name: "RelatedByCategory",
      vars: [
        { name: "category", type: "[Int]", sample: [70] },
        { name: "limit", type: "Int", default: 6 },
      ],
      root: [
        field(
          "entries",
          [
            ...link,
            on(
              "news_article_Entry",
              field("topics", ["title", "slug"]),
              field("heroImage", image(["thumb", 300, 200])),
            ),
          ],
          { section: "news", relatedTo: v("category"), limit: v("limit") },
        ),
      ],
      read: ["entries", "0", "title"],
    },
    {
      name: "CategoryPage",
      vars: [
        { name: "slug", type: "[String]", sample: ["energy"] },
        { name: "limit", type: "Int", default: 12 },
      ],
      root: [
        field(
          "category",
          [
            "id",
            "title",
            "slug",
            on("topics_Category", "description"),
            field("parent", ["title", "slug"]),
            field("children", ["title", "slug"]),
          ],
          { group: "topics", slug: v("slug") },
        ),
        field("entries", card, { section: "news", limit: v("limit"), orderBy: "postDate DESC" }),
      ],
      read: ["category", "title"],
    },
    {
      name: "CategoryTree",
      vars: [],
      root: [
        field(
          "categories",
          [
            "title",
            "slug",
            field("children", [
              "title",
              "slug",
              field("children", ["title", "slug", field("children", ["title", "slug"])]),
            ]),
          ],
          { group: "topics", level: 1 },
        ),
      ],
      read: ["categories", "0", "title"],
    },
    {
      name: "AssetGallery",
      vars: [{ name: "limit", type: "Int", default: 24 }],
      root: [
        field(
          "assets",
          [
            "filename",
            "focalPoint",
            ...image(["thumb", 150, 150], ["small", 480], ["medium", 960], ["large", 1920]),
          ],
          { volume: "images", limit: v("limit") },
        ),
      ],
      read: ["assets", "0", "filename"],
    },
    {
      name: "ResponsiveHero",
      vars: [{ name: "slug", type: "[String]", sample: ["river-cycle-lanes"] }],
      root: [
        field(
          "entry",
          [
            "title",
            on(
              "news_article_Entry",
              field("heroImage", [
                "width",
                "height",
                { name: "url", alias: "w320", args: { width: 320 } },
                { name: "url", alias: "w640", args: { width: 640 } },
                { name: "url", alias: "w1280", args: { width: 1280 } },
                { name: "url", alias: "w1920", args: { width: 1920, format: "webp" } },
                on("images_Asset", "altText"),
              ]),
            ),
          ],
          { slug: v("slug") },
        ),
      ],
      read: ["entry", "title"],
    },
    {
      name: "AuthorPage",
      vars: [{ name: "id", type: "[QueryArgument]", sample: ["2"] }],
      root: [
        field(
          "user",
          [
            "fullName",
            "email",
            on("User", "biography"),
            field("photo", [transformed("avatar", { width: 200, height: 200, mode: "crop" })]),
          ],
          { id: v("id") },
        ),
        field("entries", card, { section: "news", limit: 5 }),
      ],
      read: ["user", "fullName"],
    },
    {
      name: "SearchResults",
      vars: [
        { name: "q", type: "String!", sample: "harbour" },
        { name: "limit", type: "Int", default: 20 },
      ],
      root: [
        field(
          "entries",
          [
            ...link,
            "sectionHandle",
            "searchScore",
            on("news_article_Entry", "summary"),
            on("pages_page_Entry", { name: "body", directive: { name: "markdown", args: {} } }),
          ],
          { search: v("q"), limit: v("limit"), section: ["news", "pages"] },
        ),
      ],
      read: ["entries", "0", "title"],
    },
    {
      name: "Sitemap",
      vars: [],
      root: [
        field("entries", ["uri", "sectionHandle", formatted("dateUpdated", "Y-m-d")], {
          limit: 5000,
          section: ["news", "pages"],
        }),
      ],
      read: ["entries", "0", "uri"],
    },
    {
      name: "Breadcrumbs",
      vars: [{ name: "uri", type: "[String]", sample: ["contact/press/archive"] }],
      root: [
        field(
          "entry",
          [...link, field("parent", [...link, field("parent", [...link, field("parent", link)])])],
          { uri: v("uri") },
        ),
      ],
      read: ["entry", "title"],
    },
    {
      name: "Footer",
      vars: [],
      root: [
        field(
          "globalSet",
          [
            on("siteInfo_GlobalSet", "contactEmail", {
              name: "footerNote",
              directive: { name: "markdown", args: { flavor: "gfm" } },
            }),
          ],
          { handle: "siteInfo" },
        ),
        field("entries", link, { section: "pages", level: 1, limit: 8 }),
      ],
      read: ["entries", "0", "title"],
    },
    {
      name: "ArticleCards",
      vars: [{ name: "limit", type: "Int", default: 3 }],
      root: [
        field(
          "entries",
          [
            ...card,
            on("news_article_Entry", "readingTime", "featured"),
            on("news_article_Entry", field("topics", ["title"])),
          ],
          { section: "news", limit: v("limit"), orderBy: "postDate DESC" },
        ),
      ],
      read: ["entries", "0", "title"],
    },
    {
      name: "VideoPage",
      vars: [{ name: "slug", type: "[String]", sample: ["inside-the-turbine-hall"] }],
      root: [
        field(
          "entry",
          [
            ...link,
            on(
              "news_video_Entry",
              "summary",
              "videoUrl",
              "rating",
              {
                name: "eventDate",
                directive: {
                  name: "formatDateTime",
                  args: { format: "D, d M Y H:i", timezone: "Europe/Oslo" },
                },
              },
              field("heroImage", [
                transformed("poster", { width: 1280, height: 720, mode: "crop" }),
              ]),
              field("topics", ["title", "slug"]),
            ),
          ],
          { section: "news", type: "video", slug: v("slug") },
        ),
      ],
      read: ["entry", "title"],
    },
    {
      name: "ArchiveByMonth",
      vars: [
        { name: "after", type: "String", default: "2024-01-01" },
        { name: "before", type: "String", default: "2024-02-01" },
      ],
      root: [
        field("entries", card, {
          section: "news",
          after: v("after"),
          before: v("before"),
          orderBy: "postDate DESC",
        }),
      ],
      read: ["entries", "0", "title"],
    },
    {
      name: "TagPage",
      vars: [
        { name: "slug", type: "[String]", sample: ["energy"] },
        { name: "tag", type: "[Int]", sample: [80] },
      ],
      root: [
        field("tag", ["id", "title", "slug"], { group: "keywords", slug: v("slug") }),
        field("entries", card, { section: "news", relatedTo: v("tag"), limit: 10 }),
      ],
      read: ["tag", "title"],
    },
    {
      name: "PageBlocks",
      vars: [{ name: "uri", type: "[String]", sample: ["about"] }],
      root: [
        field(
          "entry",
          [
            "title",
            on("pages_page_Entry", field("articleBody", blocks)),
            on("news_article_Entry", field("articleBody", blocks)),
          ],
          { uri: v("uri") },
        ),
      ],
      read: ["entry", "title"],
    },
    {
      name: "RedirectLookup",
      vars: [{ name: "uri", type: "[String]", sample: ["contact/press/archive"] }],
      root: [
        field(
          "entry",
          ["uri", on("pages_redirect_Entry", field("relatedArticles", ["uri", "title"]))],
          { section: "pages", type: "redirect", uri: v("uri") },
        ),
      ],
      read: ["entry", "uri"],
    },
    {
      name: "LatestPerSection",
      vars: [{ name: "limit", type: "Int", default: 5 }],
      root: [
        {
          ...field("entries", [...link, formatted("postDate", "Y-m-d")], {
            section: "news",
            limit: v("limit"),
          }),
          alias: "news",
        },
        { ...field("entries", link, { section: "pages", limit: v("limit") }), alias: "pages" },
        field("categories", ["title", "slug"], { group: "topics" }),
        field("tags", ["title"], { group: "keywords" }),
      ],
      read: ["categories", "0", "title"],
    },
  ];
}

// --- Fitting the operations to a Craft-shaped schema ---------------------------------------

const SECTION_ROLES = ["news", "pages", "homepage"];
const TYPE_ROLES: Record<string, number> = { video: 1, redirect: 2 };

/**
 * The operations with the example's entry types replaced by entry types of `types` that have
 * the custom fields each fragment selects (fields no type offers together are left out), and
 * its section and type handles by theirs. For the bundled example, they are used as written.
 */
export function fitOperations(
  ops: Operation[],
  types: readonly EntryTypeInfo[],
  example: boolean,
): Operation[] {
  if (example) return ops;
  const entryNames = new Set([
    "news_article_Entry",
    "news_video_Entry",
    "pages_page_Entry",
    "pages_redirect_Entry",
    "homepage_homepage_Entry",
  ]);
  let seed = 0;
  const pick = (wanted: string[]) => {
    let best = types[0]!;
    let bestScore = -1;
    for (let i = 0; i < types.length; i++) {
      const type = types[(seed * 7 + i) % types.length]!;
      const have = new Set(type.fields.map((f) => f.handle));
      const score = wanted.filter((w) => have.has(w)).length;
      if (score > bestScore) {
        best = type;
        bestScore = score;
        if (score === wanted.length) break;
      }
    }
    seed++;
    return best;
  };
  const fitValue = (value: Value, key: string): Value => {
    if (key === "section" && typeof value === "string" && SECTION_ROLES.includes(value))
      return `section${SECTION_ROLES.indexOf(value) % Math.max(1, types.length / 5)}`;
    if (key === "section" && Array.isArray(value))
      return value.map((item) => fitValue(item as Value, key));
    if (key === "type" && typeof value === "string") return `type${TYPE_ROLES[value] ?? 0}`;
    return value;
  };
  const fitNodes = (nodes: Node[]): Node[] =>
    nodes.flatMap((node): Node[] => {
      if (typeof node === "string") return [node];
      if ("on" in node) {
        if (!entryNames.has(node.on)) return [{ on: node.on, sel: fitNodes(node.sel) }];
        const custom = (n: Node) => (typeof n === "string" ? n : "on" in n ? "" : n.name);
        const type = pick(node.sel.map(custom).filter(Boolean));
        const have = new Set(type.fields.map((f) => f.handle));
        const sel = fitNodes(node.sel.filter((n) => have.has(custom(n))));
        return sel.length ? [{ on: type.name, sel }] : [];
      }
      return [fitField(node)];
    });
  const fitField = (f: Field): Field => ({
    ...f,
    ...(f.args
      ? {
          args: Object.fromEntries(Object.entries(f.args).map(([k, val]) => [k, fitValue(val, k)])),
        }
      : {}),
    ...(f.sel ? { sel: fitNodes(f.sel) } : {}),
  });
  return ops.map((op) => ({
    ...op,
    vars: op.vars.map((variable) =>
      variable.default !== undefined && variable.name === "section"
        ? { ...variable, default: fitValue(variable.default, "section") }
        : variable,
    ),
    root: op.root.map(fitField),
  }));
}

// --- Printing ------------------------------------------------------------------------------

function gqlValue(value: Value): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `[${value.map(gqlValue).join(", ")}]`;
  if (typeof value === "object") {
    const node = value as { $?: string; enum?: string };
    return node.$ !== undefined ? `$${node.$}` : node.enum!;
  }
  return JSON.stringify(value);
}
const gqlArgs = (args: Record<string, Value> | undefined) =>
  args && Object.keys(args).length
    ? `(${Object.entries(args)
        .map(([k, val]) => `${k}: ${gqlValue(val)}`)
        .join(", ")})`
    : "";

function gqlNodes(nodes: Node[], indent: string): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return `${indent}${node}`;
      if ("on" in node)
        return `${indent}... on ${node.on} {\n${gqlNodes(node.sel, `${indent}  `)}\n${indent}}`;
      const head = `${indent}${node.alias ? `${node.alias}: ` : ""}${node.name}${gqlArgs(node.args)}`;
      const directive = node.directive
        ? ` @${node.directive.name}${gqlArgs(node.directive.args)}`
        : "";
      const sel = node.sel ? ` {\n${gqlNodes(node.sel, `${indent}  `)}\n${indent}}` : "";
      return `${head}${directive}${sel}`;
    })
    .join("\n");
}

/** The operation as GraphQL text. */
export function printGraphQL(op: Operation): string {
  const vars = op.vars.length
    ? `(${op.vars
        .map(
          (x) =>
            `$${x.name}: ${x.type}${x.default !== undefined ? ` = ${gqlValue(x.default)}` : ""}`,
        )
        .join(", ")})`
    : "";
  return `query ${op.name}${vars} {\n${gqlNodes(op.root, "  ")}\n}`;
}

function tsValue(value: Value, vars: "refs" | "inline", samples: Map<string, Value>): string {
  if (value === null) return "null";
  if (Array.isArray(value))
    return `[${value.map((item) => tsValue(item, vars, samples)).join(", ")}]`;
  if (typeof value === "object") {
    const node = value as { $?: string; enum?: string };
    if (node.$ !== undefined)
      return vars === "refs" ? `$.${node.$}` : tsValue(samples.get(node.$)!, vars, samples);
    return vars === "refs" ? `enumValue(${JSON.stringify(node.enum)})` : JSON.stringify(node.enum);
  }
  return JSON.stringify(value);
}
const tsArgs = (
  args: Record<string, Value>,
  vars: "refs" | "inline",
  samples: Map<string, Value>,
) =>
  `{ ${Object.entries(args)
    .map(([k, val]) => `${k}: ${tsValue(val, vars, samples)}`)
    .join(", ")} }`;

function oursNodes(nodes: Node[]): string {
  // Fragments on one type at one level are written as one fragment key, as a user writes them
  // (an object literal cannot repeat a key).
  const merged: Node[] = [];
  const byType = new Map<string, Fragment>();
  for (const node of nodes) {
    if (typeof node === "string" || !("on" in node)) {
      merged.push(node);
      continue;
    }
    const same = byType.get(node.on);
    if (same) same.sel.push(...node.sel);
    else {
      const copy: Fragment = { on: node.on, sel: [...node.sel] };
      byType.set(node.on, copy);
      merged.push(copy);
    }
  }
  return `{ ${merged
    .map((node) => {
      if (typeof node === "string") return `${node}: true`;
      if ("on" in node) return `${JSON.stringify(`... on ${node.on}`)}: ${oursNodes(node.sel)}`;
      const key = node.alias ? JSON.stringify(`${node.alias}: ${node.name}`) : node.name;
      const args = node.args ? tsArgs(node.args, "refs", new Map()) : undefined;
      let value = node.sel
        ? args
          ? `{ __args: ${args}, ${oursNodes(node.sel).slice(2)}`
          : oursNodes(node.sel)
        : args
          ? `{ __args: ${args} }`
          : "true";
      if (node.directive) {
        const dargs = tsArgs(node.directive.args, "refs", new Map());
        value = `${node.directive.name}(${dargs}${value === "true" ? "" : `, ${value}`})`;
      }
      return `${key}: ${value}`;
    })
    .join(", ")} }`;
}

const samplesOf = (op: Operation) =>
  new Map(op.vars.map((x) => [x.name, (x.sample ?? x.default) as Value]));
const sent = (op: Operation) => {
  const given = op.vars.filter((x) => x.sample !== undefined);
  return given.length
    ? `{ ${given.map((x) => `${x.name}: ${JSON.stringify(x.sample)}`).join(", ")} }`
    : undefined;
};
const readPath = (path: string[]) =>
  `data${path.map((p) => (/^\d+$/.test(p) ? `?.[${p}]` : `?.${p}`)).join("")}`;

/** A typewire consumer: one exported async function per operation. */
export function oursRealistic(ops: Operation[]): string {
  const body = ops.map((op, i) => {
    const roots = op.root
      .map((f) => {
        const args = f.args ? tsArgs(f.args, "refs", new Map()) : "{}";
        return `${f.alias ?? f.name}: ${f.name}(${args}${f.sel ? `, ${oursNodes(f.sel)}` : ""})`;
      })
      .join(",\n    ");
    const decl = op.vars
      .map(
        (x) =>
          `${x.name}: ${x.default !== undefined ? `["${x.type}", ${JSON.stringify(x.default)}]` : `"${x.type}"`}`,
      )
      .join(", ");
    const q = op.vars.length
      ? `query({ ${decl} }, (${op.vars.some((x) => usesVar(op, x.name)) ? "$" : "_"}) => ({\n    ${roots},\n  }))`
      : `query({\n    ${roots},\n  })`;
    const vars = sent(op);
    return `export async function q${i}() {
  const data = await client.request(${q}.named(${JSON.stringify(op.name)})${vars ? `, ${vars}` : ""});
  return ${readPath(op.read)};
}`;
  });
  const names = new Set<string>(["query"]);
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (typeof node === "string") continue;
      if ("on" in node) {
        walk(node.sel);
        continue;
      }
      if (node.directive) names.add(node.directive.name);
      if (node.sel) walk(node.sel);
    }
  };
  for (const op of ops) {
    for (const f of op.root) names.add(f.name);
    walk(op.root);
  }
  return `import { createContentClient } from "@typewire/runtime/content";
import { ${[...names].sort().join(", ")} } from "./ours/query.js";

const client = createContentClient({ endpoint: "http://127.0.0.1:4000/api" });

${body.join("\n\n")}
`;
}

function usesVar(op: Operation, name: string): boolean {
  return JSON.stringify(op.root).includes(`{"$":${JSON.stringify(name)}}`);
}

/** Craft's list arguments: genql takes no single value where a list is expected. */
const LIST_ARGS = new Set([
  "section",
  "type",
  "uri",
  "slug",
  "handle",
  "group",
  "id",
  "relatedTo",
  "volume",
]);
const genqlArgs = (args: Record<string, Value>): Record<string, Value> =>
  Object.fromEntries(
    Object.entries(args).map(([k, val]) => [
      k,
      LIST_ARGS.has(k) && !Array.isArray(val) && !(typeof val === "object" && val !== null)
        ? [val]
        : val,
    ]),
  );

/**
 * A field's arguments for genql: those given, or `{}` where the schema's field takes arguments
 * and none are given (genql's selection types require `__args` on every field with arguments).
 */
function genqlFieldArgs(
  type: GraphQLNamedType | undefined,
  name: string,
  args: Record<string, Value>,
  samples: Map<string, Value>,
): string | undefined {
  if (Object.keys(args).length) return tsArgs(args, "inline", samples);
  const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
  return field && field.args.length > 0 ? "{}" : undefined;
}

function fieldType(type: GraphQLNamedType | undefined, name: string): GraphQLNamedType | undefined {
  const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
  return field ? getNamedType(field.type) : undefined;
}

function genqlNodes(
  nodes: Node[],
  samples: Map<string, Value>,
  schema: GraphQLSchema,
  type: GraphQLNamedType | undefined,
): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  let fragments = false;
  for (const node of nodes) {
    if (typeof node === "string") {
      if (!seen.has(node)) parts.push(`${node}: true`);
      seen.add(node);
    } else if ("on" in node) {
      fragments = true;
      const key = `on_${node.on}`;
      if (!seen.has(key)) {
        parts.push(`${key}: ${genqlNodes(node.sel, samples, schema, schema.getType(node.on))}`);
      }
      seen.add(key);
    } else {
      if (seen.has(node.name)) continue;
      seen.add(node.name);
      const args = {
        ...node.args,
        ...(node.directive?.name === "transform" ? node.directive.args : {}),
      };
      const a = genqlFieldArgs(type, node.name, args, samples);
      const inner = node.sel
        ? genqlNodes(node.sel, samples, schema, fieldType(type, node.name))
        : undefined;
      const value = inner
        ? a
          ? `{ __args: ${a}, ${inner.slice(2)}`
          : inner
        : a
          ? `{ __args: ${a} }`
          : "true";
      parts.push(`${node.name}: ${value}`);
    }
  }
  if (fragments && !seen.has("__typename")) parts.unshift("__typename: true");
  return `{ ${parts.join(", ")} }`;
}

/** The same operations for genql's client (values inline, no aliases, no directives). */
export function genqlRealistic(ops: Operation[], schema: GraphQLSchema): string {
  const body = ops.map((op, i) => {
    const samples = samplesOf(op);
    const seen = new Set<string>();
    const roots = op.root
      .filter((f) => !seen.has(f.name) && seen.add(f.name))
      .map((f) => {
        const query = schema.getQueryType() ?? undefined;
        const a = genqlFieldArgs(query, f.name, genqlArgs(f.args ?? {}), samples);
        const sel = genqlNodes(f.sel ?? [], samples, schema, fieldType(query, f.name));
        return `${f.name}: ${a ? `{ __args: ${a}, ${sel.slice(2)}` : sel}`;
      })
      .join(",\n    ");
    return `export async function q${i}() {
  const data = await client.query({
    ${roots},
  });
  return ${readPath(op.read)};
}`;
  });
  return `import { createClient } from "./genql/index";

const client = createClient({ url: "http://127.0.0.1:4000/api" });

${body.join("\n\n")}
`;
}

const typedRequest = (documentType: string) =>
  `declare function request<R, V>(document: ${documentType}<R, V>, variables: V): Promise<R>;`;

/** The same operations for the GraphQL Code Generator's client preset (run over this file). */
export function clientPresetRealistic(ops: Operation[]): string {
  const body = ops.map(
    (op, i) => `export async function q${i}() {
  const data = await request(graphql(\`
${printGraphQL(op)}
\`), ${sent(op) ?? "{}"});
  return ${readPath(op.read)};
}`,
  );
  return `import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { graphql } from "./client-preset/gql";

${typedRequest("TypedDocumentNode")}

${body.join("\n\n")}
`;
}

/** The same operations for gql.tada. */
export function tadaRealistic(ops: Operation[]): string {
  const body = ops.map(
    (op, i) => `export async function q${i}() {
  const data = await request(graphql(\`
${printGraphQL(op)}
\`), ${sent(op) ?? "{}"});
  return ${readPath(op.read)};
}`,
  );
  return `import { type TadaDocumentNode, initGraphQLTada } from "gql.tada";
import type { introspection } from "./tada/introspection";

const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { DateTime: string; QueryArgument: string | number | boolean };
}>();

${typedRequest("TadaDocumentNode")}

${body.join("\n\n")}
`;
}

/**
 * The same operations as typed documents generated from `.graphql` files (one file per operation,
 * printed by `printGraphQL`): typewire's `documents.ts` sent through the content client, and the
 * client preset's `graphql.ts` documents through a typed `request`, both named `<Name>Document`.
 */
export function documentsConsumers(ops: Operation[]): { ours: string; clientPreset: string } {
  const body = (call: (op: Operation) => string) =>
    ops
      .map(
        (op, i) => `export async function q${i}() {
  const data = await ${call(op)};
  return ${readPath(op.read)};
}`,
      )
      .join("\n\n");
  const names = ops.map((op) => `${op.name}Document`).join(", ");
  return {
    ours: `import { createContentClient } from "@typewire/runtime/content";
import { ${names} } from "./docs-ours/site/documents.js";

const client = createContentClient({ endpoint: "http://127.0.0.1:4000/api" });

${body((op) => `client.request(${op.name}Document${sent(op) ? `, ${sent(op)}` : ""})`)}
`,
    clientPreset: `import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { ${names} } from "./docs-preset/graphql";

${typedRequest("TypedDocumentNode")}

${body((op) => `request(${op.name}Document, ${sent(op) ?? "{}"})`)}
`,
  };
}
