import { once } from "node:events";
import { type IncomingMessage, type Server, createServer } from "node:http";
import type { Duplex } from "node:stream";
import { bundledFile } from "../input/paths.js";
import type { Site } from "../site/site-model.js";
import { explorerUrl } from "./explorer-page.js";
import { handleRequest } from "./handle-request.js";
import { rawReply } from "./http/raw-reply.js";
import { type Logger, silentLogger } from "./logger.js";
import { TurnShare } from "./limits/turn-share.js";
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
  /** The in-browser explorer's URL: `origin` plus `/explorer` (`/` when that is the route). */
  explorer: string;
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
  const cache = new ResultCache({ maxBytes: config.maxCacheBytes });
  if (watch ?? true) store.watch(() => cache.clear());
  const turns = new TurnShare();
  const server: Server = createServer((request, response) => {
    void handleRequest(request, response, { config, store, cache, logger, now, turns });
  });
  const allow = { allow: "GET, POST, OPTIONS" };
  // Node hands a CONNECT to this event, not to the request handler, and without a listener it
  // drops the connection without a word: answer it like any other method the endpoint refuses.
  server.on("connect", (request: IncomingMessage, socket: Duplex) => {
    socket.on("error", () => socket.destroy());
    socket.end(
      rawReply(405, `Method ${request.method} is not allowed; use GET, POST or OPTIONS`, allow),
    );
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    // A method node's parser does not know is still a method the endpoint does not allow.
    if (error.code === "HPE_INVALID_METHOD") {
      socket.end(rawReply(405, "This method is not allowed; use GET, POST or OPTIONS", allow));
    } else if (error.code === "HPE_HEADER_OVERFLOW") {
      socket.end(rawReply(431, "The request headers are too large"));
    } else {
      socket.end(rawReply(400, "The request is not valid HTTP/1.1"));
    }
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
    explorer: explorerUrl(origin, config.route),
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
