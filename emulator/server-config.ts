import { dirname, relative, resolve } from "node:path";
import { shapeCheck } from "../input/shape-check.js";
import type { ApiSchemaDefinition } from "../site/site-model.js";
import { GeneratorError } from "../input/errors.js";
import { readJsonSource } from "../input/json-source.js";

/** The emulator's settings, with every default filled in. */
export interface ServerConfig {
  /** The site file; undefined means the bundled example site. */
  site: string | undefined;
  host: string;
  port: number;
  /** The one endpoint route, `/api` by default. */
  route: string;
  /** Full validation errors (on), or production behaviour where unknown fields are dropped. */
  devMode: boolean;
  enableGraphQlCaching: boolean;
  /** Largest accepted request body; a larger one is a 413. */
  maxBodyBytes: number;
  /** The API schemas by handle, replacing the site file's `schemas` when given. */
  schemas: Record<string, ApiSchemaDefinition> | undefined;
  /** The real API's limits, under its own names and with its defaults (0: no limit). */
  maxGraphqlDepth: number;
  maxGraphqlComplexity: number;
  maxGraphqlResults: number;
  maxGraphqlBatchSize: number;
  /** The emulator's own bounds, which keep it answering whatever the limits above say. */
  maxResponseBytes: number;
  maxRequestMs: number;
  maxNestingDepth: number;
  maxQueryTokens: number;
  maxIntrospectionItems: number;
  maxCacheBytes: number;
}

/** The real API's limits: 0 means no limit, the real default for each. */
export const API_LIMITS = [
  "maxGraphqlDepth",
  "maxGraphqlComplexity",
  "maxGraphqlResults",
  "maxGraphqlBatchSize",
] as const;

/** The emulator's own bounds and their defaults; each must be at least 1. */
export const EMULATOR_BOUNDS = {
  maxResponseBytes: 8 * 1024 * 1024,
  maxRequestMs: 10_000,
  maxNestingDepth: 100,
  maxQueryTokens: 20_000,
  maxIntrospectionItems: 100_000,
  maxCacheBytes: 64 * 1024 * 1024,
} as const;

/** The config as written in a file or passed to `createContentServer`: every key optional. */
export type ServerConfigInput = Partial<ServerConfig>;

/**
 * Fills in the defaults: `127.0.0.1:4000`, route `/api`, dev mode and caching on, a 1 MiB body
 * limit, the site file's own schemas, the real API's limits off (0, as its defaults are) and
 * the emulator's own bounds ({@link EMULATOR_BOUNDS}). Throws a TypeError naming a bad entry.
 *
 * @example
 * const config = resolveServerConfig({ enableGraphQlCaching: false });
 */
export function resolveServerConfig(input: ServerConfigInput = {}): ServerConfig {
  if (input.route !== undefined && !input.route.startsWith("/")) {
    throw new TypeError(`route: "${input.route}" must start with "/"`);
  }
  if (input.schemas) checkSchemas(input.schemas);
  for (const key of API_LIMITS) checkCount(key, input[key], 0);
  for (const key of Object.keys(EMULATOR_BOUNDS) as (keyof typeof EMULATOR_BOUNDS)[])
    checkCount(key, input[key], 1);
  checkCount("maxBodyBytes", input.maxBodyBytes, 1);
  return {
    site: input.site,
    host: input.host ?? "127.0.0.1",
    port: input.port ?? 4000,
    route: input.route ?? "/api",
    devMode: input.devMode ?? true,
    enableGraphQlCaching: input.enableGraphQlCaching ?? true,
    maxBodyBytes: input.maxBodyBytes ?? 1024 * 1024,
    schemas: input.schemas,
    maxGraphqlDepth: input.maxGraphqlDepth ?? 0,
    maxGraphqlComplexity: input.maxGraphqlComplexity ?? 0,
    maxGraphqlResults: input.maxGraphqlResults ?? 0,
    maxGraphqlBatchSize: input.maxGraphqlBatchSize ?? 0,
    maxResponseBytes: input.maxResponseBytes ?? EMULATOR_BOUNDS.maxResponseBytes,
    maxRequestMs: input.maxRequestMs ?? EMULATOR_BOUNDS.maxRequestMs,
    maxNestingDepth: input.maxNestingDepth ?? EMULATOR_BOUNDS.maxNestingDepth,
    maxQueryTokens: input.maxQueryTokens ?? EMULATOR_BOUNDS.maxQueryTokens,
    maxIntrospectionItems: input.maxIntrospectionItems ?? EMULATOR_BOUNDS.maxIntrospectionItems,
    maxCacheBytes: input.maxCacheBytes ?? EMULATOR_BOUNDS.maxCacheBytes,
  };
}

function checkCount(key: string, value: unknown, least: number): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < least) {
    throw new TypeError(
      `${key}: must be a whole number of at least ${least}, got ${String(value)}`,
    );
  }
}

/**
 * Checks a `schemas` object: tokens unique, expiry dates valid, one public schema at most and
 * only it without a token. Throws a TypeError that starts with the key path.
 *
 * @example
 * checkSchemas({ app: { name: "App", enabled: true, scope: {} } }); // throws: a private schema needs a token
 */
export function checkSchemas(schemas: Record<string, ApiSchemaDefinition>): void {
  const tokens = new Set<string>();
  let publicCount = 0;
  for (const [handle, schema] of Object.entries(schemas)) {
    if (schema.public) {
      publicCount++;
      if (schema.accessToken !== undefined)
        throw new TypeError(`schemas.${handle}.accessToken: the public schema has no token`);
    } else if (schema.accessToken === undefined) {
      throw new TypeError(`schemas.${handle}.accessToken: a private schema needs a token`);
    } else if (tokens.has(schema.accessToken)) {
      throw new TypeError(
        `schemas.${handle}.accessToken: the token is already used by another schema`,
      );
    } else tokens.add(schema.accessToken);
    if (schema.expiryDate && Number.isNaN(Date.parse(schema.expiryDate))) {
      throw new TypeError(
        `schemas.${handle}.expiryDate: "${schema.expiryDate}" is not an ISO 8601 date`,
      );
    }
  }
  if (publicCount > 1) throw new TypeError("schemas: only one schema can be public");
}

const checkShape = shapeCheck("schemas/content/server-config.schema.json");

/**
 * Reads a server config file (strict JSON): a wrong shape, a duplicate token or a bad date is a
 * GeneratorError with the file, line and key. `site` is relative to the config file's folder.
 *
 * @example
 * const config = await loadServerConfig("typewire.serve.json");
 */
export async function loadServerConfig(file: string, cwd = process.cwd()): Promise<ServerConfig> {
  const path = resolve(cwd, file);
  const source = await readJsonSource(path, relative(cwd, path) || path);
  checkShape(source);
  const { $schema: _, ...raw } = source.value as ServerConfigInput & { $schema?: string };
  try {
    const config = resolveServerConfig({
      ...raw,
      site: raw.site === undefined ? undefined : resolve(dirname(path), raw.site),
    });
    return config;
  } catch (error) {
    const message = (error as Error).message;
    const at = (/^([\w.]+): /.exec(message)?.[1] ?? "").split(".").filter(Boolean);
    throw new GeneratorError(message.replace(/^[\w.]+: /, ""), {
      file: source.file,
      ...source.locate(at),
      ...(at.length > 0 ? { entry: at.join(".") } : {}),
    });
  }
}
