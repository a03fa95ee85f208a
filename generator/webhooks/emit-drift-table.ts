import { printTypedArray, stringLiteral } from "../print/ts-syntax.js";
import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import { buildDriftTable } from "./drift-table.js";
import type { EventActionTable } from "./event-action-table.js";
import type { PayloadSchemas } from "./payload-schema-model.js";

const TEMPLATE = "webhooks/drift-table.ts.hbs";

/**
 * `drift-table.ts`: the fields every event/action declares, as the drift reporter of
 * `@typewire/runtime/drift` reads them (see {@link buildDriftTable}). Written only with payload
 * types; `index.ts` does not import it.
 *
 * @example
 * emitDriftTable(table, schemas, "output/webhooks");
 */
export function emitDriftTable(
  table: EventActionTable,
  schemas: PayloadSchemas,
  outDir: string,
): EmittedFile {
  const { events, shapes } = buildDriftTable(table, schemas);
  return {
    outDir,
    path: "drift-table.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, {
      events: printTypedArray("driftEvents", "readonly string[]", events.map(stringLiteral)),
      shapes: printTypedArray("driftShapes", "readonly string[]", shapes.map(stringLiteral)),
    }),
  };
}
