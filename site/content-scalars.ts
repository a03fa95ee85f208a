import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from "graphql";

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Atom form (`2024-03-04T08:30:00+00:00`), the one the content API returns. */
function atom(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

function parseDateTime(value: unknown): string {
  if (typeof value === "string" && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)))
    return value;
  throw new GraphQLError(
    `DateTime must be an ISO 8601 date-time string such as 2024-03-04T08:30:00+00:00, got ${JSON.stringify(value)}`,
  );
}

/**
 * `DateTime`: an ISO 8601 date-time with offset, serialized in the Atom form. A `Date` is
 * serialized too, so a resolver may return either.
 */
export const DateTimeScalar = new GraphQLScalarType<string, string>({
  name: "DateTime",
  description:
    "A date and time as an ISO 8601 string with offset, in the Atom form: 2024-03-04T08:30:00+00:00.",
  // Output strings pass as they are: `@formatDateTime` returns dates in any format asked for.
  serialize: (value) =>
    value instanceof Date ? atom(value) : typeof value === "string" ? value : parseDateTime(value),
  parseValue: parseDateTime,
  parseLiteral: (node: ValueNode) => {
    if (node.kind !== Kind.STRING)
      throw new GraphQLError("DateTime must be a string literal", { nodes: node });
    return parseDateTime(node.value);
  },
});

export type QueryArgumentValue = string | number | boolean;

function parseQueryArgument(value: unknown): QueryArgumentValue {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number" && Number.isInteger(value)) return value;
  throw new GraphQLError(
    `QueryArgument must be a string, an integer or a boolean, got ${JSON.stringify(value)}`,
  );
}

/** `QueryArgument`: a filter value that is a string, an integer or a boolean. */
export const QueryArgumentScalar = new GraphQLScalarType<QueryArgumentValue, QueryArgumentValue>({
  name: "QueryArgument",
  description: "A query argument value: a string, an integer or a boolean.",
  serialize: parseQueryArgument,
  parseValue: parseQueryArgument,
  parseLiteral: (node: ValueNode) => {
    if (node.kind === Kind.STRING || node.kind === Kind.BOOLEAN) return node.value;
    if (node.kind === Kind.INT) return Number.parseInt(node.value, 10);
    throw new GraphQLError("QueryArgument must be a string, an integer or a boolean literal", {
      nodes: node,
    });
  },
});
