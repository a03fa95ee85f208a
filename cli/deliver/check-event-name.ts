import { emitterEventNames } from "@typewire/runtime/webhooks";
import { closest } from "../../input/closest.js";
import { bundledFile } from "../../input/paths.js";
import { UsageError } from "../args.js";

/**
 * Accepts an event name of the platform's table (`push`, `issues`, `issues.opened`) and refuses
 * anything else with a UsageError that suggests the closest name, lists the actions when only
 * the action is wrong, and names the bundled table, which lists every event and its actions.
 *
 * @example
 * checkEventName("issues.opened"); // returns
 * checkEventName("issues.opend"); // throws: unknown action "opend" of event "issues". Did you mean "issues.opened"? ...
 */
export function checkEventName(name: string): void {
  if (emitterEventNames.includes(name as (typeof emitterEventNames)[number])) return;
  const dot = name.indexOf(".");
  const event = dot === -1 ? name : name.slice(0, dot);
  const actions = emitterEventNames
    .filter((candidate) => candidate.startsWith(`${event}.`))
    .map((candidate) => candidate.slice(event.length + 1));
  const suggestion = closest(name, emitterEventNames) ?? closest(event, eventsOf());
  const hint = suggestion ? ` Did you mean "${suggestion}"?` : "";
  if (dot !== -1 && eventsOf().includes(event)) {
    const action = name.slice(dot + 1);
    throw new UsageError(
      actions.length === 0
        ? `event "${event}" has no actions: send "${event}".`
        : `unknown action "${action}" of event "${event}".${hint} Its actions: ${actions.join(", ")}.`,
    );
  }
  throw new UsageError(
    `unknown event "${name}".${hint} Every event and its actions: ${bundledFile("schemas/webhooks/events.json")}`,
  );
}

function eventsOf(): string[] {
  return emitterEventNames.filter((name) => !name.includes("."));
}
