import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Io } from "../../cli/command.js";
import { main } from "../../cli/main.js";
import type { TypewireConfig } from "../../generator/config.js";
import {
  LARGE_SCHEMAS_BYTES,
  SMALL_SCHEMAS_BYTES,
  flagsForSchemaBytes,
  schemaFileBytes,
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

  it("are set through the CLI's setter by generate and check", async () => {
    const dir = await tempDir();
    const schema = "type Query { a: Int }\n";
    const config =
      '{ "content": { "out": "gen", "schemas": { "s": { "file": "schema.graphql" } } } }';
    await writeFile(join(dir, "typewire.config.json"), config);
    const flagsOf = async (argv: string[], padding: number) => {
      // White space pads the schema to the size wanted; it stays the same schema.
      await writeFile(join(dir, "schema.graphql"), " ".repeat(padding) + schema);
      const set: string[] = [];
      const io: Io = {
        stdout: () => {},
        stderr: () => {},
        cwd: dir,
        interrupted: new Promise(() => {}),
        setV8Flag: (flag) => set.push(flag),
      };
      expect(await main(argv, io)).toBe(0);
      return set;
    };
    expect(await flagsOf(["generate", "-q"], 0)).toEqual(["--no-opt"]);
    expect(await flagsOf(["check"], 0)).toEqual(["--no-opt"]);
    expect(await flagsOf(["generate", "-q"], SMALL_SCHEMAS_BYTES)).toEqual([]);
    expect(await flagsOf(["check"], SMALL_SCHEMAS_BYTES)).toEqual([]);
  });
});
