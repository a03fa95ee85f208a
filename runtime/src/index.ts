export * from "./webhooks/index.js";
