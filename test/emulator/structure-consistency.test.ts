import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import { post, startServer } from "./emulator-harness.js";

interface Node {
  id: string;
  lft: number;
  rgt: number;
  level: number;
  root: number;
  structureId: number;
  parent: { id: string } | null;
  children: { id: string }[];
}

const fields = "id lft rgt level root structureId parent { id } children { id }";

let server: ContentServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function structureOf(query: string): Promise<Node[]> {
  const reply = await post(server, query);
  expect(reply.body.errors).toBeUndefined();
  return Object.values(reply.body.data!)[0] as Node[];
}

describe.each([
  ["pages", `{ entries(section: "pages") { ${fields} } }`],
  ["topics", `{ categories { ${fields} } }`],
])("the %s structure", (_name, query) => {
  it("has lft, rgt, level, parent and children that agree with each other", async () => {
    const nodes = await structureOf(query);
    expect(nodes.length).toBeGreaterThan(3);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const positions = nodes.flatMap((n) => [n.lft, n.rgt]).sort((a, b) => a - b);
    // Nested-set positions are distinct and contiguous after the hidden root (1).
    expect(positions).toEqual(positions.map((_, i) => i + 2));
    for (const node of nodes) {
      expect(node.lft).toBeLessThan(node.rgt);
      const descendants = nodes.filter((d) => d.lft > node.lft && d.rgt < node.rgt);
      expect(node.rgt - node.lft - 1, `descendants of ${node.id}`).toBe(2 * descendants.length);
      expect(node.root).toBe(node.structureId);
      if (node.parent === null) {
        expect(node.level).toBe(1);
      } else {
        const parent = byId.get(node.parent.id)!;
        expect(node.level).toBe(parent.level + 1);
        expect(parent.lft < node.lft && node.rgt < parent.rgt).toBe(true);
        expect(parent.children.map((c) => c.id)).toContain(node.id);
      }
      for (const child of node.children) expect(byId.get(child.id)!.parent?.id).toBe(node.id);
      // Children come in structure order and are exactly the descendants one level down.
      const expected = descendants
        .filter((d) => d.level === node.level + 1)
        .sort((a, b) => a.lft - b.lft);
      expect(node.children.map((c) => c.id)).toEqual(expected.map((d) => d.id));
    }
  });

  it("lists elements in structure order by default", async () => {
    const nodes = await structureOf(query);
    expect(nodes.map((n) => n.lft)).toEqual([...nodes.map((n) => n.lft)].sort((a, b) => a - b));
  });
});

it("children take the entries arguments", async () => {
  const reply = await post(
    server,
    '{ entry(slug: "about") { children(inReverse: true) { slug } } }',
  );
  expect(reply.body.data).toEqual({
    entry: { children: [{ slug: "history" }, { slug: "our-team" }] },
  });
});

it("entries outside a structure have no structure fields", async () => {
  const reply = await post(
    server,
    '{ entry(section: "news") { lft rgt level parent { id } children { id } } }',
  );
  expect(reply.body.data).toEqual({
    entry: { lft: null, rgt: null, level: null, parent: null, children: [] },
  });
});
