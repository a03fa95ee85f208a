import { describeCause } from "../event-handler/describe-thrown.js";
import { isInstance } from "../event-handler/is-instance.js";
import { withoutPayload } from "../event-handler/without-payload.js";
import { type Logger, createLogger } from "../logger.js";
import type { MiddlewareWebhooks } from "../middleware/middleware-webhooks.js";
import { CLOSED, type EventSourceConstructor, type EventSourceLike } from "./event-source-like.js";
import { type RelayMessage, readRelayMessage } from "./relay-message.js";
import { WebhookRequestError } from "../webhook-request-error.js";

/** Options of `createRelayClient`. */
export interface RelayClientOptions {
  /** The relay channel URL (also entered as the webhook URL on the platform). */
  url: string | URL;
  /** Receives each relayed delivery through `verifyAndReceive`. */
  webhooks: MiddlewareWebhooks;
  /**
   * The `EventSource` constructor. Default: the global one. Node has a global `EventSource`
   * only when started with `--experimental-eventsource` (22.3 and later), so on Node pass the
   * `eventsource` package's: `import { EventSource } from "eventsource"`.
   */
  EventSource?: EventSourceConstructor;
  /** Where skipped messages (`warn`) and failed deliveries (`error`) go; `info` gets connects. */
  log?: Partial<Logger>;
  /** Milliseconds before connecting again once the source has given up. Default 1000. */
  reconnectDelay?: number;
}

/** Node exposes a global `EventSource` only behind an experimental flag, so most Node users see this. */
const NO_EVENT_SOURCE =
  "[typewire] createRelayClient: there is no global EventSource here (Node has one only when started with --experimental-eventsource). " +
  'Pass one as options.EventSource, for example from the "eventsource" npm package: ' +
  'import { EventSource } from "eventsource"; createRelayClient({ url, webhooks, EventSource })';

/** A running relay client. */
export interface RelayClient {
  /** Stops listening and closes the connection. */
  close(): void;
}

/**
 * Streams deliveries from a relay channel into `webhooks.verifyAndReceive`, for local
 * development: the platform posts to the channel, the channel streams to this client. A bad
 * message is logged and skipped; a dropped connection is opened again.
 *
 * @example
 * import { EventSource } from "eventsource";
 * const relay = createRelayClient({ url: "https://relay.example/channel", webhooks, EventSource });
 * // later: relay.close();
 */
export function createRelayClient(options: RelayClientOptions): RelayClient {
  const { url, webhooks, reconnectDelay = 1000 } = options ?? ({} as RelayClientOptions);
  if (typeof url !== "string" && !(url instanceof URL)) {
    throw new TypeError(
      "[typewire] createRelayClient: options.url is required (the relay channel URL)",
    );
  }
  if (!webhooks || typeof webhooks.verifyAndReceive !== "function") {
    throw new TypeError(
      "[typewire] createRelayClient: options.webhooks must be a Webhooks instance",
    );
  }
  const Source =
    options.EventSource ?? (globalThis as { EventSource?: EventSourceConstructor }).EventSource;
  if (typeof Source !== "function") throw new TypeError(NO_EVENT_SOURCE);
  const log: Logger = createLogger(options.log);
  let source: EventSourceLike | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const receive = (data: unknown) => {
    let message: RelayMessage;
    try {
      message = readRelayMessage(data);
    } catch (error) {
      log.warn(`[typewire] relay: skipped a message: ${(error as Error).message}`);
      return;
    }
    const { delivery, signatureKey } = message;
    webhooks.verifyAndReceive(delivery).then(undefined, (error: unknown) => {
      // The error follows the line, so its stack and an AggregateError's .errors reach the log;
      // the delivery it carries (error.event, with the payload) does not.
      let cause = describeCause(error);
      // verifyAndReceive names the header a receiver reads; here the signature came from a key
      // of the relay message.
      if (isInstance(error, WebhookRequestError)) {
        cause = cause.replace(
          "(x-hub-signature-256 header)",
          `(the relay message's ${signatureKey})`,
        );
      }
      log.error(
        `[typewire] relay: delivery ${delivery.id ?? "(no id)"} (${delivery.name}) failed: ${cause}`,
        withoutPayload(error),
      );
    });
  };

  const connect = () => {
    retry = undefined;
    if (closed) return;
    const current = new Source(String(url));
    source = current;
    current.onopen = () => log.info(`[typewire] relay: connected to ${String(url)}`);
    current.onmessage = (event: { data: unknown }) => receive(event.data);
    current.onerror = () => {
      // While CONNECTING the source retries by itself; once CLOSED it has given up for good.
      if (closed || current.readyState !== CLOSED || retry !== undefined) return;
      log.warn(
        `[typewire] relay: connection to ${String(url)} lost, connecting again in ${reconnectDelay} ms`,
      );
      retry = setTimeout(connect, reconnectDelay);
    };
  };
  connect();

  return {
    close() {
      closed = true;
      if (retry !== undefined) clearTimeout(retry);
      source?.close();
    },
  };
}
