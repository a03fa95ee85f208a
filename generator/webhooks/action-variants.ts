import { GeneratorError } from "../../input/errors.js";
import { isJsonObject, type JsonSource } from "../../input/json-source.js";
import type { EventPayloadSchema, JsonSchema } from "./payload-schema-model.js";

/** A reference to a definition of the same file: `#/definitions/<name>`. */
export const LOCAL_REF = /^#\/definitions\/([a-z0-9_]+)$/;

/**
 * The action variants of one event file: `definitions.<action>` for every action of the table,
 * each listed in the root `oneOf`, and nothing else listed there. An event without actions must
 * have no `oneOf`.
 *
 * @example
 * const variants = readActionVariants(source, "issues", ["closed", "opened"]);
 */
export function readActionVariants(
  source: JsonSource,
  event: string,
  actions: string[],
): EventPayloadSchema["variants"] {
  const root = source.value as JsonSchema;
  const variantSchemas = isJsonObject(root.definitions) ? root.definitions : {};
  const listed = Array.isArray(root.oneOf)
    ? root.oneOf.map((entry) => LOCAL_REF.exec(String((entry as JsonSchema).$ref))?.[1])
    : [];
  for (const action of actions) {
    const schema = variantSchemas[action];
    if (!isJsonObject(schema)) {
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
