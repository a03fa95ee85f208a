import { stat } from "node:fs/promises";
import { setFlagsFromString } from "node:v8";
import type { TypewireConfig } from "../generator/config.js";

/** Content schema files above this many bytes in all make a run grow its heap slowly. */
export const LARGE_SCHEMAS_BYTES = 8 * 1024 * 1024;

/**
 * For a CLI run whose content schema files add up to more than {@link LARGE_SCHEMAS_BYTES}: after
 * each full collection V8 lets the old generation grow to as much as four times what survived, so
 * a 100,000-type schema (12 MB of SDL, about 330 MB live) took the process to 1.3 GB resident.
 * Growing by at most 80% of what survived keeps that run under 1 GB at the same CPU. A smaller run
 * keeps V8's default: there the slower growth only means more collections (12% more CPU at
 * 10,000 types). Only the CLI sets it: `generate()` in a user's own process runs with whatever
 * that process set. Figures in bench/README.md ("Generation at scale").
 */
export async function growHeapSlowlyForLargeSchemas(config: TypewireConfig): Promise<boolean> {
  let bytes = 0;
  for (const source of config.content?.schemas ?? []) {
    if (!("file" in source)) continue;
    try {
      bytes += (await stat(source.file)).size;
    } catch {
      // Unreadable: the run itself says so, with the file's name.
    }
  }
  if (bytes <= LARGE_SCHEMAS_BYTES) return false;
  setFlagsFromString("--heap-growing-percent=80");
  return true;
}
