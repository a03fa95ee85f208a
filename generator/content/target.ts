import { extname } from "node:path";
import type { TypewireConfig } from "../config.js";
import { DOCUMENT_EXTENSIONS } from "./content-config.js";
import { renderModule } from "../render-module.js";
import type { RemoteInput, Target } from "../target.js";

/** One module per configured content API schema, in `<content.out>/<name>/`. */
export const contentTarget: Target = {
  name: "content",
  enabled: (config: TypewireConfig) => config.content !== undefined,
  inputs: (config) => [
    ...(config.content?.schemas ?? []).flatMap((source) => ("file" in source ? [source.file] : [])),
    ...new Set((config.content?.documents ?? []).flatMap((set) => set.files)),
  ],
  // A document file created where a set's patterns search is a change too.
  watchFolders: (config) =>
    [...new Set((config.content?.documents ?? []).flatMap((set) => set.folders ?? []))].map(
      (dir) => ({ dir, matches: (file) => DOCUMENT_EXTENSIONS.has(extname(file).toLowerCase()) }),
    ),
  outDirs: (config) => (config.content ? [config.content.out] : []),
  remoteInputs: (config): RemoteInput[] =>
    (config.content?.schemas ?? []).flatMap((source) =>
      "endpoint" in source
        ? [
            {
              label: source.endpoint,
              intervalMs: (config.content?.pollSeconds ?? 30) * 1000,
              // The sorted SDL: a reordering by the server is not a change.
              fingerprint: async () => {
                const [{ lexicographicSortSchema, printSchema }, { fetchSchema }] =
                  await Promise.all([import("graphql"), import("./fetch-schema.js")]);
                return printSchema(
                  lexicographicSortSchema(
                    await fetchSchema(source.endpoint, { token: source.token }),
                  ),
                );
              },
            },
          ]
        : [],
    ),
  // The emitters (and graphql) load only when this target renders, so a run the cache answers
  // never pays for them.
  emit: async (config, cwd, warn) =>
    (await renderModule("emit-content", () => import("./emit-content.js"))).emitContent(
      config,
      cwd,
      warn,
    ),
};
