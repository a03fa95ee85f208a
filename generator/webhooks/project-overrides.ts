import { relative } from "node:path";
import { readJsonSource } from "../../input/json-source.js";
import { schemaFiles } from "./drift-table.js";
import { applyPayloadOverrides, readPayloadOverrides } from "./payload-overrides.js";
import type { PayloadSchemas } from "./payload-schema-model.js";

/**
 * Applies a project's overrides file (`webhooks.overrides`) to the payload schemas as read, in
 * place; its evidence names kept deliveries' files. A bad or stale entry is a located error.
 */
export async function applyProjectOverrides(
  schemas: PayloadSchemas,
  file: string,
  cwd: string,
): Promise<void> {
  const source = await readJsonSource(file, relative(cwd, file) || file);
  applyPayloadOverrides(schemaFiles(schemas), readPayloadOverrides(source, "files"));
}
