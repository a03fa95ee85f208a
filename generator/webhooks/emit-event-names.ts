import { printConstArray, stringLiteral } from "../print/ts-syntax.js";
import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import { type EventActionTable, emitterEventNamesOf } from "./event-action-table.js";

const TEMPLATE = "webhooks/event-names.ts.hbs";

/** `event-names.ts`: the `emitterEventNames` tuple and the `EmitterWebhookEventName` union. */
export function emitEventNames(table: EventActionTable, outDir: string): EmittedFile {
  return {
    outDir,
    path: "event-names.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, {
      names: printConstArray("emitterEventNames", emitterEventNamesOf(table).map(stringLiteral)),
    }),
  };
}
