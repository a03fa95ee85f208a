import { GeneratorError } from "../input/errors.js";
import { type JsonSource, readJsonSource } from "../input/json-source.js";
import { shapeCheck } from "../input/shape-check.js";
import { checkSite } from "./check-site.js";
import { normalizeCraftVersion } from "./craft-version.js";
import type { Site } from "./site-model.js";

const checkShape = shapeCheck("schemas/content/site.schema.json");

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
  checkShape(source);
  const site = source.value as Site;
  const fail = (message: string, path: (string | number)[]): never => {
    throw new GeneratorError(message, {
      file: source.file,
      ...source.locate(path),
      entry: path.join("."),
    });
  };
  normalizeCraftVersion(site, fail);
  checkSite(site, fail);
  return site;
}
