import { mkdir, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { configFilesIn } from "../../input/config-file.js";
import { GeneratorError, throwAll } from "../../input/errors.js";
import { relativePath } from "../../input/paths.js";

export interface StarterConfigOptions {
  cwd: string;
  /** Where to write; `typewire.config.json` in `cwd` by default. */
  file?: string | undefined;
  endpoint?: string | undefined;
  tokenEnv?: string | undefined;
  schema?: string | undefined;
  /** The project's own event/action table (a JSON file), relative to `cwd`. */
  events?: string | undefined;
  /** The folder of its payload JSON Schemas, relative to `cwd`. */
  payloads?: string | undefined;
  /** Relative to `cwd`, as every path option is; the config stores it relative to its folder. */
  webhooksOut?: string | undefined;
  contentOut?: string | undefined;
  /**
   * With `endpoint`: where the schemas are saved (relative to `cwd`), one `<name>.graphql` each,
   * read by `generate` and `check` without the network. Default: `cms`.
   */
  schemaDir?: string | undefined;
  /** With `endpoint`: no saved files; every run introspects the endpoint (CI needs it and its token). */
  live?: boolean | undefined;
  /** With `endpoint`: glob patterns of the project's `.graphql` documents, declared for every schema. */
  documents?: readonly string[] | undefined;
}

/** One content schema as the starter config writes it. */
export interface StarterSchema {
  file?: string;
  endpoint: string;
  tokenEnv?: string;
}

/** The sections a starter config has; paths as written in the file. */
export interface StarterConfig {
  $schema: string;
  webhooks?: { events?: string; payloads?: string; out: string };
  content?: {
    out: string;
    schemas: Record<string, StarterSchema>;
    documents?: { include: string[]; schemas: string[] }[];
  };
}

/** What `init` wrote, for its report. */
export interface WrittenStarterConfig {
  /** The config file, relative to `cwd`. */
  file: string;
  config: StarterConfig;
  tokenEnv?: string;
  /** The graphql-config file written beside it, relative to `cwd`, if one was. */
  graphqlConfig?: string;
  /** Each saved schema file (relative to `cwd`), or why it could not be saved yet. */
  saved?: { name: string; file: string; problem?: string }[];
}

export const DEFAULT_WEBHOOKS_OUT = "src/generated/webhooks";
export const DEFAULT_CONTENT_OUT = "src/generated/content";
export const DEFAULT_SCHEMA_DIR = "cms";

/**
 * A starter config: only what the project needs generated, since `@typewire/runtime` already
 * ships the platform's webhook code. Without options it has no section at all. `events` (and
 * `payloads`) give a `webhooks` section for the project's own event table; `webhooksOut` alone,
 * one for the bundled table in that folder; `endpoint`, a content module for its public schema
 * and, with `tokenEnv`, one for that token's schema. Paths given are relative to `cwd`; the config
 * holds them relative to its own folder, as `generate` reads them.
 *
 * @example
 * starterConfig({ cwd: ".", events: "webhooks/events.json" });
 * // { $schema: "./node_modules/typewire/schemas/config.schema.json",
 * //   webhooks: { events: "webhooks/events.json", out: "src/generated/webhooks" } }
 */
export function starterConfig(options: StarterConfigOptions): StarterConfig {
  const { endpoint, tokenEnv, schema = "private" } = options;
  const base = dirname(configPath(options));
  const fromConfig = (path: string) => relativePath(base, resolve(options.cwd, path)) || ".";
  const config: StarterConfig = {
    $schema: "./node_modules/typewire/schemas/config.schema.json",
  };
  if (options.events !== undefined || options.webhooksOut !== undefined) {
    config.webhooks = {
      ...(options.events !== undefined ? { events: fromConfig(options.events) } : {}),
      ...(options.payloads !== undefined ? { payloads: fromConfig(options.payloads) } : {}),
      out:
        options.webhooksOut !== undefined ? fromConfig(options.webhooksOut) : DEFAULT_WEBHOOKS_OUT,
    };
  }
  if (endpoint !== undefined) {
    const saved = (name: string) =>
      options.live
        ? {}
        : { file: `${fromConfig(options.schemaDir ?? DEFAULT_SCHEMA_DIR)}/${name}.graphql` };
    const names = ["public", ...(tokenEnv ? [schema] : [])];
    config.content = {
      out: options.contentOut !== undefined ? fromConfig(options.contentOut) : DEFAULT_CONTENT_OUT,
      schemas: {
        public: { ...saved("public"), endpoint },
        ...(tokenEnv ? { [schema]: { ...saved(schema), endpoint, tokenEnv } } : {}),
      },
      ...(options.documents?.length
        ? {
            documents: [
              {
                include: options.documents.map((glob) => fromConfigGlob(base, options.cwd, glob)),
                schemas: names,
              },
            ],
          }
        : {}),
    };
  }
  return config;
}

/** A glob given relative to `cwd`, relative to the config's folder (its fixed part moved). */
function fromConfigGlob(base: string, cwd: string, glob: string): string {
  const prefix = relativePath(base, cwd);
  return prefix ? `${prefix}/${glob}` : glob;
}

/** The text of {@link starterConfig}: two-space JSON and a final newline. */
export function starterConfigText(options: StarterConfigOptions): string {
  return `${JSON.stringify(starterConfig(options), null, 2)}\n`;
}

/**
 * `typewire init` as a function: checks that the inputs it names exist, then writes the starter
 * config, never over an existing file.
 *
 * @example
 * await writeStarterConfig({ cwd: process.cwd(), events: "webhooks/events.json", payloads: "webhooks/payloads" });
 */
export async function writeStarterConfig(
  options: StarterConfigOptions,
): Promise<WrittenStarterConfig> {
  await checkInputs(options);
  const path = configPath(options);
  const display = relative(options.cwd, path) || path;
  // A config module (`typewire.config.ts`, `.mjs`...) is a config too: a JSON one beside it would
  // make the folder's config ambiguous.
  if (!options.file) {
    const [existing] = await configFilesIn(options.cwd);
    if (existing) {
      throw new GeneratorError(
        "already exists; typewire init never overwrites a config. Edit it, or remove it and run init again",
        { file: relative(options.cwd, existing) },
      );
    }
  }
  const config = starterConfig(options);
  try {
    // `--config sub/typewire.config.json` in a new project: the folder is made, as generate makes
    // its output folders.
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") {
      throw new GeneratorError(
        "already exists; typewire init never overwrites a config. Edit it, or remove it and run init again",
        { file: display },
      );
    }
    throw new GeneratorError(`cannot write the config: ${(error as Error).message}`, {
      file: display,
    });
  }
  const saved = config.content
    ? await saveSchemas(config.content.schemas, dirname(path), options)
    : [];
  const graphqlConfig = config.content
    ? await writeGraphqlConfig(config.content, path, options.cwd)
    : undefined;
  return {
    file: display,
    config,
    ...(options.tokenEnv ? { tokenEnv: options.tokenEnv } : {}),
    ...(graphqlConfig ? { graphqlConfig } : {}),
    ...(saved.length ? { saved } : {}),
  };
}

