import { CACHE_HEADER_NAME } from "./cache-header.js";

/**
 * CORS headers on every response, so a front end served from another local port can call the
 * emulator, and the preflight (OPTIONS) is answered with 200 as the real endpoint does. A
 * front end may send a preview token in `X-Craft-Token`, a header the CMS's GraphQL endpoint
 * allows too.
 *
 * @example
 * response.writeHead(200, corsHeaders("http://localhost:5173"));
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  return {
    "access-control-allow-origin": origin ?? "*",
    "access-control-allow-methods": "GET, POST, OPTIONS",
    "access-control-allow-headers": "Authorization, Content-Type, X-Craft-Token, X-Requested-With",
    "access-control-expose-headers": CACHE_HEADER_NAME,
    "access-control-max-age": "600",
    vary: "Origin",
  };
}
