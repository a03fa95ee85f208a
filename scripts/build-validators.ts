/**
 * Compiles each JSON Schema of `input/shape-schemas.ts` into a CommonJS module of its own,
 * `dist/input/validators/<name>.cjs`, with ajv's standalone code and the few ajv runtime helpers
 * it calls bundled in. The published CLI checks a config, an event table or a site with them
 * without loading ajv or compiling a schema on every run (about 55 ms of CPU for a config);
 * `input/shape-check.ts` compiles the schema itself when the file is not there (running from the
 * sources). test/input/precompiled-validators.test.ts holds the two to the same errors.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv } from "ajv";
import standalone from "ajv/dist/standalone/index.js";
import { build } from "esbuild";
import { packageRoot } from "../input/paths.js";
import { SHAPE_SCHEMAS, type ShapeSchema, shapeOptions } from "../input/shape-schemas.js";

// A CommonJS module whose exports are the function, with the same function as their `default`.
const standaloneCode = standalone.default;

/** The file a schema's compiled validator is written to, in `folder`. */
export function validatorFile(folder: string, schema: ShapeSchema): string {
  return join(folder, basename(schema).replace(/\.json$/, ".cjs"));
}

/** Writes each schema's validator module into `folder` (see {@link validatorFile}). */
export async function buildValidators(folder: string): Promise<void> {
  for (const schema of Object.keys(SHAPE_SCHEMAS) as ShapeSchema[]) {
    const ajv = new Ajv({ ...shapeOptions(schema), code: { source: true } });
    const validate = ajv.compile(JSON.parse(readFileSync(join(packageRoot, schema), "utf8")));
    await build({
      stdin: {
        contents: standaloneCode(ajv, validate),
        resolveDir: packageRoot,
        sourcefile: basename(validatorFile(folder, schema)),
      },
      outfile: validatorFile(folder, schema),
      bundle: true,
      format: "cjs",
      platform: "node",
      target: ["node20"],
      legalComments: "eof",
      logLevel: "warning",
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildValidators(join(packageRoot, "dist/input/validators"));
}
