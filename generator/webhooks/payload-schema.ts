import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { closest } from "../../input/closest.js";
import { GeneratorError, throwAll } from "../../input/errors.js";
import { isJsonObject, describeFsError } from "../../input/json-source.js";
import { compareText } from "../writer.js";
import type { EventActionTable } from "./event-action-table.js";
import { LOCAL_REF, readActionVariants } from "./action-variants.js";
import { checkRefs, readSchemaFile } from "./schema-file.js";
import { checkVariantActions } from "./variant-actions.js";
import type { EventPayloadSchema, JsonSchema, PayloadSchemas } from "./payload-schema-model.js";

export const DEFINITIONS_FILE = "definitions.json";
const SHARED_REF = /^definitions\.json#\/definitions\/([a-z0-9_]+)$/;

/**
 * Reads `definitions.json` and one `<event>.json` per event of the table from `dir`. Every
 * problem is a GeneratorError naming the file and, where it can, the line and entry: invalid JSON,
 * a schema that is not valid JSON Schema, a missing event file, a missing action variant, and a
 * `$ref` that does not resolve.
 *
 * @example
 * const table = await readEventActionTable("schemas/webhooks/events.json");
 * const schemas = await readPayloadSchemas("schemas/webhooks/payloads", table);
 */
export async function readPayloadSchemas(
  dir: string,
  table: EventActionTable,
  displayDir = dir,
): Promise<PayloadSchemas> {
  const display = (name: string) => `${displayDir.replace(/\/$/, "")}/${name}`;
  const present = await listJsonFiles(dir, displayDir);
  const definitionsFile = display(DEFINITIONS_FILE);
  if (!present.has(DEFINITIONS_FILE)) {
    throw new GeneratorError(`missing ${DEFINITIONS_FILE}: the shared payload definitions`, {
      file: definitionsFile,
    });
  }
  const definitionsSource = await readSchemaFile(join(dir, DEFINITIONS_FILE), definitionsFile);
  const sharedDefinitions = (definitionsSource.value as JsonSchema).definitions;
  if (!isJsonObject(sharedDefinitions)) {
    throw new GeneratorError('expected a "definitions" object', {
      file: definitionsFile,
      line: 1,
      column: 1,
    });
  }
  const shared = new Set(Object.keys(sharedDefinitions));
  checkRefs(definitionsSource, (ref) => {
    const local = LOCAL_REF.exec(ref);
    return local !== null && shared.has(local[1] ?? "");
  });
  const definitions = Object.keys(sharedDefinitions)
    .sort(compareText)
    .map((name) => ({ name, schema: sharedDefinitions[name] as JsonSchema }));

  const events: EventPayloadSchema[] = [];
  // Disagreements with the table are collected, so one run names every one of them.
  const contradictions: GeneratorError[] = [];
  const eventNames = table.events.map((event) => event.name);
  for (const fileName of [...present].sort(compareText)) {
    const event = fileName.slice(0, -".json".length);
    if (fileName === DEFINITIONS_FILE || eventNames.includes(event)) continue;
    const guess = closest(event, eventNames);
    contradictions.push(
      new GeneratorError(
        `a payload schema for event "${event}", which ${table.file} does not have${guess ? `; did you mean "${guess}"?` : ""} (add the event to the table or remove the file)`,
        { file: display(fileName), line: 1, column: 1 },
      ),
    );
  }
  for (const { name, actions } of table.events) {
    const fileName = `${name}.json`;
    const file = display(fileName);
    if (!present.has(fileName)) {
      contradictions.push(
        new GeneratorError(`missing payload schema for event "${name}" of ${table.file}`, {
          file,
          entry: name,
        }),
      );
      continue;
    }
    const source = await readSchemaFile(join(dir, fileName), file);
    const root = source.value as JsonSchema;
    const variantSchemas = isJsonObject(root.definitions) ? root.definitions : {};
    checkRefs(source, (ref, path) => {
      const sharedRef = SHARED_REF.exec(ref);
      if (sharedRef) return shared.has(sharedRef[1] ?? "");
      const local = LOCAL_REF.exec(ref);
      // Inside an event file, `#/definitions/<action>` may appear only in the root `oneOf`.
      return (
        local !== null &&
        path[0] === "oneOf" &&
        path.length === 2 &&
        isJsonObject(variantSchemas[local[1] ?? ""])
      );
    });
    const variants = readActionVariants(source, name, actions);
    contradictions.push(...checkVariantActions(source, name, actions));
    events.push({ event: name, file, root, variants });
  }
  throwAll(contradictions);
  return { definitionsFile, definitions, events };
}

async function listJsonFiles(dir: string, displayDir: string): Promise<Set<string>> {
  try {
    return new Set((await readdir(dir)).filter((name) => name.endsWith(".json")));
  } catch (error) {
    throw new GeneratorError(`cannot read the payload schema folder: ${describeFsError(error)}`, {
      file: displayDir,
    });
  }
}
