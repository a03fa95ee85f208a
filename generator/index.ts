/**
 * typewire's generators as functions, for build scripts that run them without the CLI.
 *
 * @example
 * import { generate, loadConfig } from "typewire";
 * const result = await generate(await loadConfig("typewire.config.json"));
 * result.written; // ["src/generated/webhooks/event-names.ts", ...]
 */
export { type TypewireConfig, type WebhooksConfig, loadConfig, defaultConfig } from "./config.js";
export {
  type GenerateOptions,
  type GenerateResult,
  type TargetProgress,
  type TargetReport,
  check,
  generate,
  renderAll,
} from "./generate.js";
export { type Watcher, type WatchHandlers, watch } from "./watch.js";
export type { Difference, WriteResult } from "./writer.js";
export { GeneratorError, type SourceLocation } from "../input/errors.js";
