import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import { type EventActionTable, emitterEventNamesOf } from "./event-action-table.js";
import { payloadTypeName } from "./payload-type.js";

const TEMPLATE = "webhooks/payloads-index.ts.hbs";

/**
 * `payloads/index.ts`: re-exports every payload type and declares `WebhookPayloadMap`, the map
 * from every event name and `event.action` combination to its payload type. Types only.
 *
 * @example
 * emitPayloadIndex(table, "output/webhooks");
 */
export function emitPayloadIndex(table: EventActionTable, outDir: string): EmittedFile {
  const modules = table.events.map(({ name, actions }) => ({
    file: name,
    names: [name, ...actions.map((action) => `${name}.${action}`)]
      .map((key) => payloadTypeName(...(key.split(".") as [string, string?])))
      .join(", "),
  }));
  const entries = emitterEventNamesOf(table).map((key) => ({
    key,
    type: payloadTypeName(...(key.split(".") as [string, string?])),
  }));
  return {
    outDir,
    path: "payloads/index.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, { modules, entries }),
  };
}
