import { resolve } from "node:path";
import { relativePath } from "../../input/paths.js";
import { readJsonSource } from "../../input/json-source.js";
import { type WriteResult, compareText, writeFiles } from "../writer.js";
import { describedPayloadSchemas } from "./description.js";
import { readEventActionTable } from "./event-action-table.js";
import { applyPayloadOverrides, readPayloadOverrides } from "./payload-overrides.js";
import type { PayloadSchemaFiles } from "./description.js";

export interface DescribedSchemasOptions {
  /** The OpenAPI webhooks description (`api.github.com.json` of `@octokit/openapi-webhooks`). */
  description: string;
  /** The event/action table the schemas must match. */
  events: string;
  /** The overrides file; none when absent. */
  overrides?: string;
  /** The payload schema folder to write. */
  out: string;
}

/**
 * The payload schema files of a description with the overrides applied, keyed by file name.
 * Every problem (a webhook the table lacks, an override that matches nothing) is a
 * GeneratorError naming its file and entry.
 *
 * @example
 * const files = await buildDescribedSchemas({ description, events, overrides, out }, cwd);
 */
export async function buildDescribedSchemas(
  options: DescribedSchemasOptions,
  cwd: string,
): Promise<PayloadSchemaFiles> {
  const display = (file: string) => relativePath(cwd, resolve(cwd, file));
  const table = await readEventActionTable(resolve(cwd, options.events), display(options.events));
  const source = await readJsonSource(
    resolve(cwd, options.description),
    display(options.description),
  );
  const files = describedPayloadSchemas(source, table);
  if (options.overrides !== undefined) {
    const overridesSource = await readJsonSource(
      resolve(cwd, options.overrides),
      display(options.overrides),
    );
    applyPayloadOverrides(files, readPayloadOverrides(overridesSource));
  }
  return files;
}

/**
 * Writes `schemas/webhooks/payloads/` (or `out`) from the description and the overrides: all
 * files or none, unchanged files untouched.
 *
 * @example
 * await writeDescribedSchemas({ description, events: "schemas/webhooks/events.json", out }, cwd);
 */
export async function writeDescribedSchemas(
  options: DescribedSchemasOptions,
  cwd: string,
): Promise<WriteResult> {
  const files = await buildDescribedSchemas(options, cwd);
  const out = resolve(cwd, options.out);
  return writeFiles(
    Object.keys(files)
      .sort(compareText)
      .map((name) => {
        const absolutePath = resolve(out, name);
        return {
          absolutePath,
          displayPath: relativePath(cwd, absolutePath),
          text: `${printSchema(files[name])}\n`,
        };
      }),
    [],
    cwd,
  );
}

const SCALAR = String.raw`(?:"(?:[^"\\\n]|\\.)*"|null|true|false|-?\d[\d.eE+-]*)`;
const SCALAR_ARRAY = new RegExp(String.raw`\[\s+(${SCALAR}(?:,\s+${SCALAR})*)\s+\]`, "g");

/**
 * JSON with two-space indentation, and an array of plain values on one line
 * (`"type": ["string", "null"]`), so the files read and diff well.
 *
 * @example
 * printSchema({ type: ["string", "null"] }); // '{\n  "type": ["string", "null"]\n}'
 */
export function printSchema(schema: unknown): string {
  return JSON.stringify(schema, null, 2).replace(
    SCALAR_ARRAY,
    (_, inner: string) => `[${(inner.match(new RegExp(SCALAR, "g")) ?? []).join(", ")}]`,
  );
}
