import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import { type EventActionTable, emitterEventNamesOf } from "./event-action-table.js";
import { payloadTypeName } from "./payload-type.js";

const TEMPLATE = "webhooks/events.ts.hbs";

/**
 * `events.ts`: `EmitterWebhookEvent` and the name → event map behind it. With `typed`, payloads are
 * the generated payload types; without payload schemas, each payload is an open object whose
 * `action` is still narrowed.
 *
 * @example
 * emitEvents(table, "output/webhooks", true);
 */
export function emitEvents(table: EventActionTable, outDir: string, typed: boolean): EmittedFile {
  const actionsOf = new Map(table.events.map((e) => [e.name, e.actions]));
  const entries = emitterEventNamesOf(table).map((key) => {
    const [event = key, action] = key.split(".");
    if (typed) return { key, event, payload: `Payloads.${payloadTypeName(event, action)}` };
    const actions = (action ? [action] : (actionsOf.get(event) ?? []))
      .map((a) => `"${a}"`)
      .join(" | ");
    return {
      key,
      event,
      payload: `{ ${actions ? `action: ${actions}; ` : ""}[field: string]: unknown }`,
    };
  });
  return {
    outDir,
    path: "events.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, { typed, entries }),
  };
}
