import { INTERFACE_NAMES, type QUERY_FIELDS } from "./api-tables.js";
import type { FieldDefinition, FieldKind } from "./site-model.js";

/** The query whose arguments a relation field takes, by field kind. */
export const RELATION_QUERY: Partial<Record<FieldKind, keyof typeof QUERY_FIELDS>> = {
  assets: "asset",
  categories: "category",
  entries: "entry",
  tags: "tag",
  users: "user",
};

/**
 * The SDL type of a custom field: text is `String`, numbers `Int` (no decimals) or `Float`,
 * dates `DateTime`, lightswitches `Boolean`, relations a list of the related interface, matrix
 * fields `[MatrixBlockInterface]`.
 *
 * @example
 * customFieldType({ id: 1, name: "Topics", kind: "categories" }); // "[CategoryInterface]"
 */
export function customFieldType(field: FieldDefinition): string {
  switch (field.kind) {
    case "plainText":
    case "richText":
      return "String";
    case "number":
      return field.decimals === 0 ? "Int" : "Float";
    case "date":
      return "DateTime";
    case "lightswitch":
      return "Boolean";
    case "matrix":
      return "[MatrixBlockInterface]";
    default:
      return `[${INTERFACE_NAMES[RELATION_QUERY[field.kind]!]}]`;
  }
}
