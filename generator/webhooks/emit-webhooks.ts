import { dirname, relative, sep } from "node:path";
import { packageRoot } from "../../input/paths.js";
import type { TypewireConfig } from "../config.js";
import type { EmittedFile } from "../writer.js";
import { emitEventNames } from "./emit-event-names.js";
import { emitEventPayload } from "./emit-event-payload.js";
import { emitEvents } from "./emit-events.js";
import { emitWebhooksIndex } from "./emit-index.js";
import { emitPayloadDefinitions } from "./emit-payload-definitions.js";
import { emitPayloadIndex } from "./emit-payload-index.js";
import { emitValidateEventName } from "./emit-validate-event-name.js";
import { readEventActionTable } from "./event-action-table.js";
import { checkPayloadTypeNames } from "./payload-type-names.js";
import { readPayloadSchemas } from "./payload-schema.js";

/** The webhooks target's files: event names, events, the validator and, when configured, payloads. */
export async function emitWebhooks(config: TypewireConfig, cwd: string): Promise<EmittedFile[]> {
  const webhooks = config.webhooks;
  if (!webhooks) return [];
  const table = await readEventActionTable(
    webhooks.events,
    relative(cwd, webhooks.events) || webhooks.events,
  );
  const files: EmittedFile[] = [
    emitEventNames(table, webhooks.out),
    emitEvents(table, webhooks.out, webhooks.payloads !== undefined),
    emitValidateEventName(webhooks.out),
    emitWebhooksIndex(webhooks.out),
  ];
  if (webhooks.payloads) {
    const schemas = await readPayloadSchemas(
      webhooks.payloads,
      table,
      relative(cwd, webhooks.payloads) || webhooks.payloads,
    );
    checkPayloadTypeNames(table, schemas);
    // Banners name the schema folder relative to the config file's folder (the package's, for
    // the bundled inputs), never to where the command runs, so output does not depend on it.
    const base = config.file ? dirname(config.file) : packageRoot;
    const schemaDir = relative(base, webhooks.payloads).split(sep).join("/") || ".";
    files.push(
      emitPayloadDefinitions(schemas, webhooks.out, schemaDir),
      emitPayloadIndex(table, webhooks.out),
    );
    for (const event of schemas.events)
      files.push(emitEventPayload(event, webhooks.out, schemaDir));
  }
  return files;
}
