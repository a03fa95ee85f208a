import { readFile, readdir } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { GeneratorError, throwAll } from "../../input/errors.js";
import { describeFsError, isJsonObject, readJsonSource } from "../../input/json-source.js";
import type { TypewireConfig } from "../config.js";
import { compareText, writeFiles } from "../writer.js";
import { type KeptDelivery, draftAddProperties } from "./delivered-fields.js";
import { schemaFiles } from "./drift-table.js";
import { applyProjectOverrides } from "./project-overrides.js";
import { readEventActionTable } from "./event-action-table.js";
import type { PayloadOverride } from "./payload-overrides.js";
import { readPayloadSchemas } from "./payload-schema.js";

export interface DraftOverridesOptions {
  /** The folder of kept deliveries (the drift reporter's `keep`). */
  deliveries: string;
  /** The overrides file to add the entries to. Default: the config's `webhooks.overrides`. */
  overrides?: string;
}

export interface DraftOverridesResult {
  /** The overrides file, relative to the working directory. */
  file: string;
  /** How many kept deliveries were read. */
  deliveries: number;
  /** The entries added, each an `addProperties` override with its evidence. */
  added: PayloadOverride[];
  /** Kept deliveries of an action the table lacks, which need the table changed first. */
  skipped: string[];
}

/**
 * Turns deliveries the drift reporter kept into `addProperties` entries of the project's
 * overrides file: every field they carry that the payload schemas (with the file's entries
 * already applied) do not declare, hung where it belongs and typed from the values sent, with the
 * kept files as evidence. Entries already in the file stay; the file is written only when there is
 * something to add, and all at once. Review the entries, then run `typewire generate`.
 *
 * @example
 * const { added } = await draftOverrides(config, { deliveries: ".typewire/drift" }, process.cwd());
 */
export async function draftOverrides(
  config: TypewireConfig,
  options: DraftOverridesOptions,
  cwd: string,
): Promise<DraftOverridesResult> {
  const webhooks = config.webhooks;
  const configName = config.file ? relative(cwd, config.file) || config.file : "the config";
  if (!webhooks?.payloads)
    throw new GeneratorError(
      'draft-overrides needs a "webhooks" section with payload types in the config',
      { file: configName },
    );
  const overridesPath = options.overrides ? resolve(cwd, options.overrides) : webhooks.overrides;
  if (!overridesPath)
    throw new GeneratorError(
      'name the overrides file as "webhooks.overrides" in the config (or pass --overrides FILE)',
      { file: configName, entry: "webhooks.overrides" },
    );
  const display = relative(cwd, overridesPath) || overridesPath;
  const table = await readEventActionTable(webhooks.events, relative(cwd, webhooks.events));
  const schemas = await readPayloadSchemas(
    webhooks.payloads,
    table,
    relative(cwd, webhooks.payloads),
  );
  const existing = await readIfExists(overridesPath);
  if (existing !== undefined) await applyProjectOverrides(schemas, overridesPath, cwd);

  const folder = resolve(cwd, options.deliveries);
  const kept = await readKept(
    folder,
    relative(cwd, folder) || folder,
    dirname(overridesPath),
    table,
  );
  const usable = kept.filter((delivery): delivery is KeptDelivery => delivery.action !== null);
  const added = draftAddProperties(schemaFiles(schemas), usable);
  const result = {
    file: display,
    deliveries: kept.length,
    added,
    skipped: kept.filter((delivery) => delivery.action === null).map(({ name }) => name),
  };
  if (added.length === 0) return result;

  let document: { overrides: unknown[] } & Record<string, unknown> = { overrides: [] };
  if (existing !== undefined) {
    const source = await readJsonSource(overridesPath, display);
    document = source.value as typeof document;
  }
  document.overrides = [...(document.overrides ?? []), ...added];
  await writeFiles(
    [
      {
        absolutePath: overridesPath,
        displayPath: display,
        text: `${JSON.stringify(document, null, 2)}\n`,
      },
    ],
    [],
    cwd,
  );
  return result;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new GeneratorError(`cannot read the overrides file: ${describeFsError(error)}`, {
      file: path,
    });
  }
}

/** Every `*.json` of the folder as a kept delivery: `{ id, name, payload }` with a table event. */
async function readKept(
  folder: string,
  displayFolder: string,
  evidenceBase: string,
  table: Awaited<ReturnType<typeof readEventActionTable>>,
): Promise<(Omit<KeptDelivery, "action"> & { action: string | undefined | null })[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith(".json")).sort(compareText);
  } catch (error) {
    throw new GeneratorError(`cannot read the kept deliveries: ${describeFsError(error)}`, {
      file: displayFolder,
    });
  }
  const problems: GeneratorError[] = [];
  const kept: (Omit<KeptDelivery, "action"> & { action: string | undefined | null })[] = [];
  for (const name of names) {
    const file = join(folder, name);
    const source = await readJsonSource(file, join(displayFolder, name));
    const value = source.value;
    if (!isJsonObject(value) || typeof value.name !== "string" || !isJsonObject(value.payload)) {
      problems.push(
        source.errorAt(
          [],
          'a kept delivery is { "id", "name", "payload" }, as the drift reporter writes it',
        ),
      );
      continue;
    }
    const event = table.events.find((entry) => entry.name === value.name);
    if (event === undefined) {
      problems.push(source.errorAt(["name"], `"${value.name}" is not an event of ${table.file}`));
      continue;
    }
    const action = value.payload.action;
    kept.push({
      name: relative(evidenceBase, file),
      event: event.name,
      // A delivery of an action the table lacks has no variant to add to (null): the table
      // needs the action first.
      action:
        event.actions.length === 0
          ? undefined
          : event.actions.includes(action as string)
            ? (action as string)
            : null,
      payload: value.payload,
    });
  }
  throwAll(problems);
  return kept;
}
