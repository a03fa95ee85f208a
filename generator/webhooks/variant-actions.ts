import { GeneratorError } from "../../input/errors.js";
import { isJsonObject, type JsonSource, jsonPointer } from "../../input/json-source.js";
import type { JsonSchema } from "./payload-schema-model.js";

/**
 * The `action` values an event file fixes that the event/action table contradicts: in variant
 * `definitions.<action>`, an `action` property whose `const` is another action, or whose `enum`
 * holds anything but that action; at the root, an `action` `const` or `enum` value that is not an
 * action of the event. A variant that leaves `action` open (`"type": "string"`) is fine. Each
 * problem names the file, line and JSON pointer, and all of them come back together.
 *
 * @example
 * const problems = checkVariantActions(source, "issues", ["closed", "opened"]);
 * if (problems.length > 0) throw problems[0];
 */
export function checkVariantActions(
  source: JsonSource,
  event: string,
  actions: readonly string[],
): GeneratorError[] {
  const root = source.value as JsonSchema;
  const problems: GeneratorError[] = [];
  const check = (path: string[], allowed: readonly string[], what: string) => {
    const action = propertyAt(root, path);
    if (!isJsonObject(action)) return;
    if ("const" in action && !allowed.includes(action.const as string)) {
      problems.push(mismatch(source, [...path, "const"], action.const, what));
    }
    if (Array.isArray(action.enum)) {
      action.enum.forEach((value, index) => {
        if (!allowed.includes(value as string))
          problems.push(mismatch(source, [...path, "enum", String(index)], value, what));
      });
    }
  };
  const variants = isJsonObject(root.definitions) ? root.definitions : {};
  for (const action of actions) {
    if (!isJsonObject(variants[action])) continue;
    check(
      ["definitions", action, "properties", "action"],
      [action],
      `variant "${action}" of event "${event}" must fix "action" to "${action}"`,
    );
  }
  check(
    ["properties", "action"],
    actions,
    actions.length === 0
      ? `event "${event}" has no actions in the table`
      : `the actions of event "${event}" in the table are ${actions.map((a) => `"${a}"`).join(", ")}`,
  );
  return problems;
}

function mismatch(
  source: JsonSource,
  path: string[],
  value: unknown,
  what: string,
): GeneratorError {
  return new GeneratorError(`"action" is ${JSON.stringify(value)}, but ${what}`, {
    file: source.file,
    ...source.locate(path),
    entry: jsonPointer(path),
  });
}

function propertyAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isJsonObject(current)) return undefined;
    current = current[key];
  }
  return current;
}
