import type { EntryTypeInfo } from "./craft-schema.js";

/** One typed query of the benchmark, described once and written for each library. */
interface QuerySpec {
  section: string;
  fragmentType: string;
  text: string;
  asset?: string | undefined;
}

/** `count` queries spread over the entry types: fields, a nested argument, a fragment. */
export function querySpecs(count: number, types: readonly EntryTypeInfo[]): QuerySpec[] {
  const usable = types.filter((t) =>
    t.fields.some((f) => f.kind === "plainText" || f.kind === "richText"),
  );
  return Array.from({ length: count }, (_, q) => {
    const type = usable[(q * 7) % usable.length]!;
    return {
      section: type.section,
      fragmentType: type.name,
      text: type.fields.find((f) => f.kind === "plainText" || f.kind === "richText")!.handle,
      asset: type.fields.find((f) => f.kind === "assets")?.handle,
    };
  });
}

/** A module with one exported async function per query, each reading its typed result. */
export function oursConsumer(specs: QuerySpec[]): string {
  const body = specs.map((s, q) => {
    const asset = s.asset ? `, ${s.asset}: { url: { __args: { width: 300 } } }` : "";
    return `export async function q${q}() {
  const data = await client.request(query({
    entries: entries({ section: ["${s.section}"], limit: 10 }, {
      id: true, title: true, postDate: true,
      parent: { title: true },
      children: { __args: { limit: 3 }, id: true, title: true },
      ...on("${s.fragmentType}", { ${s.text}: true${asset} }),
    }),
  }));
  const first = data.entries?.[0];
  const text: string | null | undefined = first?.__typename === "${s.fragmentType}" ? first.${s.text} : first?.title;
  return text;
}`;
  });
  return `import { createContentClient } from "@typewire/runtime/content";
import { entries, on, query } from "./ours/query.js";

const client = createContentClient({ endpoint: "http://127.0.0.1:4000/api" });

${body.join("\n\n")}
`;
}

/** The same queries written for the genql client. */
export function genqlConsumer(specs: QuerySpec[]): string {
  const body = specs.map((s, q) => {
    const asset = s.asset ? `, ${s.asset}: { url: { __args: { width: 300 } } }` : "";
    return `export async function q${q}() {
  const data = await client.query({
    entries: {
      __args: { section: ["${s.section}"], limit: 10 },
      __typename: true, id: true, title: true, postDate: true,
      parent: { title: true },
      children: { __args: { limit: 3 }, id: true, title: true },
      on_${s.fragmentType}: { ${s.text}: true${asset} },
    },
  });
  const first = data.entries?.[0];
  const text: string | null | undefined = first?.__typename === "${s.fragmentType}" ? first.${s.text} : first?.title;
  return text;
}`;
  });
  return `import { createClient } from "./genql/index";

const client = createClient({ url: "http://127.0.0.1:4000/api" });

${body.join("\n\n")}
`;
}

/** A program that sends the one query of a consumer cut to its first query, for the bundle size. */
export function oneQueryProgram(firstQuery: string): string {
  return `${firstQuery}\nq0().then((text) => text);\n`;
}
