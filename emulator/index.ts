export {
  type ContentServer,
  type ContentServerOptions,
  createContentServer,
  BUNDLED_SITE,
} from "./create-content-server.js";
export { type Logger, type RequestLogEntry, silentLogger } from "./logger.js";
export {
  type ServerConfig,
  type ServerConfigInput,
  loadServerConfig,
  resolveServerConfig,
} from "./server-config.js";
export { CACHE_HEADER } from "./handle-request.js";
export { formatRequestLine } from "./format-request-line.js";
