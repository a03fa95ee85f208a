import { resolve } from "node:path";
import { GeneratorError } from "../../input/errors.js";
import { readJsonSource } from "../../input/json-source.js";
import { bundledFile } from "../../input/paths.js";
import { shapeCheck } from "../../input/shape-check.js";
import { compareText } from "../writer.js";

/** One event of the table with its actions, sorted. */
export interface WebhookEvent {
  name: string;
  actions: string[];
}

/** The event/action table, events sorted by name. */
export interface EventActionTable {
  file: string;
  events: WebhookEvent[];
}

const NAME = /^[a-z0-9_]+$/;
const checkShape = shapeCheck("schemas/webhooks/events.schema.json");
/**
 * The table the package ships: the test suite checks its shape (test/input/bundled-schemas.test.ts),
 * so reading it skips the schema check, which would load and compile a validator for one file.
 */
const BUNDLED_TABLE = bundledFile("schemas/webhooks/events.json");

/**
 * Reads `events.json`: `{ "events": { "<event>": ["<action>", ...] } }`. Rejects, with file, line
 * and entry: JSON errors, a duplicate event (a repeated key), a duplicate action, and any name
 * that is not `[a-z0-9_]+`.
 */
export async function readEventActionTable(
  file: string,
  displayName = file,
): Promise<EventActionTable> {
  const source = await readJsonSource(file, displayName);
  if (resolve(file) !== BUNDLED_TABLE) checkShape(source);
  const entries = Object.entries((source.value as { events: Record<string, string[]> }).events);
  const events: WebhookEvent[] = [];
  for (const [name, actions] of entries) {
    const fail = (message: string, path: (string | number)[]) =>
      new GeneratorError(message, {
        file: displayName,
        ...source.locate(path),
        entry: path.join("."),
      });
    if (!NAME.test(name))
      throw fail(`event name "${name}" must match [a-z0-9_]+`, ["events", name]);
    const seen = new Set<string>();
    actions.forEach((action, index) => {
      if (!NAME.test(action)) {
        throw fail(`action "${action}" of event "${name}" must match [a-z0-9_]+`, [
          "events",
          name,
          index,
        ]);
      }
      if (seen.has(action))
        throw fail(`duplicate action "${action}" in event "${name}"`, ["events", name, index]);
      seen.add(action);
    });
    events.push({ name, actions: [...actions].sort(compareText) });
  }
  if (events.length === 0) {
    throw new GeneratorError("the table lists no events", {
      file: displayName,
      ...source.locate(["events"]),
    });
  }
  return { file: displayName, events: events.sort((a, b) => compareText(a.name, b.name)) };
}

/** Every event name plus every `event.action`, sorted: the contents of `emitterEventNames`. */
export function emitterEventNamesOf(table: EventActionTable): string[] {
  return table.events
    .flatMap((event) => [event.name, ...event.actions.map((action) => `${event.name}.${action}`)])
    .sort(compareText);
}
