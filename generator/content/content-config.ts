import { access } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { relativePath } from "../../input/paths.js";
import fastGlob from "fast-glob";
import { GeneratorError, type SourceLocation } from "../../input/errors.js";
import type { JsonSource } from "../../input/json-source.js";

/** One content API schema to generate a module for, with the extra directives its config names. */
export type ContentSchemaSource = (
  | { name: string; file: string; savedFrom?: SavedFrom }
  | { name: string; endpoint: string; token?: string; tokenEnv?: string }
) & { directives?: ConfiguredDirective[] };

/**
 * Where a schema file is saved from, when its config entry names both `file` and `endpoint`:
 * `generate` and `check` read the file (no network), `typewire introspect` refreshes it from the
 * endpoint (or, with `--check`, says whether it differs). The token is read only then.
 */
export interface SavedFrom {
  endpoint: string;
  token?: string;
  tokenEnv?: string;
}

/** A directive definition (SDL) from the config, with the place it was written, for errors. */
export interface ConfiguredDirective {
  sdl: string;
  at: SourceLocation;
}

/** A set of GraphQL documents and the schemas whose tokens run them. */
export interface DocumentSet {
  /** The files the set's globs matched (absolute), sorted. */
  files: string[];
  /** Names of configured schemas, in the order the config gives them. */
  schemas: string[];
  /** The glob patterns as the config writes them, relative to its folder. */
  include?: string[];
  /**
   * The folders the globs search (absolute): `--watch` watches them for document files, so a new
   * file a pattern matches starts a run.
   */
  folders?: string[];
}

/** GraphQL document files `content.documents` may match. */
export const DOCUMENT_EXTENSIONS: ReadonlySet<string> = new Set([".graphql", ".gql"]);

export interface ContentConfig {
  /** Output folder (absolute); each schema gets `<out>/<name>/`. */
  out: string;
  /** Sorted by name. */
  schemas: ContentSchemaSource[];
  /** The document sets, in the config's order. */
  documents?: DocumentSet[];
  /** `--watch` re-introspects endpoint sources this often. */
  pollSeconds: number;
}

/** The shape of the `content` section in `typewire.config.json` (already checked by the config's JSON Schema). */
export interface RawContentConfig {
  out: string;
  pollSeconds?: number;
  schemas: Record<
    string,
    { file?: string; endpoint?: string; token?: string; tokenEnv?: string; directives?: string[] }
  >;
  documents?: { include: string[]; schemas: string[] }[];
}

export const DEFAULT_POLL_SECONDS = 30;

/**
 * Resolves the `content` section: paths against the config file's folder, `tokenEnv` against the
 * environment. Each schema names exactly one of `file` and `endpoint`; a file must exist.
 *
 * @example
 * await resolveContentConfig({ out: "output/content", schemas: { site: { file: "schema.graphql" } } }, source, dir);
 */
