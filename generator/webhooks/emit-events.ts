import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import { type EventActionTable, emitterEventNamesOf } from "./event-action-table.js";

const TEMPLATE = "webhooks/events.ts.hbs";

/** `events.ts`: `EmitterWebhookEvent` and the name → event map behind it. */
export function emitEvents(table: EventActionTable, outDir: string): EmittedFile {
  const actionsOf = new Map(table.events.map((e) => [e.name, e.actions]));
  const entries = emitterEventNamesOf(table).map((key) => {
    const [event = key, action] = key.split(".");
    const actions = action ? [action] : (actionsOf.get(event) ?? []);
    return { key, event, actions: actions.map((a) => `"${a}"`).join(" | ") };
  });
  return {
    outDir,
    path: "events.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, { entries }),
  };
}
