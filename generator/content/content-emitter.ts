import type { GraphQLSchema } from "graphql";
import type { EmittedFile } from "../writer.js";

/** One loaded content API schema and the folder its module goes to. */
export interface ContentSchemaInput {
  /** The schema's name from the config: also its folder name. */
  name: string;
  schema: GraphQLSchema;
  /** `<content.out>/<name>` (absolute). */
  outDir: string;
}

/**
 * Emits some files of one schema's module. Files at the top of `outDir` are re-exported from the
 * module's `index.ts`; files in subfolders are internal to the module.
 */
export type ContentEmitter = (input: ContentSchemaInput) => Promise<EmittedFile[]>;
