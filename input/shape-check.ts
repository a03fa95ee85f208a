import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename } from "node:path";
import type { ErrorObject, ValidateFunction } from "ajv";
import { closest } from "./closest.js";
import { GeneratorError, throwAll } from "./errors.js";
import { type JsonSource, pointerSegments } from "./json-source.js";
import { bundledFile } from "./paths.js";
import { type ShapeSchema, shapeOptions } from "./shape-schemas.js";

const require = createRequire(import.meta.url);

/** The validator `scripts/build-validators.ts` compiled next to this module, if it ran. */
function precompiled(schema: ShapeSchema): ValidateFunction | undefined {
  try {
    return require(`./validators/${basename(schema).replace(/\.json$/, ".cjs")}`);
  } catch (error) {
    if ((error as { code?: string }).code !== "MODULE_NOT_FOUND") throw error;
    return undefined;
  }
}

/** Compiles one of the bundled schemas with ajv, as the build does. */
export function compileShape(schema: ShapeSchema): ValidateFunction {
  const { Ajv } = require("ajv") as typeof import("ajv");
  return new Ajv(shapeOptions(schema)).compile(
    JSON.parse(readFileSync(bundledFile(schema), "utf8")),
  );
}

/**
 * A check of a JSON input against one of the JSON Schemas the package ships
 * (`input/shape-schemas.ts`). The published CLI uses the validators compiled at build time
 * (`scripts/build-validators.ts`); from the sources, the schema is read and compiled on the first
 * check, and ajv itself loaded then. Either way nothing is loaded when the module loads, so
 * commands that never read that kind of input (`--help`, `serve` without a config, `generate` of
 * the bundled example) never pay for it.
 *
 * @example
 * const checkConfig = shapeCheck("schemas/config.schema.json");
 * checkConfig(await readJsonSource(file)); // throws a located GeneratorError on a bad shape
 */
export function shapeCheck(schema: ShapeSchema): (source: JsonSource) => void {
  let validate: ValidateFunction | undefined;
  return (source) => {
    validate ??= precompiled(schema) ?? compileShape(schema);
    if (validate(source.value)) return;
    const seen = new Set<string>();
    const errors: GeneratorError[] = [];
    for (const error of validate.errors ?? []) {
      const located = shapeError(error, source);
      const key = located.format();
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push(located);
    }
    if (errors.length === 0) errors.push(shapeError(undefined, source));
    throwAll(errors);
  };
}

/** Turns the first ajv error into a message that names the field and its line. */
export function shapeError(error: ErrorObject | undefined, source: JsonSource): GeneratorError {
  const path = pointerSegments(error?.instancePath ?? "");
  const params = (error?.params ?? {}) as Record<string, unknown>;
  let message = error?.message ?? "unexpected value";
  if (error?.propertyName !== undefined) {
    // A key that fails `propertyNames`: point at the key itself.
    path.push(error.propertyName);
    message = `key "${error.propertyName}" ${message}`;
  } else if (error?.keyword === "additionalProperties") {
    const key = String(params.additionalProperty);
    path.push(key);
    const known = Object.keys(
      (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ??
        {},
    );
    const suggestion = closest(key, known);
    message = `unknown key "${key}"${suggestion ? `; did you mean "${suggestion}"?` : ""}`;
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
