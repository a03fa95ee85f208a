import { isAbsolute, relative } from "node:path";
import { bundledFile, packageRoot, relativePath } from "../../input/paths.js";
import { BUNDLED_EVENTS, BUNDLED_PAYLOADS, inputsBase } from "../config.js";
import type { TypewireConfig } from "../config.js";
import type { EmittedFile } from "../writer.js";
import { emitDriftTable } from "./emit-drift-table.js";
import { emitEventNames } from "./emit-event-names.js";
import { emitEventPayload } from "./emit-event-payload.js";
import { emitExamplePayloads } from "./emit-example-payloads.js";
import { emitEvents } from "./emit-events.js";
import { bindingView, emitWebhooksIndex, emitWebhooksTesting } from "./emit-index.js";
import { emitPayloadDefinitions } from "./emit-payload-definitions.js";
import { emitPayloadIndex } from "./emit-payload-index.js";
import { emitValidateEventName } from "./emit-validate-event-name.js";
import { readEventActionTable } from "./event-action-table.js";
import { checkPayloadTypeNames } from "./payload-type-names.js";
import { readPayloadSchemas } from "./payload-schema.js";
import { applyProjectOverrides } from "./project-overrides.js";

/** The webhooks target's files: event names, events, the validator and, when configured, payloads. */
export async function emitWebhooks(config: TypewireConfig, cwd: string): Promise<EmittedFile[]> {
  const webhooks = config.webhooks;
  if (!webhooks) return [];
  const table = await readEventActionTable(
    webhooks.events,
    relative(cwd, webhooks.events) || webhooks.events,
  );
  // Banners name inputs relative to the config file's folder (the package's, for the bundled
  // inputs), never to where the command runs, so output does not depend on it.
  const base = inputsBase(config);
  // A project cannot edit what typewire bundles, so its banners name the config key instead; a
  // config inside typewire's own package (the runtime's copy) edits the bundled files themselves.
  const configured = config.file !== undefined && !isInside(packageRoot, base);
  const fromTable = fromInput(webhooks.events, base, configured, BUNDLED_EVENTS, "webhooks.events");
  const typed = webhooks.payloads !== undefined;
  const view = bindingView(table, webhooks.bindRuntime !== false, typed);
  const files: EmittedFile[] = [
    emitEventNames(table, webhooks.out),
    emitEvents(table, webhooks.out, typed),
    emitValidateEventName(table, webhooks.out),
    emitWebhooksIndex(webhooks.out, view),
    ...(view.bind ? [emitWebhooksTesting(webhooks.out, view)] : []),
  ].map(fromTable);
  if (webhooks.payloads) {
    const schemas = await readPayloadSchemas(
      webhooks.payloads,
      table,
      relative(cwd, webhooks.payloads) || webhooks.payloads,
    );
    if (webhooks.overrides) await applyProjectOverrides(schemas, webhooks.overrides, cwd);
    checkPayloadTypeNames(table, schemas);
    const schemaDir = relativePath(base, webhooks.payloads) || ".";
    const fromSchemas = fromInput(
      webhooks.payloads,
      base,
      configured,
      BUNDLED_PAYLOADS,
      "webhooks.payloads",
    );
    files.push(
      fromSchemas(emitPayloadDefinitions(schemas, webhooks.out, schemaDir)),
      ...emitPayloadIndex(table, webhooks.out).map(fromTable),
      fromSchemas(emitExamplePayloads(schemas, webhooks.out)),
      fromSchemas(emitDriftTable(table, schemas, webhooks.out)),
    );
    for (const event of schemas.events)
      files.push(fromSchemas(emitEventPayload(event, webhooks.out, schemaDir)));
  }
  return files;
}

/**
 * Points a file's banner at the input it comes from. A project's own file is named by its path;
 * an input bundled with typewire, which a project cannot edit, by the config key that replaces it.
 */
function fromInput(input: string, base: string, configured: boolean, bundled: string, key: string) {
  const source = relativePath(base, input) || ".";
  const instruction =
    configured && input === bundledFile(bundled)
      ? `It comes from ${key === "webhooks.events" ? "the platform's event table" : "the platform's payload schemas"} bundled with typewire: to use your own, name them as ${key} in typewire.config.json and run \`typewire generate\`.`
      : undefined;
  return (file: EmittedFile): EmittedFile => ({
    ...file,
    source: file.source.startsWith(source) ? file.source : source,
    ...(instruction ? { instruction } : {}),
  });
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return !rel.startsWith("..") && !isAbsolute(rel);
}
