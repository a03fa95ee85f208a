import type { FieldDefinition, MatrixBlockContent } from "../../site/site-model.js";
import type { TypeNames } from "../../site/type-names.js";
import type { ElementRecord } from "./element-record.js";

const cache = new WeakMap<ElementRecord, Map<string, ElementRecord[]>>();

/**
 * The blocks of a matrix field as element records of their `<field>_<blockType>_BlockType`
 * types, built once per owner and field. Disabled blocks and blocks of unknown types are left out,
 * as the real API leaves out what it cannot type.
 *
 * @example
 * matrixBlocks(entry, "articleBody", site.fields.articleBody, index.names);
 */
export function matrixBlocks(
  owner: ElementRecord,
  handle: string,
  definition: FieldDefinition,
  names: TypeNames,
): ElementRecord[] {
  let byField = cache.get(owner);
  if (!byField) {
    byField = new Map();
    cache.set(owner, byField);
  }
  const known = byField.get(handle);
  if (known) return known;
  const value = owner._.fields[handle];
  const blocks = (Array.isArray(value) ? value : []).filter(
    (block): block is MatrixBlockContent => typeof block === "object" && block !== null,
  );
  const records = blocks.flatMap((block, sortOrder): ElementRecord[] => {
    const type = definition.blockTypes?.[block.type];
    if (!type || block.enabled === false) return [];
    return [
      {
        __typename: names.block(handle, block.type),
        id: block.id,
        uid: block.uid,
        title: null,
        slug: null,
        uri: null,
        enabled: true,
        archived: false,
        trashed: false,
        siteId: owner.siteId,
        status: "enabled",
        dateCreated: owner.dateCreated,
        dateUpdated: owner.dateUpdated,
        fieldId: definition.id,
        ownerId: owner.id,
        typeId: type.id,
        typeHandle: block.type,
        sortOrder: sortOrder + 1,
        _: {
          kind: "matrixBlock",
          owner: owner._.owner,
          fields: block.fields ?? {},
          defs: type.fields,
          searchRows: [],
        },
      },
    ];
  });
  byField.set(handle, records);
  return records;
}
