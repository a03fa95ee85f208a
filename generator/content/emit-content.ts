import { dirname, join, relative, sep } from "node:path";
import { packageRoot } from "../../input/paths.js";
import type { GraphQLSchema } from "graphql";
import type { TypewireConfig } from "../config.js";
import type { EmittedFile } from "../writer.js";
import type { ContentSchemaSource } from "./content-config.js";
import type { ContentEmitter } from "./content-emitter.js";
import { emitContentIndex } from "./emit-content-index.js";
import { emitContentTypes } from "./emit-content-types.js";
import { queryBuildersEmitter } from "./emit-query-builders.js";
import { fetchSchema } from "./fetch-schema.js";
import { loadSchemaFile } from "./load-schema.js";
import { withDirectives } from "./standard-directives.js";

/** What every schema's module holds, one emitter per file family. Add an emitter here. */
export const contentEmitters: readonly ContentEmitter[] = [emitContentTypes, queryBuildersEmitter];

/**
 * Loads a configured schema: a saved file, or a live endpoint introspected now; with the field
 * directives it lacks, those the config names and the standard ones (see `withDirectives`).
 */
export async function loadContentSchema(
  source: ContentSchemaSource,
  cwd: string,
): Promise<GraphQLSchema> {
  const schema =
    "file" in source
      ? await loadSchemaFile(source.file, relative(cwd, source.file) || source.file)
      : await fetchSchema(source.endpoint, { token: source.token });
  return withDirectives(schema, source.directives);
}

/** The content target's files: one module per configured schema, in `<content.out>/<name>/`. */
export async function emitContent(config: TypewireConfig, cwd: string): Promise<EmittedFile[]> {
  const content = config.content;
  if (!content) return [];
  const modules = await Promise.all(
    content.schemas.map(async (source) => {
      const input = {
        name: source.name,
        schema: await loadContentSchema(source, cwd),
        outDir: join(content.out, source.name),
      };
      const files = (await Promise.all(contentEmitters.map((emit) => emit(input)))).flat();
      return [...files, emitContentIndex(input.outDir, files)].map(fromSchema(source, config));
    }),
  );
  return modules.flat();
}

/**
 * Points a module's banners at its schema: the file, relative to the config file's folder (the
 * package's, for the bundled example), or the endpoint it was introspected from.
 */
function fromSchema(source: ContentSchemaSource, config: TypewireConfig) {
  if ("endpoint" in source) {
    return (file: EmittedFile): EmittedFile => ({
      ...file,
      source: source.endpoint,
      instruction: `It comes from the schema of ${source.endpoint} ("${source.name}" in typewire.config.json): change the content model there, then run \`typewire generate\`.`,
    });
  }
  const base = config.file ? dirname(config.file) : packageRoot;
  const path = relative(base, source.file).split(sep).join("/");
  return (file: EmittedFile): EmittedFile => ({ ...file, source: path });
}
