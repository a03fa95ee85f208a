import { stat } from "node:fs/promises";
import type { TypewireConfig } from "../generator/config.js";

/** Content schema files up to this many bytes in all make a run without optimizing compilers. */
export const SMALL_SCHEMAS_BYTES = 1024 * 1024;
/** Content schema files above this many bytes in all make a run grow its heap slowly. */
export const LARGE_SCHEMAS_BYTES = 8 * 1024 * 1024;

/**
 * The V8 flags a one-shot CLI run (`generate`, `check`; not `--watch`) sets for content schema
 * files adding up to `bytes`. Figures in bench/README.md ("CLI start-up and generation" and
 * "Generation at scale").
 *
 * - Up to {@link SMALL_SCHEMAS_BYTES}: `--no-opt`. Such a run is over in about a second, before
 *   what V8's optimizing compilers cost (CPU on other threads too) pays back: a bundled
 *   `generate --force` (0.28 MB of SDL and the 3.7 MB of bundled payload schemas) takes 8 to 9%
 *   less CPU without them. A 2 MB schema takes 8% more, 10,000 types 5% more, so larger runs keep
 *   them.
 * - Above {@link LARGE_SCHEMAS_BYTES}: `--heap-growing-percent=80`. After each full collection V8
 *   lets the old generation grow to as much as four times what survived, so a 100,000-type schema
 *   (12 MB of SDL, about 330 MB live) took the process to 1.3 GB resident. Growing by at most 80%
 *   of what survived keeps that run under 1 GB at the same CPU; on a smaller heap the slower
 *   growth only means more collections (12% more CPU at 10,000 types).
 */
export function flagsForSchemaBytes(bytes: number): string[] {
  if (bytes <= SMALL_SCHEMAS_BYTES) return ["--no-opt"];
  if (bytes > LARGE_SCHEMAS_BYTES) return ["--heap-growing-percent=80"];
  return [];
}

/** The bytes of the content schema files `config` names (endpoints and unreadable files: 0). */
export async function schemaFileBytes(config: TypewireConfig): Promise<number> {
  let bytes = 0;
  for (const source of config.content?.schemas ?? []) {
    if (!("file" in source)) continue;
    try {
      bytes += (await stat(source.file)).size;
    } catch {
      // Unreadable: the run itself says so, with the file's name.
    }
  }
  return bytes;
}

/**
 * Sets {@link flagsForSchemaBytes} with `set`, the CLI's `Io.setV8Flag`, once a command has read
 * the config; without one (the CLI run inside another program) it does nothing. `generate()` in
 * a user's own process runs with whatever that process set.
 */
export async function tuneForSchemaSize(
  config: TypewireConfig,
  set: ((flag: string) => void) | undefined,
): Promise<void> {
  if (set === undefined) return;
  for (const flag of flagsForSchemaBytes(await schemaFileBytes(config))) set(flag);
}
