import {
  type GraphQLSchema,
  type IntrospectionQuery,
  introspectionFromSchema,
  lexicographicSortSchema,
  printSchema,
} from "graphql";
import { format } from "prettier";

/**
 * The options of the standard introspection query (graphql-js `getIntrospectionQuery()` with its
 * defaults). Saved files always use them, whatever produced the schema, so the same schema gives
 * the same bytes from a live endpoint, an SDL file or the example site.
 */
export const INTROSPECTION_OPTIONS = {
  descriptions: true,
  specifiedByUrl: false,
  directiveIsRepeatable: false,
  schemaDescription: false,
  inputValueDeprecation: false,
  oneOf: false,
} as const;

/** Pinned like the writer's, so a project's own prettier config never changes saved schemas. */
const PRETTIER = { printWidth: 100, endOfLine: "lf" } as const;

/**
 * The schema as sorted, formatted SDL: a schema change shows as a readable diff.
 *
 * @example
 * await schemaToSdl(buildContentSchema(site)); // 'directive @formatDateTime(...'
 */
export async function schemaToSdl(schema: GraphQLSchema): Promise<string> {
  return format(printSchema(lexicographicSortSchema(schema)), { ...PRETTIER, parser: "graphql" });
}

/** The sorted introspection result, `{ "data": { "__schema": ... } }`, as the endpoint answers it. */
export function schemaToIntrospection(schema: GraphQLSchema): IntrospectionQuery {
  return introspectionFromSchema(lexicographicSortSchema(schema), INTROSPECTION_OPTIONS);
}

/**
 * The sorted introspection result as formatted JSON text.
 *
 * @example
 * await schemaToIntrospectionJson(schema); // '{\n  "data": {\n    "__schema": ...'
 */
export async function schemaToIntrospectionJson(schema: GraphQLSchema): Promise<string> {
  const text = JSON.stringify({ data: schemaToIntrospection(schema) });
  return format(text, { ...PRETTIER, parser: "json" });
}
