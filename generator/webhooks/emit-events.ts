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
  const entries: Member[] = emitterEventNamesOf(table).map((key) => {
    const [event = key, action] = key.split(".");
    let payload: TypeNode = typeName(`Payloads.${payloadTypeName(event, action)}`);
    if (!typed) {
      const actions = action ? [action] : (actionsOf.get(event) ?? []);
      payload = {
        kind: "object",
        expanded: false,
        members: [
          ...(actions.length ? [property("action", union(actions.map((a) => literal(a))))] : []),
          { kind: "index", key: "field", keyType: typeName("string"), type: typeName("unknown") },
        ],
      };
    }
    const type: TypeNode = {
      kind: "object",
      expanded: false,
      members: [
        property("id", typeName("string")),
        property("name", literal(event)),
        property("payload", payload),
      ],
    };
    return property(key, type);
  });
  return {
    outDir,
    path: "events.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, { typed, entries: printMembers(entries, 1) }),
  };
}

function property(name: string, type: TypeNode): Member {
  return { kind: "property", name, optional: false, type };
}
