import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TypewireConfig } from "../../generator/config.js";
import {
  LARGE_SCHEMAS_BYTES,
  SMALL_SCHEMAS_BYTES,
  flagsForSchemaBytes,
  schemaFileBytes,
  tuneForSchemaSize,
} from "../../cli/v8-flags.js";
import { tempDir } from "../helpers/temp-project.js";

// A small run goes without V8's optimizing compilers, a large one grows its heap slowly, and one
// in between keeps V8's defaults. The flags are only chosen here, never set in the test process.
describe("the CLI's V8 flags", () => {
  const configWith = (files: string[]) =>
    ({
      content: {
        out: "out",
        schemas: [
          ...files.map((file, i) => ({ name: `s${i}`, file })),
          { name: "live", endpoint: "http://127.0.0.1:1/graphql" },
        ],
      },
    }) as unknown as TypewireConfig;

  it("choose by the schema files' total size, at each threshold", () => {
    expect(flagsForSchemaBytes(0)).toEqual(["--no-opt"]);
    expect(flagsForSchemaBytes(SMALL_SCHEMAS_BYTES)).toEqual(["--no-opt"]);
    expect(flagsForSchemaBytes(SMALL_SCHEMAS_BYTES + 1)).toEqual([]);
    expect(flagsForSchemaBytes(LARGE_SCHEMAS_BYTES)).toEqual([]);
    expect(flagsForSchemaBytes(LARGE_SCHEMAS_BYTES + 1)).toEqual(["--heap-growing-percent=80"]);
  });

  it("add up the schema files, leaving out endpoints and files that cannot be read", async () => {
    const dir = await tempDir();
    const half = join(dir, "half.graphql");
    await writeFile(half, Buffer.alloc(LARGE_SCHEMAS_BYTES / 2, 0x20));
    const more = join(dir, "more.graphql");
    await writeFile(more, Buffer.alloc(LARGE_SCHEMAS_BYTES / 2 + 1, 0x20));
    const missing = join(dir, "missing.graphql");
    expect(await schemaFileBytes({} as TypewireConfig)).toBe(0);
    expect(await schemaFileBytes(configWith([half, missing]))).toBe(LARGE_SCHEMAS_BYTES / 2);
    expect(await schemaFileBytes(configWith([half, half]))).toBe(LARGE_SCHEMAS_BYTES);
    expect(await schemaFileBytes(configWith([half, more]))).toBe(LARGE_SCHEMAS_BYTES + 1);
  });

  it("set the flags chosen for the config's schema files", async () => {
    const dir = await tempDir();
    const small = join(dir, "small.graphql");
    await writeFile(small, "type Query { a: Int }\n");
    const large = join(dir, "large.graphql");
    await writeFile(large, Buffer.alloc(LARGE_SCHEMAS_BYTES + 1, 0x20));
    const middle = join(dir, "middle.graphql");
    await writeFile(middle, Buffer.alloc(SMALL_SCHEMAS_BYTES + 1, 0x20));
    for (const [file, flags] of [
      [small, ["--no-opt"]],
      [middle, []],
      [large, ["--heap-growing-percent=80"]],
    ] as const) {
      const set: string[] = [];
      await tuneForSchemaSize(configWith([file]), (flag) => set.push(flag));
      expect(set).toEqual(flags);
    }
  });
});
