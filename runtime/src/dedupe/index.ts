export { DEFAULT_DEDUPE_WINDOW, type DedupeStore } from "./dedupe-store.js";
export {
  DEFAULT_DEDUPE_MAX_SIZE,
  type MemoryDedupeStore,
  type MemoryDedupeStoreOptions,
  createMemoryDedupeStore,
} from "./create-memory-dedupe-store.js";
export {
  DEFAULT_REDIS_DEDUPE_PREFIX,
  DEFAULT_REDIS_DEDUPE_TIMEOUT,
  type RedisDedupeClient,
  type RedisDedupeStoreOptions,
  createRedisDedupeStore,
} from "./create-redis-dedupe-store.js";
export { WebhookDuplicateError } from "./webhook-duplicate-error.js";
export { withDedupe } from "./with-dedupe.js";
