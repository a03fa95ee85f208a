import { printDeclarations, printMembers, typeName } from "../print/ts-syntax.js";
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
  return {
    outDir,
    path: "payloads/index.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, { modules, entries }),
  };
}
