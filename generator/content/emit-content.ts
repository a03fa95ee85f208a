import { join, relative } from "node:path";
import { relativePath } from "../../input/paths.js";
import { type DocumentNode, type GraphQLSchema, Kind } from "graphql";
import { type TypewireConfig, inputsBase } from "../config.js";
import type { EmittedFile } from "../writer.js";
import type { ContentSchemaSource } from "./content-config.js";
import type { ContentEmitter } from "./content-emitter.js";
import { emitContentIndex } from "./emit-content-index.js";
import { emitContentTypes } from "./emit-content-types.js";
import { GeneratorError, throwAll } from "../../input/errors.js";
import {
  type DocumentFile,
  type DocumentWarning,
  at,
  checkDocuments,
  readDocuments,
} from "./documents.js";
import { emitDocuments, exportedNames } from "./emit-documents.js";
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
  options: { withDocuments?: boolean } = {},
): Promise<GraphQLSchema> {
  // Without configured directives, an SDL schema is built with the standard ones at once, and
  // without documents to check against it, it keeps no syntax tree.
  const standardDirectives = (source.directives ?? []).length === 0;
  const schema =
    "file" in source
      ? await loadSchemaFile(source.file, relative(cwd, source.file) || source.file, {
          standardDirectives,
          dropSyntax: standardDirectives && !options.withDocuments,
        })
      : await fetchSchema(source.endpoint, { token: source.token });
  return withDirectives(schema, source.directives);
}

/** The content target's files: one module per configured schema, in `<content.out>/<name>/`. */
export async function emitContent(
  config: TypewireConfig,
  cwd: string,
  warn: (warning: DocumentWarning) => void = () => {},
): Promise<EmittedFile[]> {
  const content = config.content;
  if (!content) return [];
  const documented = new Set((content.documents ?? []).flatMap((set) => set.schemas));
  const schemas = new Map(
    await Promise.all(
      content.schemas.map(
        async (source) =>
          [
            source.name,
            await loadContentSchema(source, cwd, { withDocuments: documented.has(source.name) }),
          ] as const,
      ),
    ),
  );
  const documents = await documentsBySchema(config, cwd, schemas, warn);
  const modules = await Promise.all(
    content.schemas.map(async (source) => {
      const input = {
        name: source.name,
        schema: schemas.get(source.name)!,
        outDir: join(content.out, source.name),
      };
      const checked = documents.get(source.name);
      const files = (await Promise.all(contentEmitters.map((emit) => emit(input)))).flat();
      if (checked) {
        const emitted = await emitDocuments({
          schema: input.schema,
          outDir: input.outDir,
          ...checked,
          name: source.name,
        });
        checkExportClashes(source.name, files, emitted, checked.written);
        files.push(...emitted);
      }
      return [...files, emitContentIndex(input.outDir, files)].map(fromSchema(source, config));
    }),
  );
  return modules.flat();
}

const EXPORTED = /^export (?:declare )?(?:type|interface|const|function|class|enum) (\w+)/gm;

/**
 * The module's `index.ts` re-exports every file, so a name `documents.ts` exports (an operation's
 * `<Name>Query`, `<Name>QueryVariables`, `<Name>Document`, a fragment's `<Name>Fragment`) must not
 * be one the schema's other files export: an error at the operation or fragment that makes it.
 */
function checkExportClashes(
  schemaName: string,
  others: readonly EmittedFile[],
  documents: readonly EmittedFile[],
  written: DocumentNode,
): void {
  const taken = new Map<string, string>();
  for (const file of others) {
    for (const match of file.contents.matchAll(EXPORTED)) taken.set(match[1]!, file.path);
  }
  const problems: GeneratorError[] = [];
  for (const file of documents) {
    for (const match of file.contents.matchAll(EXPORTED)) {
      const name = match[1]!;
      const other = taken.get(name);
      if (!other) continue;
      const definition = written.definitions.find(
        (d) =>
          (d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION) &&
          exportedNames(d).includes(name),
      );
      const message = `${name}, generated for this ${definition?.kind === Kind.FRAGMENT_DEFINITION ? "fragment" : "operation"}, is also exported by ${other} of schema "${schemaName}": rename it`;
      problems.push(
        definition ? at(definition, message) : new GeneratorError(message, { file: file.path }),
      );
    }
  }
  throwAll(problems);
}

