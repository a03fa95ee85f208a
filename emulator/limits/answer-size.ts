import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  Kind,
  type SelectionSetNode,
} from "graphql";

/** What one `"__typename": "some_long_Type_Name",` costs in an answer, at most. */
const TYPENAME_BYTES = 96;

const typenames = new WeakMap<FieldNode, number>();

/**
 * An estimate, in bytes, of what one resolved field adds to the JSON answer: its key and its
 * value (strings by length, elements by their braces). graphql-js answers `__typename` itself,
 * without the field resolver, so each element is also charged for the `__typename` fields
 * selected on it. The estimate runs as the answer is built, so a request is stopped at its
 * budget before the whole answer exists in memory; the exact size is checked when it is written.
 *
 * @example
 * budget.spend(answerSize(value, info));
 */
export function answerSize(value: unknown, info: GraphQLResolveInfo): number {
  const key = typeof info.path.key === "string" ? info.path.key.length + 4 : 1;
  return key + valueSize(value, info, true);
}

function valueSize(value: unknown, info: GraphQLResolveInfo, top: boolean): number {
  if (value === null || value === undefined) return 4;
  if (typeof value === "string") return value.length + 2;
  if (typeof value !== "object") return 24;
  if (Array.isArray(value)) {
    if (!top) return 2;
    let total = 2;
    for (const item of value) total += valueSize(item, info, false) + 1;
    return total;
  }
  return 2 + typenameCount(info) * TYPENAME_BYTES;
}

/** How many `__typename` fields the field's own selection asks for, fragments included. */
function typenameCount(info: GraphQLResolveInfo): number {
  const first = info.fieldNodes[0];
  if (first === undefined) return 0;
  let count = typenames.get(first);
  if (count === undefined) {
    count = 0;
    for (const node of info.fieldNodes) {
      if (node.selectionSet) count += countIn(node.selectionSet, info.fragments, new Set());
    }
    typenames.set(first, count);
  }
  return count;
}

function countIn(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  spread: Set<string>,
): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === "__typename") count++;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += countIn(selection.selectionSet, fragments, spread);
    } else if (!spread.has(selection.name.value)) {
      // A fragment spread twice in one selection is answered once, as graphql-js does.
      spread.add(selection.name.value);
      const fragment = fragments[selection.name.value];
      if (fragment) count += countIn(fragment.selectionSet, fragments, spread);
    }
  }
  return count;
}
