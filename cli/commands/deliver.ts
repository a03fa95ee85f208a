import type { DeliveryResult } from "../deliver/send-delivery.js";
import type { Command } from "../command.js";
import { UsageError } from "../args.js";

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
  usage: "deliver <event[.action]> --url URL --secret S [--payload FILE] [--id ID]",
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
      description: "The receiver, e.g. http://127.0.0.1:3000/api/platform/webhooks.",
    },
    secret: {
      type: "string",
      placeholder: "S",
      description: "The signing secret the receiver verifies with.",
    },
    payload: {
      type: "string",
      placeholder: "FILE",
      description: "JSON file with the payload. Default: {} (plus the action).",
    },
    id: { type: "string", placeholder: "ID", description: "Delivery id. Default: a random UUID." },
  },
  async run({ values, positionals }, io) {
    const missing = ["url", "secret"].filter((name) => typeof values[name] !== "string");
    if (missing.length)
      throw new UsageError(
        `missing ${missing.map((name) => `--${name}`).join(" and ")}. Usage: typewire ${this.usage}`,
      );
    const { sendDelivery } = await import("../deliver/send-delivery.js");
    const result = await sendDelivery({
      name: positionals[0]!,
      url: values.url as string,
      secret: values.secret as string,
      payloadFile: values.payload as string | undefined,
      id: values.id as string | undefined,
      cwd: io.cwd,
    });
    io.stdout(formatDeliveryResult(result));
    return result.status >= 200 && result.status < 300 ? 0 : 1;
  },
};
