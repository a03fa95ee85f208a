import type { ElementRecord } from "./element-record.js";

/**
 * Gives the elements of structures their nested-set positions from their `parentId`s, keeping
 * siblings in the order they appear. Like the real system, each structure has a hidden root node
 * (level 0, `lft` 1), so top-level elements have level 1 and `root` is the structure's id; a
 * parent's `lft`/`rgt` always enclose its descendants'. Parents missing from the list, and cycles,
 * make an element top-level rather than lost.
 *
 * @example
 * assignStructure(index.byKind.category);
 */
export function assignStructure(records: ElementRecord[]): void {
  const byStructure = new Map<number, ElementRecord[]>();
  for (const record of records) {
    const key = record.structureId ?? 0;
    if (!byStructure.has(key)) byStructure.set(key, []);
    byStructure.get(key)!.push(record);
  }
  for (const [structureId, members] of byStructure) {
    const ids = new Set(members.map((m) => m.id));
    const children = new Map<number | null, ElementRecord[]>();
    for (const member of members) {
      const parent = member._.parentId ?? null;
      const key = parent !== null && ids.has(parent) && parent !== member.id ? parent : null;
      if (!children.has(key)) children.set(key, []);
      children.get(key)!.push(member);
    }
    let counter = 1;
    const placed = new Set<number>();
    const visit = (record: ElementRecord, level: number) => {
      placed.add(record.id);
      record.lft = ++counter;
      record.level = level;
      record.root = structureId;
      for (const child of children.get(record.id) ?? [])
        if (!placed.has(child.id)) visit(child, level + 1);
      record.rgt = ++counter;
    };
    for (const top of children.get(null) ?? []) visit(top, 1);
    // Elements caught in a parent cycle never reach the top; place them at level 1.
    for (const member of members)
      if (!placed.has(member.id)) {
        member._.parentId = null;
        visit(member, 1);
      }
  }
}
