import { basename, dirname } from "node:path";
import type { EmittedFile } from "../writer.js";
import type { PayloadSchemas } from "./payload-schema.js";
import { compilePayloadType, pascalCase, toTypeSchema } from "./payload-type.js";

/**
 * `payloads/definitions.ts`: one interface per shared definition (`User`, `Repository`, ...),
 * emitted once and referenced by every event's payload type.
 *
 * @example
 * await emitPayloadDefinitions(schemas, "output/webhooks", "schemas/webhooks/payloads");
 */
export async function emitPayloadDefinitions(
  schemas: PayloadSchemas,
  outDir: string,
  schemaDir = dirname(schemas.definitionsFile),
): Promise<EmittedFile> {
  const declarations: string[] = [];
  for (const { name, schema } of schemas.definitions) {
    const typeSchema = toTypeSchema(schema, new Set()) as Record<string, unknown>;
    declarations.push(
      await compilePayloadType(
        typeSchema,
        pascalCase(name),
        schemas.definitionsFile,
        `definitions.${name}`,
      ),
    );
  }
  return {
    outDir,
    path: "payloads/definitions.ts",
    source: `${schemaDir}/${basename(schemas.definitionsFile)}`,
    contents: `${declarations.join("\n\n")}\n`,
  };
}
