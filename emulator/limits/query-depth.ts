import { type FragmentDefinitionNode, Kind, type SelectionSetNode } from "graphql";

/**
 * The depth of a query as the real API measures it (`maxGraphqlDepth`): the deepest field that
 * has a selection of its own, counting a top-level field as 0. `{ entries { id } }` is 0,
 * `{ entries { author { id } } }` is 1. Fragments count where they are spread. Each fragment's
 * own depth is computed once, so a query that spreads fragments many times costs no more.
 *
 * @example
 * queryDepth(operation.selectionSet, fragments); // 1 for { entries { author { id } } }
 */
export function queryDepth(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
): number {
  const known = new Map<string, number>();
  return Math.max(0, depthIn(selectionSet, 0, fragments, known));
}

/** The deepest field with a selection below `selectionSet`, at `depth`; -1 when there is none. */
function depthIn(
  selectionSet: SelectionSetNode,
  depth: number,
  fragments: Record<string, FragmentDefinitionNode>,
  known: Map<string, number>,
): number {
  let deepest = -1;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.selectionSet) {
        deepest = Math.max(
          deepest,
          depth,
          depthIn(selection.selectionSet, depth + 1, fragments, known),
        );
      }
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthIn(selection.selectionSet, depth, fragments, known));
    } else {
      const name = selection.name.value;
      let own = known.get(name);
      if (own === undefined) {
        // Validation has already refused fragment cycles, so this recursion ends.
        const fragment = fragments[name];
        own = fragment ? depthIn(fragment.selectionSet, 0, fragments, known) : -1;
        known.set(name, own);
      }
      if (own >= 0) deepest = Math.max(deepest, depth + own);
    }
  }
  return deepest;
}
