import { signChecked, verifyChecked } from "#signature";
import {
  createEventHandlerState,
  type EventHandler,
  eventHandlerFor,
} from "./event-handler/create-event-handler.js";
import {
  type PlatformEventMap,
  platformEventTable,
  type WebhookEventTable,
} from "./event-handler/event-table.js";
import type { EventHandlerOptions, Untransformed } from "./event-handler/types.js";
import {
  type VerifyAndReceiveOptions,
  type WebhookDelivery,
  verifyAndReceive,
} from "./verify-and-receive.js";

/** Options of the {@link Webhooks} constructor. */
export interface WebhooksOptions<
  TTransformed = Untransformed,
  TEvents extends object = PlatformEventMap,
> extends EventHandlerOptions<TTransformed, TEvents> {
  /** The signing secret configured on the platform. Required, non-empty. */
  secret: string;
  /**
   * Older secrets still accepted during a rotation. Verification tries `secret` first, then
   * these in order; `sign` always uses `secret`.
   */
  additionalSecrets?: readonly string[] | undefined;
}

/**
 * Signs, verifies and dispatches webhook deliveries. Every method is a bound function, so it
 * can be passed around or destructured. `sign`, `verify` and `verifyAndReceive` return
 * promises on every runtime (`node:crypto` on Node, WebCrypto elsewhere).
 *
 * `TEvents` is the event map of the table names are checked against, given as the second
 * constructor argument: the platform's table bundled with the runtime unless given. A generated
 * webhooks module exports a `Webhooks` bound to its own table; use that one for a table of yours.
 *
 * @example
 * const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET! });
 * webhooks.on("issues.opened", ({ payload }) => console.log(payload.action)); // "opened"
 * await webhooks.verifyAndReceive({ id, name: "issues", payload: rawBody, signature });
 */
export class Webhooks<
  TTransformed = Untransformed,
  TEvents extends object = PlatformEventMap,
> implements EventHandler<TTransformed, TEvents> {
  /** Signs a payload with the primary secret: `sha256=` and 64 lowercase hex characters. */
  declare readonly sign: (payload: string) => Promise<string>;
  /** Checks a signature against the primary secret, then the additional ones. */
  declare readonly verify: (payload: string, signature: string) => Promise<boolean>;
  declare readonly on: EventHandler<TTransformed, TEvents>["on"];
  declare readonly onAny: EventHandler<TTransformed, TEvents>["onAny"];
  declare readonly onError: EventHandler<TTransformed, TEvents>["onError"];
  declare readonly removeListener: EventHandler<TTransformed, TEvents>["removeListener"];
  declare readonly receive: EventHandler<TTransformed, TEvents>["receive"];
  /**
   * Verifies, parses and receives a delivery. Rejects with a `WebhookRequestError` carrying
   * `status: 400` for a missing or wrong signature (also sent to `onError` handlers), a missing
   * name, or a body that is not a JSON object; with an `AggregateError` if handlers fail.
   * `options.accept` takes the verified delivery instead: `withDedupe(store)` refuses ids already
   * accepted (`WebhookDuplicateError`, `status: 208`), `toQueue(queue)` stores it for workers.
   */
  declare readonly verifyAndReceive: (
    delivery: WebhookDelivery,
    options?: VerifyAndReceiveOptions,
  ) => Promise<void>;

  constructor(
    options: WebhooksOptions<TTransformed, TEvents>,
    table: WebhookEventTable = platformEventTable,
  ) {
    const secrets = secretsOf(options);
    const primary = secrets[0]!;
    const state = createEventHandlerState(options, table);
    const handler = eventHandlerFor<TTransformed, TEvents>(state);
    this.sign = (payload) => signChecked(primary, payload);
    this.verify = (payload, signature) => verifyChecked(secrets, payload, signature);
    this.on = handler.on;
    this.onAny = handler.onAny;
    this.onError = handler.onError;
    this.removeListener = handler.removeListener;
    this.receive = handler.receive;
    this.verifyAndReceive = (delivery, options) =>
      verifyAndReceive(state, secrets, delivery, options);
  }
}

function secretsOf(options: { secret?: unknown; additionalSecrets?: unknown }): readonly string[] {
  const { secret, additionalSecrets = [] } = (options ?? {}) as {
    secret?: unknown;
    additionalSecrets?: unknown;
  };
  if (typeof secret !== "string" || secret === "") {
    throw new TypeError(
      "[typewire] new Webhooks(options): options.secret is required (the non-empty signing secret configured on the platform)",
    );
  }
  if (!Array.isArray(additionalSecrets)) {
    throw new TypeError(
      "[typewire] new Webhooks(options): options.additionalSecrets must be an array of strings",
    );
  }
  additionalSecrets.forEach((extra: unknown, index) => {
    if (typeof extra !== "string" || extra === "") {
      throw new TypeError(
        `[typewire] new Webhooks(options): options.additionalSecrets[${index}] must be a non-empty string`,
      );
    }
  });
  return [secret, ...additionalSecrets];
}
