import { printDeclarations, printMembers, typeName } from "../print/ts-syntax.js";
import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import { type EventActionTable, emitterEventNamesOf } from "./event-action-table.js";
import { payloadTypeName } from "./payload-type.js";

const INDEX_TEMPLATE = "webhooks/payloads-index.ts.hbs";
const MAP_TEMPLATE = "webhooks/payloads-map.ts.hbs";

/**
 * `payloads/map.ts`, which declares `WebhookPayloadMap` (every event name and `event.action`
 * combination to its payload type) importing each payload type by name from its own file, and
 * `payloads/index.ts`, which re-exports every payload type and the map. Types only.
 *
 * The map has a module of its own because `events.ts` reads it: importing a name from a module
 * of `export type *` lines makes the compiler gather every export of every payload file first,
 * a cost each consumer's type-check would pay (`npm run bench:types`).
 *
 * @example
 * emitPayloadIndex(table, "output/webhooks");
 */
export function emitPayloadIndex(table: EventActionTable, outDir: string): EmittedFile[] {
  const typeNames = (keys: readonly string[]) =>
    keys.map((key) => payloadTypeName(...(key.split(".") as [string, string?])));
  const modules = table.events.map(({ name, actions }) => ({
    file: name,
    imports: printDeclarations([
      {
        kind: "import",
        typeOnly: true,
        names: typeNames([name, ...actions.map((action) => `${name}.${action}`)]),
        from: `./${name}.js`,
      },
    ]).trimEnd(),
  }));
  const keys = emitterEventNamesOf(table);
  const entries = printMembers(
    typeNames(keys).map((type, index) => ({
      kind: "property",
      name: keys[index]!,
      optional: false,
      type: typeName(type),
    })),
    1,
  );
  return [
    {
      outDir,
      path: "payloads/map.ts",
      source: templatePath(MAP_TEMPLATE),
      contents: renderTemplate(MAP_TEMPLATE, { modules, entries }),
    },
    {
      outDir,
      path: "payloads/index.ts",
      source: templatePath(INDEX_TEMPLATE),
      contents: renderTemplate(INDEX_TEMPLATE, { modules }),
    },
  ];
}
