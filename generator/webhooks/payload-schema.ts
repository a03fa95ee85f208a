import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { Ajv } from "ajv";
import { GeneratorError } from "../errors.js";
import { type JsonSource, describeFsError, readJsonSource } from "../json-source.js";
import { compareText } from "../writer.js";
import type { EventActionTable } from "./event-action-table.js";

/** A JSON Schema object as read from disk. */
export type JsonSchema = { [keyword: string]: unknown };

/** One shared definition of `definitions.json`, such as `user` or `repository`. */
export interface PayloadDefinition {
  name: string;
  schema: JsonSchema;
}

/** One event's schema file: the fields every delivery carries, and a variant per action. */
export interface EventPayloadSchema {
  event: string;
  /** Display path of the schema file, for messages and banners. */
  file: string;
  root: JsonSchema;
  /** One per action of the table, sorted; empty for an event without actions. */
  variants: { action: string; schema: JsonSchema }[];
}

/** Every payload schema of a folder, checked against the table and with every `$ref` resolved. */
export interface PayloadSchemas {
  definitionsFile: string;
  definitions: PayloadDefinition[];
  events: EventPayloadSchema[];
}

export const DEFINITIONS_FILE = "definitions.json";
const SHARED_REF = /^definitions\.json#\/definitions\/([a-z0-9_]+)$/;
const LOCAL_REF = /^#\/definitions\/([a-z0-9_]+)$/;

// Checks each file against the draft-07 meta-schema that ships with ajv, so a typo such as
// `"type": "strng"` is reported at its line instead of producing a wrong type.
const metaValidator = new Ajv({ strict: false });

/**
 * Reads `definitions.json` and one `<event>.json` per event of the table from `dir`. Every
 * problem is a GeneratorError naming the file and, where it can, the line and entry: invalid JSON,
 * a schema that is not valid JSON Schema, a missing event file, a missing action variant, and a
 * `$ref` that does not resolve.
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
  const definitionsSource = await readSchema(join(dir, DEFINITIONS_FILE), definitionsFile);
  const sharedDefinitions = (definitionsSource.value as JsonSchema).definitions;
  if (!isObject(sharedDefinitions)) {
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
  for (const { name, actions } of table.events) {
    const fileName = `${name}.json`;
    const file = display(fileName);
    if (!present.has(fileName)) {
      throw new GeneratorError(`missing payload schema for event "${name}" of ${table.file}`, {
        file,
        entry: name,
      });
    }
    const source = await readSchema(join(dir, fileName), file);
    const root = source.value as JsonSchema;
    const variantSchemas = isObject(root.definitions) ? root.definitions : {};
    checkRefs(source, (ref, path) => {
      const sharedRef = SHARED_REF.exec(ref);
      if (sharedRef) return shared.has(sharedRef[1] ?? "");
      const local = LOCAL_REF.exec(ref);
      // Inside an event file, `#/definitions/<action>` may appear only in the root `oneOf`.
      return (
        local !== null &&
        path[0] === "oneOf" &&
        path.length === 2 &&
        isObject(variantSchemas[local[1] ?? ""])
      );
    });
    events.push({ event: name, file, root, variants: readVariants(source, name, actions) });
  }
  return { definitionsFile, definitions, events };
}

function readVariants(
  source: JsonSource,
  event: string,
  actions: string[],
): EventPayloadSchema["variants"] {
  const root = source.value as JsonSchema;
  const variantSchemas = isObject(root.definitions) ? root.definitions : {};
  const listed = Array.isArray(root.oneOf)
    ? root.oneOf.map((entry) => LOCAL_REF.exec(String((entry as JsonSchema).$ref))?.[1])
    : [];
  for (const action of actions) {
    const schema = variantSchemas[action];
    if (!isObject(schema)) {
      throw new GeneratorError(
        `event "${event}" has action "${action}" in the table but no "definitions.${action}"`,
        {
          file: source.file,
          ...source.locate(["definitions"]),
          entry: `definitions.${action}`,
        },
      );
    }
    if (!listed.includes(action)) {
      throw new GeneratorError(`"oneOf" must list { "$ref": "#/definitions/${action}" }`, {
        file: source.file,
        ...source.locate(["oneOf"]),
        entry: "oneOf",
      });
    }
  }
  const unknown = listed.find((action) => action === undefined || !actions.includes(action));
  if (listed.length > 0 && unknown !== undefined) {
    throw new GeneratorError(
      `"oneOf" lists "${unknown}", which is not an action of "${event}" in the table`,
      {
        file: source.file,
        ...source.locate(["oneOf", listed.indexOf(unknown)]),
        entry: "oneOf",
      },
    );
  }
  if (actions.length === 0 && root.oneOf !== undefined) {
    throw new GeneratorError(
      `event "${event}" has no actions in the table, so its schema must not have "oneOf"`,
      {
        file: source.file,
        ...source.locate(["oneOf"]),
        entry: "oneOf",
      },
    );
  }
  return actions.map((action) => ({ action, schema: variantSchemas[action] as JsonSchema }));
}

async function readSchema(path: string, file: string): Promise<JsonSource> {
  const source = await readJsonSource(path, file);
  if (!isObject(source.value))
    throw new GeneratorError("a schema must be a JSON object", { file, line: 1, column: 1 });
  const { $schema: _, ...schema } = source.value;
  if (!metaValidator.validateSchema(schema)) {
    const error = metaValidator.errors?.[0];
    const path = (error?.instancePath ?? "").split("/").slice(1);
    throw new GeneratorError(`not a valid JSON Schema: ${error?.message ?? "invalid"}`, {
      file,
      ...source.locate(path),
      ...(path.length > 0 ? { entry: path.join(".") } : {}),
    });
  }
  return source;
}

/** Throws for the first `$ref` that `resolves` rejects, naming its line and path. */
function checkRefs(
  source: JsonSource,
  resolves: (ref: string, path: (string | number)[]) => boolean,
): void {
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, [...path, index]);
      });
    }
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && (typeof child !== "string" || !resolves(child, path))) {
        throw new GeneratorError(`unresolvable $ref ${JSON.stringify(child)}`, {
          file: source.file,
          ...source.locate([...path, key]),
          entry: [...path, key].join("."),
        });
      }
      visit(child, [...path, key]);
    }
  };
  visit(source.value, []);
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

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