export async function resolveContentConfig(
  raw: RawContentConfig,
  source: JsonSource,
  base: string,
  env: Record<string, string | undefined> = process.env,
  /** Problems go here, all of them, when given; else the first one found is thrown. */
  problems?: GeneratorError[],
): Promise<ContentConfig> {
  const fail = (message: string, path: string[]) => {
    const error = new GeneratorError(message, {
      file: source.file,
      ...source.locate(path),
      entry: path.join("."),
    });
    if (!problems) throw error;
    problems.push(error);
  };
  const schemas: ContentSchemaSource[] = [];
  for (const name of Object.keys(raw.schemas).sort()) {
    const entry = raw.schemas[name]!;
    const path = ["content", "schemas", name];
    const directives = entry.directives?.length
      ? {
          directives: entry.directives.map((sdl, index) => {
            const at = [...path, "directives", String(index)];
            return { sdl, at: { file: source.file, ...source.locate(at), entry: at.join(".") } };
          }),
        }
      : {};
    if (entry.file === undefined && entry.endpoint === undefined) {
      fail(
        `schema "${name}" needs "file", "endpoint" or both (a file saved from the endpoint)`,
        path,
      );
      continue;
    }
    if (entry.token !== undefined && entry.tokenEnv !== undefined) {
      fail(`schema "${name}": give "token" or "tokenEnv", not both`, path);
      continue;
    }
    if (entry.file !== undefined) {
      if (
        entry.endpoint === undefined &&
        (entry.token !== undefined || entry.tokenEnv !== undefined)
      ) {
        fail(`schema "${name}": a token goes with "endpoint", not "file"`, path);
        continue;
      }
      const file = resolve(base, entry.file);
      if (!(await exists(file))) {
        fail(
          entry.endpoint === undefined
            ? `"${entry.file}" does not exist (resolved to ${file})`
            : `"${entry.file}" does not exist (resolved to ${file}): save it from ${entry.endpoint} with \`typewire introspect\``,
          [...path, "file"],
        );
        continue;
      }
      // The token of a saved schema is read by `typewire introspect`, never here: generate and
      // check need neither it nor the network.
      const savedFrom: SavedFrom | undefined =
        entry.endpoint === undefined
          ? undefined
          : {
              endpoint: entry.endpoint,
              ...(entry.token !== undefined ? { token: entry.token } : {}),
              ...(entry.tokenEnv !== undefined ? { tokenEnv: entry.tokenEnv } : {}),
            };
      schemas.push({ name, file, ...(savedFrom ? { savedFrom } : {}), ...directives });
      continue;
    }
    let token = entry.token;
    if (entry.tokenEnv !== undefined) {
      token = env[entry.tokenEnv];
      if (!token) {
        fail(
          `environment variable ${entry.tokenEnv} is not set (it holds the token of schema "${name}")`,
          [...path, "tokenEnv"],
        );
        continue;
      }
    }
    schemas.push({
      name,
      endpoint: entry.endpoint!,
      ...(token ? { token } : {}),
      ...(entry.tokenEnv !== undefined ? { tokenEnv: entry.tokenEnv } : {}),
      ...directives,
    });
  }
  const documents: DocumentSet[] = [];
  for (const [index, set] of (raw.documents ?? []).entries()) {
    const path = ["content", "documents", String(index)];
    const unknown = set.schemas.filter((name) => !(name in raw.schemas));
    for (const name of unknown) {
      fail(
        `document set ${index} names schema "${name}", which content.schemas does not have (it has ${Object.keys(
          raw.schemas,
        )
          .map((n) => `"${n}"`)
          .join(", ")})`,
        [...path, "schemas", String(set.schemas.indexOf(name))],
      );
    }
    const files = await matchDocuments(set.include, base);
    if (files.length === 0) {
      fail(
        `no .graphql or .gql file matches ${set.include.map((p) => JSON.stringify(p)).join(", ")} (relative to ${base})`,
        [...path, "include"],
      );
      continue;
    }
    if (unknown.length === 0) {
      documents.push({
        files,
        schemas: [...set.schemas],
        include: [...set.include],
        folders: globFolders(set.include, base),
      });
    }
  }
  return {
    out: resolve(base, raw.out),
    schemas,
    documents,
    pollSeconds: raw.pollSeconds ?? DEFAULT_POLL_SECONDS,
  };
}

/**
 * The `.graphql` and `.gql` files that glob patterns match under `base`, absolute and sorted,
 * `node_modules` left out.
 *
 * @example
 * await matchDocuments(["src/**\/*.graphql"], "/project"); // ["/project/src/page.graphql", ...]
 */
export async function matchDocuments(patterns: readonly string[], base: string): Promise<string[]> {
  const found = await fastGlob([...patterns], {
    cwd: base,
    absolute: true,
    onlyFiles: true,
    ignore: ["**/node_modules/**"],
  });
  return [
    ...new Set(
      found
        .map((file) => resolve(file))
        .filter((file) => DOCUMENT_EXTENSIONS.has(extname(file).toLowerCase())),
    ),
  ].sort((a, b) => compare(relativePath(base, a), relativePath(base, b)));
}

/** The folder each pattern searches: its part before the first glob character, absolute. */
export function globFolders(patterns: readonly string[], base: string): string[] {
  const folders = fastGlob
    .generateTasks([...patterns], { cwd: base })
    .map((task) => resolve(base, task.base));
  return [...new Set(folders)].sort();
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
