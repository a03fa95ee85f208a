import { access } from "node:fs/promises";
import { resolve } from "node:path";
import { GeneratorError, type SourceLocation } from "../../input/errors.js";
import type { JsonSource } from "../../input/json-source.js";

/** One content API schema to generate a module for, with the extra directives its config names. */
export type ContentSchemaSource = (
  | { name: string; file: string }
  | { name: string; endpoint: string; token?: string; tokenEnv?: string }
) & { directives?: ConfiguredDirective[] };

/** A directive definition (SDL) from the config, with the place it was written, for errors. */
export interface ConfiguredDirective {
  sdl: string;
  at: SourceLocation;
}

export interface ContentConfig {
  /** Output folder (absolute); each schema gets `<out>/<name>/`. */
  out: string;
  /** Sorted by name. */
  schemas: ContentSchemaSource[];
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
    if ((entry.file === undefined) === (entry.endpoint === undefined)) {
      fail(`schema "${name}" needs exactly one of "file" or "endpoint"`, path);
      continue;
    }
    if (entry.file !== undefined) {
      if (entry.token !== undefined || entry.tokenEnv !== undefined) {
        fail(`schema "${name}": a token goes with "endpoint", not "file"`, path);
        continue;
      }
      const file = resolve(base, entry.file);
      if (!(await exists(file))) {
        fail(`"${entry.file}" does not exist (resolved to ${file})`, [...path, "file"]);
        continue;
      }
      schemas.push({ name, file, ...directives });
      continue;
    }
    if (entry.token !== undefined && entry.tokenEnv !== undefined) {
      fail(`schema "${name}": give "token" or "tokenEnv", not both`, path);
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
    schemas.push({ name, endpoint: entry.endpoint!, ...(token ? { token } : {}), ...directives });
  }
  return {
    out: resolve(base, raw.out),
    schemas,
    pollSeconds: raw.pollSeconds ?? DEFAULT_POLL_SECONDS,
  };
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
