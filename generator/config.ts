import { access, stat } from "node:fs/promises";
import { basename, dirname, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import fastGlob from "fast-glob";
import {
  type ContentConfig,
  DEFAULT_POLL_SECONDS,
  globFolders,
  type RawContentConfig,
  resolveContentConfig,
} from "./content/content-config.js";
import { GeneratorError, throwAll } from "../input/errors.js";
import { checkOutDirs } from "./check-out-dirs.js";
import { configFilesIn } from "../input/config-file.js";
import { type JsonSource, readJsonSource } from "../input/json-source.js";
import { bundledFile, packageRoot } from "../input/paths.js";
import { shapeCheck } from "../input/shape-check.js";

export interface WebhooksConfig {
  /** The event/action table (absolute path). */
  events: string;
  /** Folder of payload JSON Schemas (absolute path), when payload types are wanted. */
  payloads?: string;
  /** Output folder (absolute path). */
  out: string;
  /**
   * Whether `index.ts` and `testing.ts` bind `@typewire/runtime` to this table (the default, and
   * when absent). `false` writes the table alone, as the runtime's own copy of the platform's
   * table is.
   */
  bindRuntime?: boolean;
  /**
   * The project's payload overrides file (absolute path): fields its deliveries carry that the
   * payload schemas lack, applied to them at generation (see `typewire draft-overrides`).
   */
  overrides?: string;
}

/** A resolved configuration: every path is absolute. */
export interface TypewireConfig {
  /** The config file it came from; undefined for the bundled defaults. */
  file?: string;
  webhooks?: WebhooksConfig;
  content?: ContentConfig;
}

/**
 * The folder generated text names inputs relative to: the config file's, or the package's for
 * the bundled defaults, so output does not depend on where the command runs.
 */
export function inputsBase(config: TypewireConfig): string {
  return config.file ? dirname(config.file) : packageRoot;
}

/** The config file `typewire init` writes; see CONFIG_FILE_NAMES for every name looked for. */
export const CONFIG_FILE_NAME = "typewire.config.json";

/** The platform's event/action table and payload schemas, as the package ships them. */
export const BUNDLED_EVENTS = "schemas/webhooks/events.json";
export const BUNDLED_PAYLOADS = "schemas/webhooks/payloads";

/**
 * The example site's GraphQL documents: those every token runs, and those only the private
 * schema's token runs (they select what the public schema lacks).
 */
export const BUNDLED_DOCUMENTS = [
  { include: "schemas/content/documents/*.graphql", schemas: ["example", "public"] },
  { include: "schemas/content/documents/private/*.graphql", schemas: ["example"] },
];

/** The bundled inputs, written to `output/` under `cwd`. */
export function defaultConfig(cwd = process.cwd()): TypewireConfig {
  return {
    webhooks: {
      events: bundledFile(BUNDLED_EVENTS),
      payloads: bundledFile(BUNDLED_PAYLOADS),
      out: resolve(cwd, "output/webhooks"),
    },
    content: {
      out: resolve(cwd, "output/content"),
      schemas: [
        { name: "example", file: bundledFile("schemas/content/schema.graphql") },
        { name: "public", file: bundledFile("schemas/content/public.graphql") },
      ],
      documents: BUNDLED_DOCUMENTS.map(({ include, schemas }) => ({
        files: fastGlob
          .sync(include, { cwd: bundledFile("."), absolute: true, onlyFiles: true })
          .map((file) => resolve(file))
          .sort(),
        schemas,
        folders: globFolders([include], bundledFile(".")),
      })),
      pollSeconds: DEFAULT_POLL_SECONDS,
    },
  };
}

const checkShape = shapeCheck("schemas/config.schema.json");

/** What {@link loadConfig} reads. */
export interface LoadConfigOptions {
  /**
   * Resolve the `content` section (default true). False leaves it out of the result, unread
   * beyond the file's shape check, for a command that needs only the event table (`typewire
   * deliver`): a content schema's unset token variable or missing file does not stop it.
   */
  content?: boolean;
  /**
   * Accept a `webhooks.overrides` file that does not exist yet (default false), for the command
   * that creates it (`typewire draft-overrides`).
   */
  overridesMayBeMissing?: boolean;
}

/**
 * Loads a config file, or the one in `cwd` (`typewire.config.json`, or a `.ts`, `.mts`, `.mjs` or
 * `.js` module whose default export is the same object), or the bundled defaults when `cwd` has
 * none. Every path in a file is relative to the file's folder; every file it names must exist.
 */
export async function loadConfig(
  file: string | undefined,
  cwd = process.cwd(),
  options: LoadConfigOptions = {},
): Promise<TypewireConfig> {
  const read = await readConfigSource(file, cwd);
  if (!read) return defaultConfig(cwd);
  const { path, source } = read;
  const raw = source.value as {
    webhooks?: {
      events?: string;
      payloads?: string;
      out: string;
      bindRuntime?: boolean;
      overrides?: string;
    };
    content?: RawContentConfig;
  };
  const base = dirname(path);
  const config: TypewireConfig = { file: path };
  // Every problem of the file in one run: each missing file, unset variable and bad entry.
  const problems: GeneratorError[] = [];
  const input = async (entry: string[], value: string) => {
    const absolute = resolve(base, value);
    if (!(await exists(absolute))) {
      problems.push(
        new GeneratorError(`"${value}" does not exist (resolved to ${absolute})`, {
          file: source.file,
          ...source.locate(entry),
          entry: entry.join("."),
        }),
      );
    }
    return absolute;
  };
  if (raw.webhooks) {
    // Without its own table, a project generates from the bundled one, payload types included.
    const bundled = raw.webhooks.events === undefined;
    const events = bundled
      ? bundledFile(BUNDLED_EVENTS)
      : await input(["webhooks", "events"], raw.webhooks.events!);
    const payloads =
      raw.webhooks.payloads !== undefined
        ? await input(["webhooks", "payloads"], raw.webhooks.payloads)
        : bundled
          ? bundledFile(BUNDLED_PAYLOADS)
          : undefined;
    const overrides =
      raw.webhooks.overrides === undefined
        ? undefined
        : options.overridesMayBeMissing
          ? resolve(base, raw.webhooks.overrides)
          : await input(["webhooks", "overrides"], raw.webhooks.overrides);
    if (overrides !== undefined && payloads === undefined) {
      problems.push(
        source.errorAt(
          ["webhooks", "overrides"],
          '"overrides" change payload schemas: name them in "payloads" (or use the bundled table)',
        ),
      );
    }
    config.webhooks = {
      events,
      out: resolve(base, raw.webhooks.out),
      ...(raw.webhooks.bindRuntime === false ? { bindRuntime: false } : {}),
      ...(payloads ? { payloads } : {}),
      ...(overrides ? { overrides } : {}),
    };
  }
  if (raw.content && options.content !== false) {
    config.content = await resolveContentConfig(raw.content, source, base, process.env, problems);
  }
  const outDirs = [
    ...(config.webhooks ? [{ key: ["webhooks", "out"], dir: config.webhooks.out }] : []),
    ...(config.content ? [{ key: ["content", "out"], dir: config.content.out }] : []),
  ];
  const inputs = [
    ...(raw.webhooks?.events !== undefined && config.webhooks ? [config.webhooks.events] : []),
    ...(raw.webhooks?.payloads !== undefined && config.webhooks?.payloads
      ? [config.webhooks.payloads]
      : []),
    ...(config.webhooks?.overrides ? [config.webhooks.overrides] : []),
    ...(config.content?.schemas ?? []).flatMap((schema) => ("file" in schema ? [schema.file] : [])),
    ...(config.content?.documents ?? []).flatMap((set) => set.files),
  ];
  problems.push(...(await checkOutDirs(outDirs, inputs, source)));
  throwAll(problems);
  return config;
}

/**
 * The config file `file` names, or the one in `cwd` (undefined when it has none), read and its
 * shape checked: a JSON file or a config module alike.
 */
async function readConfigSource(
  file: string | undefined,
  cwd: string,
): Promise<{ path: string; source: JsonSource } | undefined> {
  let path: string;
  if (file) path = resolve(cwd, file);
  else {
    const found = await configFilesIn(cwd);
    if (found.length === 0) return undefined;
    if (found.length > 1) {
      const names = found.map((each) => relative(cwd, each));
      throw new GeneratorError(
        `${names.slice(1).join(" and ")} ${names.length > 2 ? "are" : "is"} here too, and typewire reads one config file: delete or rename all but one, or name one with --config`,
        { file: names[0]! },
      );
    }
    path = found[0]!;
  }
  const display = relative(cwd, path) || path;
  const source = /\.json$/i.test(path)
    ? await readJsonSource(path, display)
    : await readModuleConfig(path, display);
  checkShape(source);
  return { path, source };
}

/**
 * A config module's default export, as a source without lines: what Node can import as it runs
 * (`.mjs` and `.js` always; `.ts` and `.mts` when a TypeScript loader such as tsx is registered,
 * or on a Node that strips types itself). Node 20 cannot import TypeScript by itself, and
 * typewire bundles no TypeScript compiler to do it, so a `.ts` config without a loader is an
 * error that says what to do.
 */
async function readModuleConfig(path: string, display: string): Promise<JsonSource> {
  let loaded: { default?: unknown };
  try {
    // The file's modification time in the URL: `generate --watch` reads an edited file anew
    // rather than the module Node loaded before.
    const url = pathToFileURL(path);
    url.search = `?mtime=${(await stat(path)).mtimeMs}`;
    loaded = (await import(url.href)) as { default?: unknown };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ERR_UNKNOWN_FILE_EXTENSION" && /\.[mc]?ts$/i.test(path)) {
      throw new GeneratorError(
        `Node.js ${process.version} cannot load a TypeScript config by itself. Run typewire with a TypeScript loader (NODE_OPTIONS="--import tsx" npx typewire generate, with tsx installed), or rename the file to ${basename(path).replace(/\.[mc]?ts$/i, ".mjs")} and remove its type annotations, or use typewire.config.json (npx typewire init writes one)`,
        { file: display },
        { cause: error },
      );
    }
    throw new GeneratorError(
      `cannot load the config module: ${error instanceof Error ? error.message : String(error)}`,
      { file: display },
      { cause: error },
    );
  }
  const value = loaded.default;
  if (value === undefined) {
    throw new GeneratorError(
      'has no default export: the config module must `export default { "webhooks": ..., "content": ... }`, the same object typewire.config.json holds',
      { file: display },
    );
  }
  return {
    file: display,
    value,
    locate: () => ({}),
    errorAt: (at, message) =>
      new GeneratorError(message, { file: display, entry: at.join(".") || undefined }),
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** A content schema saved to a file from an endpoint: what `typewire introspect` refreshes. */
export interface SavedSchema {
  name: string;
  /** Absolute. */
  file: string;
  endpoint: string;
  token?: string;
  tokenEnv?: string;
}

/**
 * The content schemas of a config file that name both `file` and `endpoint`, for `typewire
 * introspect` to refresh. Read from the file alone: the saved files need not exist yet, and no
 * token is read.
 *
 * @example
 * await loadSavedSchemas(undefined, process.cwd()); // [{ name: "public", file: "/p/cms/public.graphql", endpoint: "https://cms.example/api" }]
 */
export async function loadSavedSchemas(
  file: string | undefined,
  cwd = process.cwd(),
): Promise<SavedSchema[]> {
  const read = await readConfigSource(file, cwd);
  if (!read) return [];
  const { path, source } = read;
  const raw = source.value as { content?: RawContentConfig };
  const base = dirname(path);
  return Object.entries(raw.content?.schemas ?? {})
    .filter(([, entry]) => entry.file !== undefined && entry.endpoint !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, entry]) => ({
      name,
      file: resolve(base, entry.file!),
      endpoint: entry.endpoint!,
      ...(entry.token !== undefined ? { token: entry.token } : {}),
      ...(entry.tokenEnv !== undefined ? { tokenEnv: entry.tokenEnv } : {}),
    }));
}