/**
 * The documents of every schema some document set names, checked against it: every error of
 * every schema is thrown at once; warnings go to `warn`, each once, in file order.
 */
async function documentsBySchema(
  config: TypewireConfig,
  cwd: string,
  schemas: ReadonlyMap<string, GraphQLSchema>,
  warn: (warning: DocumentWarning) => void,
) {
  const sets = config.content?.documents ?? [];
  const result = new Map<
    string,
    {
      typed: DocumentNode;
      written: DocumentNode;
      describe: (display: string) => string;
    }
  >();
  if (sets.length === 0) return result;
  // Paths in messages and comments: relative to the config file's folder (the package's, for
  // the bundled example), so generated text is the same on every machine.
  const base = inputsBase(config);
  const show = (file: string) => relativePath(base, file);
  const allFiles = [...new Set(sets.flatMap((set) => set.files))].sort();
  const read = await readDocuments(allFiles, (file) => relativePath(cwd, file) || file);
  throwAll(read.problems);
  const byDisplay = new Map(read.files.map((file) => [file.display, file]));
  const declared = new Map<string, Set<string>>();
  for (const set of sets) {
    for (const file of set.files) {
      const names = declared.get(file) ?? new Set<string>();
      for (const name of set.schemas) names.add(name);
      declared.set(file, names);
    }
  }
  // One error per problem and place, naming every schema it is a problem for.
  const errors = new Map<string, { error: GeneratorError; schemas: string[] }>();
  const warnings: DocumentWarning[] = [];
  for (const [name, schema] of schemas) {
    const files: DocumentFile[] = read.files.filter((file) => declared.get(file.file)?.has(name));
    if (files.length === 0) continue;
    const checked = checkDocuments(name, schema, files, (display) =>
      [...(declared.get(byDisplay.get(display)?.file ?? "") ?? [])]
        .filter((other) => other !== name)
        .sort()
        .map((other) => ({ name: other, schema: schemas.get(other)! })),
    );
    for (const error of checked.errors) {
      const seen = errors.get(error.format());
      if (seen) seen.schemas.push(name);
      else errors.set(error.format(), { error, schemas: [name] });
    }
    warnings.push(...checked.warnings);
    result.set(name, {
      typed: checked.typed,
      written: checked.written,
      describe: (display) => show(byDisplay.get(display)?.file ?? display),
    });
  }
  throwAll(
    [...errors.values()].map(
      ({ error, schemas }) =>
        new GeneratorError(
          `${error.message} (schema${schemas.length > 1 ? "s" : ""} ${schemas.map((s) => `"${s}"`).join(", ")})`,
          error.location,
          { cause: error },
        ),
    ),
  );
  for (const warning of warnings) warn(warning);
  return result;
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
      instruction:
        file.instruction ??
        `It comes from the schema of ${source.endpoint} ("${source.name}" in typewire.config.json): change the content model there, then run \`typewire generate\`.`,
    });
  }
  const base = inputsBase(config);
  const path = relativePath(base, source.file);
  if (source.savedFrom) {
    const { endpoint } = source.savedFrom;
    return (file: EmittedFile): EmittedFile => ({
      ...file,
      source: path,
      instruction:
        file.instruction ??
        `It comes from ${path}, the schema saved from ${endpoint} ("${source.name}" in typewire.config.json): refresh it with \`typewire introspect\`, then run \`typewire generate\`.`,
    });
  }
  return (file: EmittedFile): EmittedFile => (file.instruction ? file : { ...file, source: path });
}
