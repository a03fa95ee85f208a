export * from "./webhooks/index.js";
export * from "./middleware/index.js";
