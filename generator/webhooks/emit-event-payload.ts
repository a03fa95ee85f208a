import { basename, dirname } from "node:path";
import type { EmittedFile } from "../writer.js";
import { compareText } from "../writer.js";
import { type Declaration, printDeclarations, typeName, union } from "../print/ts-syntax.js";
import type { EventPayloadSchema, JsonSchema } from "./payload-schema-model.js";
import { definitionRef, flattenVariant, payloadTypeName } from "./payload-type.js";
import { schemaDeclaration } from "./schema-type.js";

/**
 * `payloads/<event>.ts`: one interface per action (`IssuesOpenedEvent`, ...) and the union of them
 * named after the event (`IssuesEvent`); for an event without actions, one interface (`PushEvent`).
 * Shared objects are imported from `definitions.ts`, never repeated.
 *
 * @example
 * await emitEventPayload(schemas.events[0], "output/webhooks", "schemas/webhooks/payloads");
 */
export function emitEventPayload(
  schema: EventPayloadSchema,
  outDir: string,
  schemaDir = dirname(schema.file),
): EmittedFile {
  const used = new Set<string>();
  const refName = definitionRef(used);
  const declare = (flat: JsonSchema, name: string, entry: string) =>
    schemaDeclaration(flat, name, refName, { file: schema.file, entry });
  const eventType = payloadTypeName(schema.event);
  const declarations: Declaration[] = [];
  if (schema.variants.length === 0) {
    declarations.push(declare(flattenVariant(schema.root, undefined), eventType, schema.event));
  } else {
    const names = schema.variants.map(({ action }) => payloadTypeName(schema.event, action));
    declarations.push({
      kind: "alias",
      name: eventType,
      exported: true,
      type: union(names.map((name) => typeName(name))),
      doc: `The \`${schema.event}\` payload of any action.`,
    });
    for (const [index, { action, schema: variant }] of schema.variants.entries()) {
      declarations.push(
        declare(
          flattenVariant(schema.root, variant),
          names[index] ?? payloadTypeName(schema.event, action),
          `definitions.${action}`,
        ),
      );
    }
  }
  const imports = [...used].sort(compareText);
  if (imports.length > 0) {
    declarations.unshift({
      kind: "import",
      typeOnly: true,
      names: imports,
      from: "./definitions.js",
    });
  }
  return {
    outDir,
    path: `payloads/${schema.event}.ts`,
    source: `${schemaDir}/${basename(schema.file)}`,
    contents: printDeclarations(declarations),
  };
}
