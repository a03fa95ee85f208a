import {
  type Member,
  type TypeNode,
  literal,
  printMembers,
  typeName,
  union,
} from "../print/ts-syntax.js";
import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import { type EventActionTable, emitterEventNamesOf } from "./event-action-table.js";

const TEMPLATE = "webhooks/events.ts.hbs";

/**
 * `events.ts`: `EmitterWebhookEvent`, the name → event map behind it, and the two plain maps that
 * map is built from (name → payload type, name → event name). With `typed`, payloads are the
 * generated payload types; without payload schemas, each payload is an open object whose `action`
 * is still narrowed.
 *
 * @example
 * emitEvents(table, "output/webhooks", true);
 */
export function emitEvents(table: EventActionTable, outDir: string, typed: boolean): EmittedFile {
  const actionsOf = new Map(table.events.map((e) => [e.name, e.actions]));
  const keys = emitterEventNamesOf(table);
  // With payload types, the payload map is the payload index's own `WebhookPayloadMap`.
  const payloads: Member[] = typed
    ? []
    : keys.map((key) => {
        const [event = key, action] = key.split(".");
        const actions = action ? [action] : (actionsOf.get(event) ?? []);
        return property(key, {
          kind: "object",
          expanded: false,
          members: [
            ...(actions.length ? [property("action", union(actions.map((a) => literal(a))))] : []),
            { kind: "index", key: "field", keyType: typeName("string"), type: typeName("unknown") },
          ],
        });
      });
  const names: Member[] = keys.map((key) => property(key, literal(key.split(".")[0] ?? key)));
  return {
    outDir,
    path: "events.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, {
      typed,
      payloads: printMembers(payloads, 1),
      names: printMembers(names, 1),
    }),
  };
}

function property(name: string, type: TypeNode): Member {
  return { kind: "property", name, optional: false, type };
}