/**
 * Saves each schema that has a file from its endpoint, as `typewire introspect` does. A schema
 * that cannot be saved now (the endpoint unreachable, its token's variable unset) does not stop
 * init: the config is written, and the report says how to save it later.
 */
async function saveSchemas(
  schemas: Record<string, StarterSchema>,
  base: string,
  options: StarterConfigOptions,
): Promise<{ name: string; file: string; problem?: string }[]> {
  const { introspectSource, writeSchemaFiles } =
    await import("../../generator/content/introspect.js");
  const results: { name: string; file: string; problem?: string }[] = [];
  for (const [name, entry] of Object.entries(schemas)) {
    if (entry.file === undefined) continue;
    const absolute = resolve(base, entry.file);
    const file = relativePath(options.cwd, absolute);
    const token = entry.tokenEnv ? process.env[entry.tokenEnv] : undefined;
    if (entry.tokenEnv && !token) {
      results.push({ name, file, problem: `${entry.tokenEnv} is not set` });
      continue;
    }
    try {
      const schema = await introspectSource(
        { endpoint: entry.endpoint, ...(token ? { token } : {}), timeoutMs: 30_000 },
        options.cwd,
      );
      await writeSchemaFiles(schema, [absolute], options.cwd);
      results.push({ name, file });
    } catch (error) {
      results.push({ name, file, problem: (error as Error).message });
    }
  }
  return results;
}

/**
 * The graphql-config file beside the config, for editors, unless the project has one of its own
 * (which is left as it is). Returns its path relative to `cwd` when written.
 */
async function writeGraphqlConfig(
  content: NonNullable<StarterConfig["content"]>,
  configPath: string,
  cwd: string,
): Promise<string | undefined> {
  const { GRAPHQL_CONFIG_FILE, graphqlConfigText } =
    await import("../../generator/content/graphql-config.js");
  const path = join(dirname(configPath), GRAPHQL_CONFIG_FILE);
  const text = await graphqlConfigText(
    Object.entries(content.schemas).map(([name, entry]) => ({ name, ...entry })),
    content.documents ?? [],
    basename(configPath),
  );
  try {
    await writeFile(path, text, { flag: "wx" });
  } catch {
    return undefined;
  }
  return relativePath(cwd, path);
}

function configPath(options: StarterConfigOptions): string {
  return resolve(options.cwd, options.file ?? "typewire.config.json");
}

/** `--events` must be a file and `--payloads` a folder; every problem in one run. */
async function checkInputs(options: StarterConfigOptions): Promise<void> {
  const problems: GeneratorError[] = [];
  const check = async (
    path: string | undefined,
    flag: string,
    what: string,
    kind: "file" | "folder",
  ) => {
    if (path === undefined) return;
    const absolute = resolve(options.cwd, path);
    const fail = (message: string) => problems.push(new GeneratorError(message, { file: path }));
    try {
      const found = await stat(absolute);
      if (kind === "file" && !found.isFile())
        fail(`is not a file; ${flag} takes ${what}, a JSON file`);
      if (kind === "folder" && !found.isDirectory())
        fail(`is not a folder; ${flag} takes ${what}, a folder of JSON files`);
    } catch {
      fail(`does not exist (resolved to ${absolute}); ${flag} names ${what}`);
    }
  };
  await check(options.events, "--events", "your event/action table", "file");
  await check(options.payloads, "--payloads", "the payload JSON Schemas of that table", "folder");
  throwAll(problems);
}
