import { basename, dirname } from "node:path";
import type { EmittedFile } from "../writer.js";
import { compareText } from "../writer.js";
import type { EventPayloadSchema, JsonSchema } from "./payload-schema.js";
import {
  compilePayloadType,
  flattenVariant,
  payloadTypeName,
  toTypeSchema,
} from "./payload-type.js";

/**
 * `payloads/<event>.ts`: one interface per action (`IssuesOpenedEvent`, ...) and the union of them
 * named after the event (`IssuesEvent`); for an event without actions, one interface (`PushEvent`).
 * Shared objects are imported from `definitions.ts`, never repeated.
 *
 * @example
 * await emitEventPayload(schemas.events[0], "output/webhooks", "schemas/webhooks/payloads");
 */
export async function emitEventPayload(
  schema: EventPayloadSchema,
  outDir: string,
  schemaDir = dirname(schema.file),
): Promise<EmittedFile> {
  const used = new Set<string>();
  const declarations: string[] = [];
  const compileOne = async (flat: JsonSchema, name: string, entry: string) =>
    compilePayloadType(toTypeSchema(flat, used) as JsonSchema, name, schema.file, entry);
  const eventType = payloadTypeName(schema.event);
  if (schema.variants.length === 0) {
    declarations.push(
      await compileOne(flattenVariant(schema.root, undefined), eventType, schema.event),
    );
  } else {
    const names = schema.variants.map(({ action }) => payloadTypeName(schema.event, action));
    declarations.push(
      `/** The \`${schema.event}\` payload of any action. */\nexport type ${eventType} = ${names.join(" | ")};`,
    );
    for (const [index, { action, schema: variant }] of schema.variants.entries()) {
      const name = names[index] ?? payloadTypeName(schema.event, action);
      declarations.push(
        await compileOne(flattenVariant(schema.root, variant), name, `definitions.${action}`),
      );
    }
  }
  const imports = [...used].sort(compareText);
  const importLine = imports.length
    ? `import type { ${imports.join(", ")} } from "./definitions.js";\n\n`
    : "";
  return {
    outDir,
    path: `payloads/${schema.event}.ts`,
    source: `${schemaDir}/${basename(schema.file)}`,
    contents: `${importLine}${declarations.join("\n\n")}\n`,
  };
}
