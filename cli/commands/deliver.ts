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
    "deliver <event[.action]> (--secret S | --secret-env NAME) [--url URL] [--payload FILE] [--id ID]",
  positionals: [
    {
      name: "event[.action]",
      description: "Event name, for example issues.opened.",
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
        "JSON file with the payload. Default: an example payload for the event that validates against its schema.",
    },
    id: { type: "string", placeholder: "ID", description: "Delivery id. Default: a random UUID." },
  },
  async run({ values, positionals }, io) {
    const secret = secretOf(values);
    const { sendDelivery } = await import("../deliver/send-delivery.js");
    const result = await sendDelivery({
      name: positionals[0]!,
      url: (values.url as string | undefined) ?? DEFAULT_DELIVER_URL,
      secret,
      payloadFile: values.payload as string | undefined,
      id: values.id as string | undefined,
      cwd: io.cwd,
    });
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
