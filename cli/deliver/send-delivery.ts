import { resolve } from "node:path";
import { signDelivery } from "@typewire/runtime/testing";
import { GeneratorError } from "../../input/errors.js";
import { readJsonSource } from "../../input/json-source.js";
import { checkEventName } from "./check-event-name.js";
import type { OwnEventTable } from "./own-table.js";

/** What `typewire deliver` sends. */
export interface SendDeliveryOptions {
  /** `event` or `event.action`, checked against the event table. */
  name: string;
  /**
   * The project's own event table (see `loadOwnEventTable`): `name` is checked against it, and
   * without `payloadFile` its example payload is sent. Absent: the platform's table, as
   * `@typewire/runtime` ships it.
   */
  table?: OwnEventTable | undefined;
  url: string;
  secret: string;
  /**
   * JSON file holding the payload, relative to `cwd`. When absent, the example payload of `name`
   * (`examplePayload` of `@typewire/runtime/testing`, or the own table's `example`), which
   * validates against its schema.
   */
  payloadFile?: string | undefined;
  id?: string | undefined;
  cwd: string;
}

/** The receiver's answer. */
export interface DeliveryResult {
  status: number;
  statusText: string;
  body: string;
  id: string;
}

/**
 * Signs one delivery as the platform would and POSTs it to a running receiver.
 *
 * @example
 * const result = await sendDelivery({ name: "issues.opened", url: "http://127.0.0.1:3000/api/platform/webhooks", secret: "s", cwd: process.cwd() });
 * result.status; // 200
 */
export async function sendDelivery(options: SendDeliveryOptions): Promise<DeliveryResult> {
  checkEventName(options.name, options.table);
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new Error(`--url is not an absolute URL: ${JSON.stringify(options.url)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`--url must be http or https, got ${url.protocol}`);
  }
  if (!options.secret) throw new Error("the signing secret must not be empty");
  const { headers, body } = await signDelivery({
    secret: options.secret,
    name: options.name,
    payload:
      options.payloadFile !== undefined
        ? await readPayload(options.payloadFile, options.cwd)
        : await options.table?.example(options.name),
    id: options.id,
  });
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers, body });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `could not reach ${url.href}: ${cause?.code ?? cause?.message ?? (error as Error).message} (is the receiver running there? --url sets where to send)`,
    );
  }
  return {
    status: response.status,
    statusText: response.statusText,
    body: await response.text(),
    id: headers["x-platform-delivery"]!,
  };
}

async function readPayload(payloadFile: string, cwd: string): Promise<object> {
  const source = await readJsonSource(resolve(cwd, payloadFile), payloadFile);
  if (typeof source.value !== "object" || source.value === null || Array.isArray(source.value)) {
    throw new GeneratorError("the payload must be a JSON object", {
      file: payloadFile,
      line: 1,
      column: 1,
    });
  }
  return source.value;
}
