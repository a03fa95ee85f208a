import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { shapeError } from "../config.js";
import { GeneratorError } from "../errors.js";
import { type JsonSource, readJsonSource } from "../json-source.js";
import { checkSite } from "./check-site.js";
import type { Site } from "./site-model.js";

const schema = JSON.parse(
  readFileSync(new URL("../../schemas/content/site.schema.json", import.meta.url), "utf8"),
);
const validateShape = new Ajv({ strict: true, allErrors: false, allowUnionTypes: true }).compile(
  schema,
);

/**
 * Reads a site file (`schemas/content/site.json`): strict JSON, the shape of
 * `schemas/content/site.schema.json`, then the cross-references (field handles, relation targets,
 * parents, element ids, schema scopes). Every problem is a GeneratorError with line and column.
 *
 * @example
 * const site = await readSite("schemas/content/site.json");
 * const schema = buildContentSchema(site);
 */
export async function readSite(file: string, displayName = file): Promise<Site> {
  return siteFromSource(await readJsonSource(file, displayName));
}

/** Validates an already parsed site file; see {@link readSite}. */
export function siteFromSource(source: JsonSource): Site {
  if (!validateShape(source.value)) throw shapeError(validateShape.errors?.[0], source);
  const site = source.value as Site;
  checkSite(site, (message, path) => {
    throw new GeneratorError(message, {
      file: source.file,
      ...source.locate(path),
      entry: path.join("."),
    });
  });
  return site;
}
