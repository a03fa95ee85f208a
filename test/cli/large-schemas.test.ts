import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LARGE_SCHEMAS_BYTES, growHeapSlowlyForLargeSchemas } from "../../cli/large-schemas.js";
import type { TypewireConfig } from "../../generator/config.js";
import { tempDir } from "../helpers/temp-project.js";

// The slower heap growth is for runs whose content schemas are large; any other run keeps V8's
// default, which costs less CPU on a small heap.
describe("growHeapSlowlyForLargeSchemas", () => {
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

  it("acts only when the schema files add up to more than the threshold", async () => {
    const dir = await tempDir();
    const half = join(dir, "half.graphql");
    await writeFile(half, Buffer.alloc(LARGE_SCHEMAS_BYTES / 2, 0x20));
    const missing = join(dir, "missing.graphql");
    expect(await growHeapSlowlyForLargeSchemas({} as TypewireConfig)).toBe(false);
    expect(await growHeapSlowlyForLargeSchemas(configWith([half, missing]))).toBe(false);
    expect(await growHeapSlowlyForLargeSchemas(configWith([half, half]))).toBe(false);
    const more = join(dir, "more.graphql");
    await writeFile(more, Buffer.alloc(LARGE_SCHEMAS_BYTES / 2 + 1, 0x20));
    expect(await growHeapSlowlyForLargeSchemas(configWith([half, more]))).toBe(true);
  });
});
