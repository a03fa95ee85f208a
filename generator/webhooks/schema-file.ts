import { createRequire } from "node:module";
import { resolve, sep } from "node:path";
import type { Ajv } from "ajv";
import { GeneratorError } from "../../input/errors.js";
import {
  isJsonObject,
  type JsonSource,
  readCheckedJsonSource,
  readJsonSource,
} from "../../input/json-source.js";
import { bundledFile } from "../../input/paths.js";

// Checks each file against the draft-07 meta-schema that ships with ajv, so a typo such as
// `"type": "strng"` is reported at its line instead of producing a wrong type. Loaded and
// compiled on the first file that needs it.
let metaValidator: Ajv | undefined;
function meta(): Ajv {
  if (metaValidator) return metaValidator;
  const { Ajv } = createRequire(import.meta.url)("ajv") as typeof import("ajv");
  metaValidator = new Ajv({ strict: false });
  return metaValidator;
}

/**
 * The payload schemas the package ships. `typewire payload-schemas` wrote them and the test
 * suite checks each against the meta-schema (test/input/bundled-schemas.test.ts), so reading them
 * skips that check: it costs more than the rest of reading them.
 */
const BUNDLED_PAYLOADS = bundledFile("schemas/webhooks/payloads") + sep;

/**
 * Reads one JSON Schema file: strict JSON (line and column on errors), a JSON object, and valid
 * draft-07 JSON Schema, else a GeneratorError naming the file, line and entry.
 *
 * @example
 * const source = await readSchemaFile("schemas/webhooks/payloads/push.json", "push.json");
 */
export async function readSchemaFile(path: string, file: string): Promise<JsonSource> {
  const bundled = resolve(path).startsWith(BUNDLED_PAYLOADS);
  // The bundled files are also read strictly by the test suite, so JSON.parse is enough here.
  const source = await (bundled ? readCheckedJsonSource : readJsonSource)(path, file);
  if (!isJsonObject(source.value))
    throw new GeneratorError("a schema must be a JSON object", { file, line: 1, column: 1 });
  if (bundled) return source;
  const { $schema: _, ...schema } = source.value;
  const validator = meta();
  if (!validator.validateSchema(schema)) {
    const error = validator.errors?.[0];
    const path = (error?.instancePath ?? "").split("/").slice(1);
    throw new GeneratorError(`not a valid JSON Schema: ${error?.message ?? "invalid"}`, {
      file,
      ...source.locate(path),
      ...(path.length > 0 ? { entry: path.join(".") } : {}),
    });
  }
  return source;
}

/**
 * Throws for the first `$ref` that `resolves` rejects, naming its line and path. `path` is the
 * location of the object holding the `$ref`, valid during the call (it changes as the walk goes
 * on: copy it to keep it).
 *
 * @example
 * checkRefs(source, (ref) => ref.startsWith("#/definitions/"));
 */
export function checkRefs(
  source: JsonSource,
  resolves: (ref: string, path: readonly (string | number)[]) => boolean,
): void {
  // One path for the whole walk, extended and cut back as it goes: a schema has tens of
  // thousands of values, and only a failing `$ref` needs its path kept.
  const path: (string | number)[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        visit(value[index]);
        path.pop();
      }
      return;
    }
    if (!isJsonObject(value)) return;
    const keys = Object.keys(value);
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index]!;
      const child = value[key];
      if (key === "$ref" && (typeof child !== "string" || !resolves(child, path))) {
        throw new GeneratorError(`unresolvable $ref ${JSON.stringify(child)}`, {
          file: source.file,
          ...source.locate([...path, key]),
          entry: [...path, key].join("."),
        });
      }
      path.push(key);
      visit(child);
      path.pop();
    }
  };
  visit(source.value);
}
