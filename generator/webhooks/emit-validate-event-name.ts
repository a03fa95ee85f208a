import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import type { EventActionTable } from "./event-action-table.js";

const TEMPLATE = "webhooks/validate-event-name.ts.hbs";

/**
 * `validate-event-name.ts`: an O(1) lookup in a Set of the table's names. The names are written
 * as one line per event (`"issues.closed,opened"`) rather than imported from `emitterEventNames`,
 * so a bundle of `validateEventName` (and of `Webhooks`) leaves that list out and holds the
 * table in about half its size.
 */
export function emitValidateEventName(table: EventActionTable, outDir: string): EmittedFile {
  const events = table.events.map((event) =>
    event.actions.length === 0 ? event.name : `${event.name}.${event.actions.join(",")}`,
  );
  return {
    outDir,
    path: "validate-event-name.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, { events }),
  };
}
