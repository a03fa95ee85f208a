import { readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { relativePath } from "../../input/paths.js";
import { type Doc, group, indent, join as joinDocs, layout, line, softline } from "../print/doc.js";
import type { ContentConfig } from "./content-config.js";

/**
 * The graphql-config file typewire writes beside its own config: the file editors' GraphQL
 * extensions (VS Code's GraphQL extension, the JetBrains GraphQL plugin) and GraphQL language
 * servers read to validate and complete `.graphql` files.
 */
export const GRAPHQL_CONFIG_FILE = "graphql.config.json";

/** One schema as a config file names it: paths relative to the config's folder. */
export interface GraphqlConfigSchema {
  name: string;
  file?: string | undefined;
  endpoint?: string | undefined;
  tokenEnv?: string | undefined;
}

/** A graphql-config project per schema, in the shape graphql-config reads. */
interface GraphqlConfigProject {
  schema: string | Record<string, { headers: Record<string, string> }>;
  documents?: string[];
  extensions: { typewire: { config: string } };
}

/**
 * The graphql-config file's content for a typewire config: one project per content schema, named
 * as the schema, with its schema (the saved file when there is one, else the endpoint, with its
 * token as an environment variable graphql-config reads) and the glob patterns of every document
 * set declared for it. Each project's `extensions.typewire` names the typewire config, which is
 * how `generate` knows the file is its own to rewrite.
 *
 * @example
 * graphqlConfigText([{ name: "public", file: "cms/public.graphql" }], [{ include: ["src/**\/*.graphql"], schemas: ["public"] }], "typewire.config.json");
 */
export async function graphqlConfigText(
  schemas: readonly GraphqlConfigSchema[],
  documents: readonly { include: readonly string[]; schemas: readonly string[] }[],
  configName: string,
): Promise<string> {
  const projects: Record<string, GraphqlConfigProject> = {};
  for (const schema of [...schemas].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const include = [
      ...new Set(
        documents.filter((set) => set.schemas.includes(schema.name)).flatMap((set) => set.include),
      ),
    ];
    projects[schema.name] = {
      schema:
        schema.file ??
        (schema.tokenEnv
          ? { [schema.endpoint!]: { headers: { Authorization: `Bearer \${${schema.tokenEnv}}` } } }
          : schema.endpoint!),
      ...(include.length ? { documents: include } : {}),
      extensions: { typewire: { config: configName } },
    };
  }
  // Laid out as prettier lays out JSON, so a project that checks its formatting accepts it.
  return `${layout(jsonDoc({ projects }), JSON_WIDTH)}\n`;
}

/** Prettier's default width, which it lays out JSON in. */
const JSON_WIDTH = 80;

/**
 * A JSON value as prettier lays it out: each object and array on one line when it fits, else one
 * entry per line. Objects inside arrays (which prettier may keep broken) never occur here.
 */
function jsonDoc(value: unknown): Doc {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return group([
      "[",
      indent([softline, joinDocs([",", line], value.map(jsonDoc))]),
      softline,
      "]",
    ]);
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    const members = entries.map(([key, v]): Doc => [JSON.stringify(key), ": ", jsonDoc(v)]);
    return group(["{", indent([line, joinDocs([",", line], members)]), line, "}"]);
  }
  return JSON.stringify(value);
}

/** The schemas of a resolved content config, with paths relative to the config's folder again. */
function graphqlConfigSchemasOf(content: ContentConfig, configFile: string): GraphqlConfigSchema[] {
  const base = dirname(configFile);
  return content.schemas.map((schema) =>
    "file" in schema
      ? { name: schema.name, file: relativePath(base, schema.file) }
      : {
          name: schema.name,
          endpoint: schema.endpoint,
          ...(schema.tokenEnv ? { tokenEnv: schema.tokenEnv } : {}),
        },
  );
}

/**
 * The graphql-config file of a config file with a content section: its path and text, or why it
 * is left alone (a `graphql.config.json` that typewire did not write: the project's own).
 */
export async function graphqlConfigFor(
  content: ContentConfig,
  configFile: string,
): Promise<{ path: string; text: string } | { path: string; foreign: true }> {
  const path = join(dirname(configFile), GRAPHQL_CONFIG_FILE);
  const current = await readFile(path, "utf8").catch(() => undefined);
  if (current !== undefined && !writtenByTypewire(current)) return { path, foreign: true };
  const documents = (content.documents ?? []).map((set) => ({
    include: set.include ?? [],
    schemas: set.schemas,
  }));
  return {
    path,
    text: await graphqlConfigText(
      graphqlConfigSchemasOf(content, configFile),
      documents,
      basename(configFile),
    ),
  };
}

function writtenByTypewire(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as {
      projects?: Record<string, { extensions?: { typewire?: unknown } }>;
    };
    const projects = Object.values(parsed.projects ?? {});
    return projects.length > 0 && projects.every((project) => project.extensions?.typewire);
  } catch {
    return false;
  }
}
