import { expect, it } from "vitest";
import { assignStructure } from "../../emulator/content/assign-structure.js";
import type { ElementRecord } from "../../emulator/content/element-record.js";

function node(id: number, parentId: number | null, structureId = 1): ElementRecord {
  return {
    __typename: "t",
    id,
    uid: String(id),
    title: null,
    slug: null,
    uri: null,
    enabled: true,
    archived: false,
    trashed: false,
    siteId: 1,
    status: "enabled",
    dateCreated: new Date(0),
    dateUpdated: new Date(0),
    structureId,
    _: { kind: "category", owner: "g", fields: {}, defs: {}, parentId, searchRows: [] },
  };
}

const positions = (nodes: ElementRecord[]) =>
  nodes.map((n) => [n.id, n.lft, n.rgt, n.level, n.root]);

it("numbers a tree depth-first after the hidden root, siblings in list order", () => {
  const nodes = [node(1, null), node(2, 1), node(3, 2), node(4, 1), node(5, null)];
  assignStructure(nodes);
  expect(positions(nodes)).toEqual([
    [1, 2, 9, 1, 1],
    [2, 3, 6, 2, 1],
    [3, 4, 5, 3, 1],
    [4, 7, 8, 2, 1],
    [5, 10, 11, 1, 1],
  ]);
});

it("keeps structures apart and makes elements with a missing parent or a cycle top-level", () => {
  const nodes = [node(1, 99), node(2, 3), node(3, 2), node(4, null, 2)];
  assignStructure(nodes);
  expect(positions(nodes)).toEqual([
    [1, 2, 3, 1, 1],
    [2, 4, 7, 1, 1],
    [3, 5, 6, 2, 1],
    [4, 2, 3, 1, 2],
  ]);
});
