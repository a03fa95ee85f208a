import { relative } from "node:path";
import type { TypewireConfig } from "../config.js";
import type { Target } from "../target.js";
import { emitEventNames } from "./emit-event-names.js";
import { emitEvents } from "./emit-events.js";
import { emitWebhooksIndex } from "./emit-index.js";
import { emitValidateEventName } from "./emit-validate-event-name.js";
import { readEventActionTable } from "./event-action-table.js";

/** Everything generated from the event/action table (and, when configured, payload schemas). */
export const webhooksTarget: Target = {
  name: "webhooks",
  enabled: (config: TypewireConfig) => config.webhooks !== undefined,
  inputs: (config) =>
    [config.webhooks?.events, config.webhooks?.payloads].filter((p): p is string => !!p),
  outDirs: (config) => (config.webhooks ? [config.webhooks.out] : []),
  async emit(config, cwd) {
    const webhooks = config.webhooks;
    if (!webhooks) return [];
    const table = await readEventActionTable(
      webhooks.events,
      relative(cwd, webhooks.events) || webhooks.events,
    );
    return [
      emitEventNames(table, webhooks.out),
      emitEvents(table, webhooks.out),
      emitValidateEventName(webhooks.out),
      emitWebhooksIndex(webhooks.out),
    ];
  },
};
