import { basename, dirname } from "node:path";
import { printDeclarations } from "../print/ts-syntax.js";
import type { EmittedFile } from "../writer.js";
import type { PayloadSchemas } from "./payload-schema-model.js";
import { definitionRef, pascalCase } from "./payload-type.js";
import { schemaDeclaration } from "./schema-type.js";

/**
 * `payloads/definitions.ts`: one interface per shared definition (`User`, `Repository`, ...),
 * emitted once and referenced by every event's payload type.
 *
 * @example
 * await emitPayloadDefinitions(schemas, "output/webhooks", "schemas/webhooks/payloads");
 */
export function emitPayloadDefinitions(
  schemas: PayloadSchemas,
  outDir: string,
  schemaDir = dirname(schemas.definitionsFile),
): EmittedFile {
  const refName = definitionRef(new Set());
  const declarations = schemas.definitions.map(({ name, schema }) =>
    schemaDeclaration(schema, pascalCase(name), refName, {
      file: schemas.definitionsFile,
      entry: `definitions.${name}`,
    }),
  );
  return {
    outDir,
    path: "payloads/definitions.ts",
    source: `${schemaDir}/${basename(schemas.definitionsFile)}`,
    contents: printDeclarations(declarations),
  };
}
