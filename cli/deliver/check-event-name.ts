import { emitterEventNames } from "@typewire/runtime/webhooks";
import { closest } from "../../input/closest.js";
import { bundledFile } from "../../input/paths.js";
import { UsageError } from "../args.js";

/** The event names `deliver` accepts, and the table file that lists them. */
export interface EventNames {
  /** Every event and every `event.action`. */
  names: readonly string[];
  /** The table's file, as a user finds it: a project's own by its path from the working folder. */
  file: string;
  /** True for a project's own table: messages then name the file for action mistakes too. */
  own?: boolean;
  /** The config file that names an own table, relative to the working folder. */
  configFile?: string;
}

/** The platform's table, as `@typewire/runtime/webhooks` ships it. */
export const BUNDLED_EVENT_NAMES: EventNames = {
  names: emitterEventNames,
  file: bundledFile("schemas/webhooks/events.json"),
};

/**
 * Accepts an event name of the table (`push`, `issues`, `issues.opened`; the platform's table
 * unless a project's own is given) and refuses anything else with a UsageError that suggests the
 * closest name, lists the actions when only the action is wrong, and names the table file, which
 * lists every event and its actions.
 *
 * @example
 * checkEventName("issues.opened"); // returns
 * checkEventName("issues.opend"); // throws: unknown action "opend" of event "issues". Did you mean "issues.opened"? ...
 * checkEventName("deploy_hok.fired", { names: ["deploy_hook", "deploy_hook.fired"], file: "webhooks/events.json", own: true });
 * // throws: unknown event "deploy_hok.fired". Did you mean "deploy_hook.fired"? Every event and its actions: webhooks/events.json
 */
export function checkEventName(name: string, table: EventNames = BUNDLED_EVENT_NAMES): void {
  const { names } = table;
  if (names.includes(name)) return;
  const events = names.filter((candidate) => !candidate.includes("."));
  const dot = name.indexOf(".");
  const event = dot === -1 ? name : name.slice(0, dot);
  const actions = names
    .filter((candidate) => candidate.startsWith(`${event}.`))
    .map((candidate) => candidate.slice(event.length + 1));
  const suggestion = closest(name, names) ?? closest(event, events);
  const hint = suggestion ? ` Did you mean "${suggestion}"?` : "";
  const where = table.own ? ` in ${table.file}` : "";
  if (dot !== -1 && events.includes(event)) {
    const action = name.slice(dot + 1);
    throw new UsageError(
      actions.length === 0
        ? `event "${event}" has no actions${where}: send "${event}".`
        : `unknown action "${action}" of event "${event}".${hint} Its actions${where}: ${actions.join(", ")}.`,
    );
  }
  // A platform event refused because the config's table replaces the platform's: say so.
  const replaced =
    table.own && BUNDLED_EVENT_NAMES.names.includes(name)
      ? ` (${table.configFile ?? "the config"}'s webhooks.events, used in place of the platform's table, which has "${name}")`
      : "";
  throw new UsageError(
    `unknown event "${name}".${hint} Every event and its actions: ${table.file}${replaced}`,
  );
}
