import { type GraphQLSchema, type IntrospectionQuery, buildClientSchema } from "graphql";
import { GeneratorError, type SourceLocation } from "../../input/errors.js";
import { messageOf } from "./error-message.js";

/**
 * Builds a schema from an introspection result in either usual shape: the endpoint's answer
 * `{ "data": { "__schema": ... } }` or the bare `{ "__schema": ... }`.
 *
 * @example
 * const schema = schemaFromIntrospection(JSON.parse(text), "introspection.json");
 */
export function schemaFromIntrospection(
  value: unknown,
  file: string,
  locate?: (path: string[]) => Omit<SourceLocation, "file">,
): GraphQLSchema {
  const at = (path: string[]) => ({ file, ...(locate?.(path) ?? {}) });
  const record =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  const data = record && "data" in record ? record.data : record;
  const inData = record !== undefined && "data" in record;
  const schema = (data as Record<string, unknown> | null | undefined)?.__schema;
  if (typeof schema !== "object" || schema === null) {
    const errors = messageOf(value);
    const detail = errors
      ? `it holds errors: ${errors}`
      : 'expected { "data": { "__schema": ... } } or { "__schema": ... }';
    throw new GeneratorError(`not an introspection result: ${detail}`, at(inData ? ["data"] : []));
  }
  try {
    return buildClientSchema(data as IntrospectionQuery);
  } catch (error) {
    throw new GeneratorError(
      `invalid introspection result: ${(error as Error).message}`,
      at(inData ? ["data", "__schema"] : ["__schema"]),
      {
        cause: error,
      },
    );
  }
}
