import { readFileSync } from "node:fs";
import type { ErrorObject, Options, ValidateFunction } from "ajv";
import { Ajv } from "ajv";
import { GeneratorError } from "./errors.js";
import type { JsonSource } from "./json-source.js";
import { bundledFile } from "./paths.js";

/**
 * A check of a JSON input against one of the JSON Schemas the package ships. The schema is read
 * and compiled on the first check, not when the module loads, so commands that never read that
 * kind of input (`--help`, `serve` without a config) never pay for it.
 *
 * @example
 * const checkConfig = shapeCheck("schemas/config.schema.json");
 * checkConfig(await readJsonSource(file)); // throws a located GeneratorError on a bad shape
 */
export function shapeCheck(
  schemaPath: string,
  options: Pick<Options, "allowUnionTypes"> = {},
): (source: JsonSource) => void {
  let validate: ValidateFunction | undefined;
  return (source) => {
    // The bundled schemas are checked against the draft meta-schema by the test suite, so the
    // check at run time skips that step (compiling the meta-schema costs more than the check).
    validate ??= new Ajv({
      strict: true,
      allErrors: false,
      validateSchema: false,
      ...options,
    }).compile(JSON.parse(readFileSync(bundledFile(schemaPath), "utf8")));
    if (!validate(source.value)) throw shapeError(validate.errors?.[0], source);
  };
}

/** Turns the first ajv error into a message that names the field and its line. */
export function shapeError(error: ErrorObject | undefined, source: JsonSource): GeneratorError {
  const path = (error?.instancePath ?? "")
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  const params = (error?.params ?? {}) as Record<string, unknown>;
  let message = error?.message ?? "unexpected value";
  if (error?.propertyName !== undefined) {
    // A key that fails `propertyNames`: point at the key itself.
    path.push(error.propertyName);
    message = `key "${error.propertyName}" ${message}`;
  } else if (error?.keyword === "additionalProperties") {
    path.push(String(params.additionalProperty));
    message = `unknown key "${params.additionalProperty}"`;
  } else if (error?.keyword === "required") {
    message = `missing required key "${params.missingProperty}"`;
  } else if (error?.keyword === "type") {
    message = `must be ${withArticle(String(params.type))}`;
  }
  return new GeneratorError(message, {
    file: source.file,
    ...source.locate(path),
    ...(path.length > 0 ? { entry: path.join(".") } : {}),
  });
}

function withArticle(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
