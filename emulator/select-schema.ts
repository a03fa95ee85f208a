import type { ApiSchemaDefinition, SiteScope } from "../site/site-model.js";
import { HttpError } from "./http/http-error.js";

/** The schema a request runs against. */
export interface SelectedSchema {
  /** The schema's handle, part of the cache key. */
  handle: string;
  scope: SiteScope;
}

/**
 * Picks the schema from the `Authorization` header as the real endpoint does: no header uses the
 * public schema; `Bearer <token>` uses that token's schema. An unknown, expired or disabled token,
 * or a header that is not a bearer token, is a 400 `Invalid Authorization header`; no header while
 * the public schema is disabled or absent is a 400 `Missing Authorization header`.
 *
 * @example
 * const { handle, scope } = selectSchema(request.headers.authorization, site.schemas, new Date());
 */
export function selectSchema(
  header: string | undefined,
  schemas: Record<string, ApiSchemaDefinition>,
  now: Date,
): SelectedSchema {
  const entries = Object.entries(schemas);
  if (header === undefined || header.trim() === "") {
    const found = entries.find(([, schema]) => schema.public);
    if (!found || !usable(found[1], now)) throw new HttpError(400, "Missing Authorization header");
    return { handle: found[0], scope: found[1].scope };
  }
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const found =
    token === undefined ? undefined : entries.find(([, s]) => !s.public && s.accessToken === token);
  if (!found || !usable(found[1], now)) throw new HttpError(400, "Invalid Authorization header");
  return { handle: found[0], scope: found[1].scope };
}

function usable(schema: ApiSchemaDefinition, now: Date): boolean {
  return schema.enabled && !(schema.expiryDate && Date.parse(schema.expiryDate) <= now.getTime());
}
