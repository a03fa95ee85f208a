import type { Options } from "ajv";

/**
 * The JSON Schemas the package ships for the files a user writes, each with how its check
 * reports: a config lists every problem at once; the others stop at the first. The content
 * schemas let one keyword allow several types (`allowUnionTypes`).
 * `scripts/build-validators.ts` compiles each with these options at build time.
 */
export const SHAPE_SCHEMAS = {
  "schemas/config.schema.json": { allErrors: true },
  "schemas/webhooks/events.schema.json": { allErrors: false },
  "schemas/content/site.schema.json": { allErrors: false, allowUnionTypes: true },
  "schemas/content/server-config.schema.json": { allErrors: false, allowUnionTypes: true },
} as const satisfies Record<string, { allErrors: boolean; allowUnionTypes?: boolean }>;

export type ShapeSchema = keyof typeof SHAPE_SCHEMAS;

/**
 * ajv's options for one of {@link SHAPE_SCHEMAS}. The bundled schemas are checked against the
 * draft meta-schema by the test suite, so compiling skips that step (it costs more than the
 * check). `verbose` keeps each error's schema, which names the keys a misspelt one could have
 * meant.
 */
export function shapeOptions(schema: ShapeSchema): Options {
  const options: { allErrors: boolean; allowUnionTypes?: boolean } = SHAPE_SCHEMAS[schema];
  return {
    strict: true,
    allErrors: options.allErrors,
    verbose: options.allErrors,
    validateSchema: false,
    ...(options.allowUnionTypes ? { allowUnionTypes: true } : {}),
  };
}
