import { readFileSync, readdirSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";

const dir = new URL("../../schemas/webhooks/payloads/", import.meta.url);
type Schema = { [keyword: string]: unknown };

/** The bundled event/action table. */
export const table: Record<string, string[]> = JSON.parse(
  readFileSync(new URL("../../schemas/webhooks/events.json", import.meta.url), "utf8"),
).events;

/** Every bundled payload schema by file name (`issues.json`, `definitions.json`, ...). */
export const schemas: Record<string, Schema> = Object.fromEntries(
  readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => [name, JSON.parse(readFileSync(new URL(name, dir), "utf8"))]),
);

/**
 * An ajv instance with every schema registered under its file name, which is what the
 * `definitions.json#/...` references resolve against. Strict mode stays on; `allowUnionTypes`
 * only permits `"type": ["string", "null"]`, the plain way to say a field may be null.
 */
export function createValidator(): (event: string) => ValidateFunction {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
  for (const [name, schema] of Object.entries(schemas)) ajv.addSchema(schema, name);
  return (event) => {
    const validate = ajv.getSchema(`${event}.json`);
    if (!validate) throw new Error(`no schema for ${event}`);
    return validate;
  };
}

/**
 * The smallest payload the schema of `event` (and `action`) accepts: only required fields, each
 * with the first type, enum value or variant its schema allows. Lets the negative cases run for
 * events that have no captured example.
 */
export function minimalPayload(event: string, action?: string): Record<string, unknown> {
  const file = schemas[`${event}.json`] as Schema;
  const variant = action ? ((file.definitions as Record<string, Schema>)[action] as Schema) : {};
  return {
    ...(sample(file, file, ["oneOf"]) as object),
    ...(sample(variant, file) as object),
  };
}

function sample(schema: Schema, file: Schema, skip: string[] = []): unknown {
  if (typeof schema.$ref === "string") {
    const [fileName, pointer = ""] = schema.$ref.split("#");
    const owner = fileName ? (schemas[fileName] as Schema) : file;
    const name = pointer.split("/").pop() ?? "";
    return sample((owner.definitions as Record<string, Schema>)[name] as Schema, owner);
  }
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" && schema.properties) {
    // An object whose `anyOf` alternatives each require one more field: take the first's.
    const alternative = (Array.isArray(schema.anyOf) ? schema.anyOf[0] : {}) as Schema;
    const properties = { ...(alternative.properties as object), ...(schema.properties as object) };
    const required = [
      ...((schema.required ?? []) as string[]),
      ...((alternative.required ?? []) as string[]),
    ];
    return Object.fromEntries(
      required.map((name) => [
        name,
        sample((properties as Record<string, Schema>)[name] ?? {}, file),
      ]),
    );
  }
  for (const key of ["anyOf", "oneOf"]) {
    if (Array.isArray(schema[key]) && !skip.includes(key))
      return sample(schema[key][0] as Schema, file);
  }
  if (type === "object") return {};
  if (type === "array") return [];
  if (type === "string") return "x";
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return false;
  return null;
}
