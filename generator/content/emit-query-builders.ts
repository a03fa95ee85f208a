import type { GraphQLSchema } from "graphql";
import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import type { ContentEmitter } from "./content-emitter.js";
import { readFieldMaps } from "./field-maps.js";

const TEMPLATE = "content/query.ts.hbs";

/**
 * `query.ts`: the typed query builders of one content schema (field maps, one builder per root
 * query field, the directive helpers). Works for any schema; `file` names the schema's input in
 * error messages.
 *
 * @example
 * const [file] = emitQueryBuilders(buildSchema(sdl), "output/content/site", "schemas/content/site.graphql");
 */
export function emitQueryBuilders(
  schema: GraphQLSchema,
  outDir: string,
  file: string,
): EmittedFile[] {
  const view = readFieldMaps(schema, file);
  return [
    {
      outDir,
      path: "query.ts",
      source: templatePath(TEMPLATE),
      contents: renderTemplate(TEMPLATE, view),
    },
  ];
}

/** The query builders as one of the content target's emitters. */
export const queryBuildersEmitter: ContentEmitter = async (input) =>
  emitQueryBuilders(input.schema, input.outDir, `content schema "${input.name}"`);
