import type { DeliveryResult } from "../deliver/send-delivery.js";
import type { Command } from "../command.js";
import { UsageError } from "../args.js";

/**
 * Where `typewire deliver` sends without `--url`: the middleware's default path
 * (`DEFAULT_PATH` of `@typewire/runtime/middleware`) on the README example's port. Written out
 * so that `--help` loads no runtime code; a test keeps the two equal.
 */
export const DEFAULT_DELIVER_URL = "http://127.0.0.1:3000/api/platform/webhooks";

/**
 * `typewire deliver`'s report: the status line, then the body as received.
 *
 * @example
 * formatDeliveryResult({ id: "1", status: 200, statusText: "OK", body: '{"ok":true}' });
 * // 'delivery 1: HTTP 200 OK\n{"ok":true}\n'
 */
export function formatDeliveryResult(result: DeliveryResult): string {
  const body = result.body.endsWith("\n") || result.body === "" ? result.body : `${result.body}\n`;
  return `delivery ${result.id}: HTTP ${result.status} ${result.statusText}\n${body}`;
}

export const deliverCommand: Command = {
  name: "deliver",
  summary: "Send one signed test delivery to a running receiver and print its answer.",
  usage:
    "deliver <event[.action]> (--secret S | --secret-env NAME) [--url URL] [--payload FILE] [--id ID] [--config FILE]",
  positionals: [
    {
      name: "event[.action]",
      description:
        "Event name, for example issues.opened: of the platform's table, or of the config's webhooks.events when it names one.",
      required: true,
    },
  ],
  options: {
    url: {
      type: "string",
      placeholder: "URL",
      description: `The receiver. Default: ${DEFAULT_DELIVER_URL}.`,
    },
    secret: {
      type: "string",
      placeholder: "S",
      description: "The signing secret the receiver verifies with.",
    },
    "secret-env": {
      type: "string",
      placeholder: "NAME",
      description: "Read the signing secret from this environment variable instead.",
    },
    payload: {
      type: "string",
      placeholder: "FILE",
      description:
        "JSON file with the payload. Default: an example payload for the event that validates against its schema (with your own table but no webhooks.payloads, only { action }).",
    },
    id: { type: "string", placeholder: "ID", description: "Delivery id. Default: a random UUID." },
    config: {
      type: "string",
      short: "c",
      placeholder: "FILE",
      description:
        "Config file, as for `generate`; its webhooks.events and webhooks.payloads give the event names and example payloads. Default: ./typewire.config.json (or .ts, .mts, .mjs, .js) if present, else the platform's table.",
    },
  },
  async run({ values, positionals }, io) {
    const secret = secretOf(values);
    const name = positionals[0]!;
    const payloadFile = values.payload as string | undefined;
    const [{ sendDelivery }, { loadOwnEventTable }] = await Promise.all([
      import("../deliver/send-delivery.js"),
      import("../deliver/own-table.js"),
    ]);
    const table = await loadOwnEventTable(values.config as string | undefined, io.cwd);
    const result = await sendDelivery({
      name,
      table,
      url: (values.url as string | undefined) ?? DEFAULT_DELIVER_URL,
      secret,
      payloadFile,
      id: values.id as string | undefined,
      cwd: io.cwd,
    });
    if (table && table.payloads === undefined && payloadFile === undefined) {
      const action = name.includes(".") ? name.slice(name.indexOf(".") + 1) : undefined;
      io.stderr(
        `typewire: ${table.configFile} names no webhooks.payloads, so the payload was ${action === undefined ? "{}" : `{"action":"${action}"}`}; --payload FILE sends your own.\n`,
      );
    }
    io.stdout(formatDeliveryResult(result));
    return result.status >= 200 && result.status < 300 ? 0 : 1;
  },
};

function secretOf(values: Record<string, string | boolean | string[] | undefined>): string {
  const secret = values.secret as string | undefined;
  const secretEnv = values["secret-env"] as string | undefined;
  if (secret !== undefined && secretEnv !== undefined)
    throw new UsageError("give --secret or --secret-env, not both.");
  if (secretEnv !== undefined) {
    const value = process.env[secretEnv];
    // Not a usage mistake but a missing input, as introspect's --token-env: exit 1, `error:`.
    if (!value)
      throw new Error(
        `environment variable ${secretEnv} is not set (it holds the signing secret given by --secret-env)`,
      );
    return value;
  }
  if (secret === undefined)
    throw new UsageError(
      `missing --secret S or --secret-env NAME. Usage: typewire ${deliverCommand.usage}`,
    );
  return secret;
}
