import type { Fail, Path } from "./check-site-model.js";
import type { ElementIndex } from "./element-ids.js";
import type {
  FieldDefinition,
  FieldValues,
  MatrixBlockContent,
  RelationKind,
  Site,
} from "./site-model.js";

const RELATION_ELEMENT: Readonly<Record<RelationKind, keyof Site["content"]>> = {
  assets: "assets",
  categories: "categories",
  entries: "entries",
  tags: "tags",
  users: "users",
};

/**
 * Checks custom field values against their fields: the value's type fits the field kind, matrix
 * blocks have a known block type and valid values, related ids are elements of the right kind,
 * from the field's sources, within its limit.
 */
export function checkFieldValues(
  site: Site,
  layout: readonly (readonly [string, FieldDefinition])[],
  fields: FieldValues | undefined,
  path: Path,
  kinds: ElementIndex,
  fail: Fail,
): void {
  const definitions = new Map(layout);
  for (const [handle, value] of Object.entries(fields ?? {})) {
    const field = definitions.get(handle);
    const at = [...path, handle];
    if (!field) fail(`field "${handle}" is not in this element's field layout`, at);
    if (value === null) continue;
    const expect = (ok: boolean, what: string) => {
      if (!ok) fail(`field "${handle}" (${field.kind}) must be ${what}`, at);
    };
    switch (field.kind) {
      case "plainText":
      case "richText":
        expect(typeof value === "string", "a string");
        break;
      case "number":
        expect(
          typeof value === "number" && (field.decimals !== 0 || Number.isInteger(value)),
          field.decimals === 0 ? "an integer" : "a number",
        );
        break;
      case "date":
        expect(typeof value === "string" && !Number.isNaN(Date.parse(value)), "a date-time string");
        break;
      case "lightswitch":
        expect(typeof value === "boolean", "true or false");
        break;
      case "matrix":
        expect(
          Array.isArray(value) && value.every((item) => typeof item === "object"),
          "a list of blocks",
        );
        (value as MatrixBlockContent[]).forEach((block, i) => {
          const type = field.blockTypes?.[block.type];
          if (!type)
            fail(`field "${handle}" has no block type "${block.type}"`, [...at, i, "type"]);
          checkFieldValues(
            site,
            Object.entries(type.fields),
            block.fields,
            [...at, i, "fields"],
            kinds,
            fail,
          );
        });
        break;
      default: {
        const kind = RELATION_ELEMENT[field.kind];
        expect(
          Array.isArray(value) && value.every((id) => typeof id === "number"),
          "a list of element ids",
        );
        (value as number[]).forEach((id, i) => {
          if (kinds.get(id) !== kind) fail(`${id} is not an element of kind ${kind}`, [...at, i]);
          const source = kinds.sources.get(id);
          if (field.sources && source !== undefined && !field.sources.includes(source)) {
            fail(
              `${id} is in "${source}", which field "${handle}" does not relate to (${field.sources.join(", ")})`,
              [...at, i],
            );
          }
        });
        if (field.limit !== undefined && (value as number[]).length > field.limit) {
          fail(`field "${handle}" allows at most ${field.limit} related elements`, at);
        }
      }
    }
  }
}
