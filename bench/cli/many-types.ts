import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * A content schema of `count` object types as SDL: each type has a scalar field, a field of the
 * next type and a list of the previous one, and `Query` reaches every type, so nothing is unused.
 * The shape is plain on purpose: it measures how generation grows with the number of types.
 *
 * @example
 * const sdl = manyTypesSchema(10_000);
 */
export function manyTypesSchema(count: number): string {
  const parts: string[] = [];
  const name = (i: number) => `Type${i}`;
  for (let i = 0; i < count; i++) {
    parts.push(
      `type ${name(i)} {\n  id: ID!\n  title: String\n  next: ${name((i + 1) % count)}\n  previous: [${name((i + count - 1) % count)}!]\n}\n`,
    );
  }
  parts.push("type Query {\n");
  for (let i = 0; i < count; i++) parts.push(`  type${i}(id: ID): ${name(i)}\n`);
  parts.push("}\n");
  return parts.join("");
}

/**
 * Writes a scratch project under `root` whose config generates one content module from a schema
 * of `count` types, and returns its folder.
 *
 * @example
 * const dir = await writeManyTypesProject("bench/.work", 10_000);
 */
export async function writeManyTypesProject(root: string, count: number): Promise<string> {
  const dir = join(root, `types-${count}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "schema.graphql"), manyTypesSchema(count));
  await writeFile(
    join(dir, "typewire.config.json"),
    `${JSON.stringify({ content: { out: "gen", schemas: { big: { file: "schema.graphql" } } } })}\n`,
  );
  return dir;
}
