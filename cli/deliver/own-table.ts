import { configFilesIn } from "../../input/config-file.js";
import type { JsonValue } from "../../generator/webhooks/example-payload.js";
import type { EventNames } from "./check-event-name.js";

/** A project's own event table, as its config names it, and the examples of its payloads. */
export interface OwnEventTable extends EventNames {
  own: true;
  /** The config file, relative to the working folder. */
  configFile: string;
  /** The payload schema folder, relative to the working folder; undefined when it names none. */
  payloads: string | undefined;
  /**
   * The example payload of an event or `event.action`, built from the payload schemas as
   * `example-payloads.ts` is at generation time; `{}` without payload schemas (the delivery then
   * carries only the action).
   */
  example(name: string): Promise<{ [key: string]: JsonValue }>;
}

/**
 * The event table `typewire deliver` checks names against and takes example payloads from: the
 * one the config names (`configFile`, else `typewire.config.json` in `cwd` when there is one),
 * or undefined for the platform's bundled table, which `@typewire/runtime` ships with its
 * examples: without a config, with a config that has no `webhooks` section, and with one whose
 * `webhooks` uses the bundled table and schemas. Only the `webhooks` section is resolved.
 *
 * @example
 * const table = await loadOwnEventTable("typewire.config.json", process.cwd());
 * table?.names; // ["deploy_hook", "deploy_hook.fired"]
 * await table?.example("deploy_hook.fired"); // { action: "fired", ... }
 */
export async function loadOwnEventTable(
  configFile: string | undefined,
  cwd: string,
): Promise<OwnEventTable | undefined> {
  // No config, no generator code: the bundled table's run stays as light as it was.
  if (configFile === undefined && (await configFilesIn(cwd)).length === 0) return undefined;
  const [
    { BUNDLED_EVENTS, BUNDLED_PAYLOADS, loadConfig },
    { buildExamplePayloads, examplePayloadJson },
    { emitterEventNamesOf, readEventActionTable },
    { readPayloadSchemas },
    { bundledFile, relativePath },
  ] = await Promise.all([
    import("../../generator/config.js"),
    import("../../generator/webhooks/example-payload.js"),
    import("../../generator/webhooks/event-action-table.js"),
    import("../../generator/webhooks/payload-schema.js"),
    import("../../input/paths.js"),
  ]);
  const config = await loadConfig(configFile, cwd, { content: false });
  const webhooks = config.webhooks;
  if (config.file === undefined || webhooks === undefined) return undefined;
  if (
    webhooks.events === bundledFile(BUNDLED_EVENTS) &&
    webhooks.payloads === bundledFile(BUNDLED_PAYLOADS)
  )
    return undefined;
  const display = (path: string) => relativePath(cwd, path) || path;
  const table = await readEventActionTable(webhooks.events, display(webhooks.events));
  const payloads = webhooks.payloads;
  let examples: Promise<ReturnType<typeof buildExamplePayloads>> | undefined;
  return {
    own: true,
    names: emitterEventNamesOf(table),
    file: table.file,
    configFile: display(config.file),
    payloads: payloads === undefined ? undefined : display(payloads),
    async example(name) {
      if (payloads === undefined) return {};
      examples ??= readPayloadSchemas(payloads, table, display(payloads)).then(
        buildExamplePayloads,
      );
      const payload = examplePayloadJson(await examples, name);
      if (payload === undefined) throw new Error(`no example payload for "${name}"`);
      return payload;
    },
  };
}
