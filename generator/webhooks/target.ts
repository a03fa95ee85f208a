import type { TypewireConfig } from "../config.js";
import { renderModule } from "../render-module.js";
import type { Target } from "../target.js";

/** Everything generated from the event/action table (and, when configured, payload schemas). */
export const webhooksTarget: Target = {
  name: "webhooks",
  enabled: (config: TypewireConfig) => config.webhooks !== undefined,
  inputs: (config) =>
    [config.webhooks?.events, config.webhooks?.payloads, config.webhooks?.overrides].filter(
      (p): p is string => !!p,
    ),
  outDirs: (config) => (config.webhooks ? [config.webhooks.out] : []),
  // The emitters (and handlebars) load only when this target renders, so a run the cache answers
  // never pays for them.
  emit: async (config, cwd) =>
    (await renderModule("emit-webhooks", () => import("./emit-webhooks.js"))).emitWebhooks(
      config,
      cwd,
    ),
};
