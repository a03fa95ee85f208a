/** `@typewire/runtime/middleware`: the HTTP endpoint, as node and web-standard middleware. */
export {
  type MiddlewareOptions,
  DEFAULT_MAX_BODY_SIZE,
  DEFAULT_PATH,
  DEFAULT_TIMEOUT,
} from "./middleware-options.js";
export type { MiddlewareWebhooks } from "./middleware-webhooks.js";
export { type NodeMiddleware, createNodeMiddleware } from "./node/create-node-middleware.js";
export {
  type WebMiddleware,
  type WebMiddlewareOptions,
  createWebMiddleware,
} from "./web/create-web-middleware.js";
