import { once } from "node:events";
import { type Server, createServer } from "node:http";
import { bundledFile } from "../input/paths.js";
import type { Site } from "../site/site-model.js";
import { handleRequest } from "./handle-request.js";
import { type Logger, silentLogger } from "./logger.js";
import { ResultCache } from "./result-cache.js";
import { type ServerConfig, type ServerConfigInput, resolveServerConfig } from "./server-config.js";
import { SiteStore } from "./site-store.js";

/** The bundled example site, used when no site file is given. */
export const BUNDLED_SITE = bundledFile("schemas/content/site.json");

export interface ContentServerOptions extends ServerConfigInput {
  /** A site already in memory instead of a site file (no reloads). */
  siteData?: Site;
  /** Reload the site file when it changes (default true when serving a file). */
  watch?: boolean;
  logger?: Logger;
  /** The clock for statuses and token expiry; tests pin it. */
  now?: () => Date;
}

/** A running emulator. */
export interface ContentServer {
  /** `http://host:port` */
  origin: string;
  /** The GraphQL endpoint URL, `origin` plus the route. */
  url: string;
  port: number;
  config: ServerConfig;
  store: SiteStore;
  cache: ResultCache;
  /** Reads the site file again now; true when the content was replaced (and the cache cleared). */
  reload(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Starts the content API emulator: one endpoint over the site's content, the public and private
 * schemas with their tokens, the directives, and the result cache. Binds to 127.0.0.1 unless told
 * otherwise; port 0 picks a free port. A bad site file at startup rejects with a GeneratorError.
 *
 * @example
 * const server = await createContentServer({ port: 0 });
 * const response = await fetch(server.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ping}" }) });
 * await server.close();
 */
export async function createContentServer(
  options: ContentServerOptions = {},
): Promise<ContentServer> {
  const { siteData, watch, logger = silentLogger, now = () => new Date(), ...input } = options;
  const config = resolveServerConfig(input);
  const store = siteData
    ? SiteStore.fromSite(siteData, logger)
    : await SiteStore.open(config.site ?? BUNDLED_SITE, logger);
  const cache = new ResultCache();
  if (watch ?? true) store.watch(() => cache.clear());
  const server: Server = createServer((request, response) => {
    void handleRequest(request, response, { config, store, cache, logger, now });
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
    else socket.destroy();
  });
  server.listen(config.port, config.host);
  try {
    await once(server, "listening");
  } catch (error) {
    store.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: origin + config.route,
    port,
    config,
    store,
    cache,
    async reload() {
      const replaced = await store.reload();
      if (replaced) cache.clear();
      return replaced;
    },
    async close() {
      store.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
