import { readFile } from "node:fs/promises";
import { extname, relative, resolve } from "node:path";
import { relativePath } from "../../input/paths.js";
import type { GraphQLSchema } from "graphql";
import { GeneratorError } from "../../input/errors.js";
import { type WriteResult, writeFiles } from "../writer.js";
import { fetchSchema } from "./fetch-schema.js";
import { readSite } from "../../site/read-site.js";
import { schemaToIntrospectionJson, schemaToSdl } from "./schema-text.js";
import { buildContentSchema } from "../../site/site-schema.js";

/** Where `typewire introspect` reads a schema from. */
export type IntrospectSource =
  { endpoint: string; token?: string; timeoutMs?: number } | { site: string; schema?: string };

/**
 * Loads a schema from a live endpoint or from a site file (optionally one of its API schemas).
 *
 * @example
 * const schema = await introspectSource({ endpoint: "http://127.0.0.1:4000/api", token: "secret" }, cwd);
 */
export async function introspectSource(
  source: IntrospectSource,
  cwd: string,
): Promise<GraphQLSchema> {
  if ("endpoint" in source)
    return fetchSchema(source.endpoint, { token: source.token, timeoutMs: source.timeoutMs });
  const file = resolve(cwd, source.site);
  const display = relative(cwd, file) || file;
  const site = await readSite(file, display);
  if (source.schema === undefined) return buildContentSchema(site);
  const definition = site.schemas[source.schema];
  if (!definition) {
    const known = Object.keys(site.schemas).sort().join(", ");
    throw new GeneratorError(`the site has no API schema "${source.schema}" (it has: ${known})`, {
      file: display,
      entry: "schemas",
    });
  }
  return buildContentSchema(site, definition.scope);
}

/** The text of `schema` for `out`: SDL for `.graphql`/`.gql`, introspection JSON otherwise. */
export async function schemaTextFor(out: string, schema: GraphQLSchema): Promise<string> {
  const extension = extname(out).toLowerCase();
  return extension === ".graphql" || extension === ".gql"
    ? schemaToSdl(schema)
    : schemaToIntrospectionJson(schema);
}

/**
 * Writes `schema` to every file in `outs` (format chosen by extension), all or nothing: every text
 * is produced first, then the writer renames them into place. Unchanged files are not touched.
 */
export async function writeSchemaFiles(
  schema: GraphQLSchema,
  outs: readonly string[],
  cwd: string,
): Promise<WriteResult> {
  const files = [];
  for (const out of outs) {
    const absolutePath = resolve(cwd, out);
    files.push({
      absolutePath,
      displayPath: relativePath(cwd, absolutePath),
      text: await schemaTextFor(out, schema),
    });
  }
  return writeFiles(files, [], cwd);
}

/** How a saved schema file compares with a schema: the lines only in each, in file order. */
export interface SchemaFileComparison {
  displayPath: string;
  changed: boolean;
  missing: boolean;
  /** Lines the live schema has and the file lacks. */
  added: string[];
  /** Lines the file has and the live schema lacks. */
  removed: string[];
}

/**
 * Compares `schema`, written as {@link writeSchemaFiles} would write it, with each file in `outs`;
 * writes nothing.
 */
export async function compareSchemaFiles(
  schema: GraphQLSchema,
  outs: readonly string[],
  cwd: string,
): Promise<SchemaFileComparison[]> {
  const comparisons: SchemaFileComparison[] = [];
  for (const out of outs) {
    const absolutePath = resolve(cwd, out);
    const displayPath = relativePath(cwd, absolutePath);
    const live = await schemaTextFor(out, schema);
    const saved = await readFile(absolutePath, "utf8").catch(() => undefined);
    if (saved === undefined) {
      comparisons.push({ displayPath, changed: true, missing: true, added: [], removed: [] });
      continue;
    }
    const liveLines = live.split("\n");
    const savedLines = saved.replace(/\r\n?/g, "\n").split("\n");
    const inLive = new Set(liveLines);
    const inSaved = new Set(savedLines);
    comparisons.push({
      displayPath,
      changed: live !== saved,
      missing: false,
      added: liveLines.filter((line) => !inSaved.has(line)),
      removed: savedLines.filter((line) => !inLive.has(line)),
    });
  }
  return comparisons;
}
