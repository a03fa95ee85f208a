import { readFileSync } from "node:fs";
import { access } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { Ajv, type ErrorObject } from "ajv";
import {
  type ContentConfig,
  DEFAULT_POLL_SECONDS,
  type RawContentConfig,
  resolveContentConfig,
} from "./content/content-config.js";
import { GeneratorError } from "./errors.js";
import { type JsonSource, readJsonSource } from "./json-source.js";
import { packageRoot } from "./paths.js";

export interface WebhooksConfig {
  /** The event/action table (absolute path). */
  events: string;
  /** Folder of payload JSON Schemas (absolute path), when payload types are wanted. */
  payloads?: string;
  /** Output folder (absolute path). */
  out: string;
}

/** A resolved configuration: every path is absolute. */
export interface TypewireConfig {
  /** The config file it came from; undefined for the bundled defaults. */
  file?: string;
  webhooks?: WebhooksConfig;
  content?: ContentConfig;
}

export const CONFIG_FILE_NAME = "typewire.config.json";

/** The bundled inputs, written to `output/` under `cwd`. */
export function defaultConfig(cwd = process.cwd()): TypewireConfig {
  return {
    webhooks: {
      events: join(packageRoot, "schemas/webhooks/events.json"),
      payloads: join(packageRoot, "schemas/webhooks/payloads"),
      out: resolve(cwd, "output/webhooks"),
    },
    content: {
      out: resolve(cwd, "output/content"),
      schemas: [
        { name: "example", file: join(packageRoot, "schemas/content/schema.graphql") },
        { name: "public", file: join(packageRoot, "schemas/content/public.graphql") },
      ],
      pollSeconds: DEFAULT_POLL_SECONDS,
    },
  };
}

const schema = JSON.parse(readFileSync(new URL("./config.schema.json", import.meta.url), "utf8"));
const validateShape = new Ajv({ allErrors: false, strict: true }).compile(schema);

/**
 * Loads a config file, or `typewire.config.json` in `cwd` when there is one, or the bundled
 * defaults. Every path in a file is relative to the file's folder; every file it names must exist.
 */
export async function loadConfig(
  file: string | undefined,
  cwd = process.cwd(),
): Promise<TypewireConfig> {
  const path = file ? resolve(cwd, file) : resolve(cwd, CONFIG_FILE_NAME);
  if (!file && !(await exists(path))) return defaultConfig(cwd);
  const display = relative(cwd, path) || path;
  const source = await readJsonSource(path, display);
  if (!validateShape(source.value)) throw shapeError(validateShape.errors?.[0], source);
  const raw = source.value as {
    webhooks?: { events: string; payloads?: string; out: string };
    content?: RawContentConfig;
  };
  const base = dirname(path);
  const config: TypewireConfig = { file: path };
  if (raw.webhooks) {
    const events = await requireInput(source, base, ["webhooks", "events"], raw.webhooks.events);
    const payloads =
      raw.webhooks.payloads === undefined
        ? undefined
        : await requireInput(source, base, ["webhooks", "payloads"], raw.webhooks.payloads);
    config.webhooks = {
      events,
      out: resolve(base, raw.webhooks.out),
      ...(payloads ? { payloads } : {}),
    };
  }
  if (raw.content) config.content = await resolveContentConfig(raw.content, source, base);
  return config;
}

async function requireInput(
  source: JsonSource,
  base: string,
  path: string[],
  value: string,
): Promise<string> {
  const absolute = resolve(base, value);
  if (!(await exists(absolute))) {
    throw new GeneratorError(`"${value}" does not exist (resolved to ${absolute})`, {
      file: source.file,
      ...source.locate(path),
      entry: path.join("."),
    });
  }
  return absolute;
}

/** Turns the first ajv error into a message that names the field and its line. */
export function shapeError(error: ErrorObject | undefined, source: JsonSource): GeneratorError {
  const path = (error?.instancePath ?? "")
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  const params = (error?.params ?? {}) as Record<string, unknown>;
  let message = error?.message ?? "unexpected value";
  if (error?.propertyName !== undefined) {
    // A key that fails `propertyNames`: point at the key itself.
    path.push(error.propertyName);
    message = `key "${error.propertyName}" ${message}`;
  } else if (error?.keyword === "additionalProperties") {
    path.push(String(params.additionalProperty));
    message = `unknown key "${params.additionalProperty}"`;
  } else if (error?.keyword === "required") {
    message = `missing required key "${params.missingProperty}"`;
  } else if (error?.keyword === "type") {
    message = `must be ${withArticle(String(params.type))}`;
  }
  return new GeneratorError(message, {
    file: source.file,
    ...source.locate(path),
    ...(path.length > 0 ? { entry: path.join(".") } : {}),
  });
}

function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
