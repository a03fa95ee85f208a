import {
  literal,
  printConstArray,
  printDeclarations,
  stringLiteral,
  union,
} from "../print/ts-syntax.js";
import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import { type EventActionTable, emitterEventNamesOf } from "./event-action-table.js";

const TEMPLATE = "webhooks/event-names.ts.hbs";

/** `event-names.ts`: the `emitterEventNames` tuple and the `EmitterWebhookEventName` union. */
export function emitEventNames(table: EventActionTable, outDir: string): EmittedFile {
  const names = emitterEventNamesOf(table);
  return {
    outDir,
    path: "event-names.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, {
      names: printConstArray("emitterEventNames", names.map(stringLiteral)),
      // Written out rather than `(typeof emitterEventNames)[number]`: the compiler then reads the
      // union directly instead of building the tuple's type first (a cost every handler pays).
      union: printDeclarations([
        {
          kind: "alias",
          name: "EmitterWebhookEventName",
          exported: true,
          type: union(names.map((name) => literal(name))),
          doc: "Union of every event name and `event.action` combination.",
        },
      ]),
    }),
  };
}
