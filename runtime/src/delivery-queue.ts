import type { Logger } from "./logger.js";

/** A delivery whose signature and body were checked: what a queue stores for its workers. */
export interface VerifiedDelivery {
  /** The delivery id (`x-platform-delivery`). */
  id: string;
  /** The event name (`x-platform-event`). */
  name: string;
  /** The parsed body, a JSON object. */
  payload: object;
  /** The body as received, decoded as UTF-8 (a leading byte-order mark included). */
  text: string;
}

/**
 * Takes verified deliveries for workers to handle later, instead of running the handlers in
 * the request. `createDeliveryQueue` from `@typewire/runtime/queue` is one, on Redis.
 * `enqueue` resolves once the delivery is stored durably (or was already: a copy of a stored
 * id is a no-op), and rejects when it cannot be stored; it must give up in bounded time.
 */
export interface DeliveryQueue {
  enqueue(delivery: VerifiedDelivery): Promise<void>;
}

/**
 * What `verifyAndReceive` does with a delivery once its signature and body are checked, when
 * running its handlers right away is not all: `withDedupe(store)` refuses ids already accepted,
 * `toQueue(queue)` stores the delivery for workers. Given as the `accept` option of the
 * middleware or of `verifyAndReceive`; the code of a step is in the bundle only when it is
 * imported. `run` receives the delivery (runs its handlers); `log` is the instance's logger.
 * The delivery needs an id (`x-platform-delivery`) when a step is given.
 */
export interface DeliveryStep {
  (delivery: VerifiedDelivery, run: () => Promise<void>, log: Logger): Promise<void>;
  /**
   * `true` when the step stores the delivery instead of running it: the middleware then answers
   * 202 once the returned promise resolves, with no deadline.
   */
  readonly durable?: boolean | undefined;
}

/**
 * The step of durable mode: hands each verified delivery (its body text included) to `queue`
 * instead of running the handlers, and resolves once it is stored. The middleware answers 202
 * then, or the queue's error status (503 for `createDeliveryQueue`) when it cannot be stored.
 *
 * @example
 * createNodeMiddleware(webhooks, { accept: toQueue(createDeliveryQueue({ connection })) });
 */
export function toQueue(queue: DeliveryQueue): DeliveryStep {
  if (queue === null || typeof queue !== "object" || typeof queue.enqueue !== "function") {
    throw new TypeError(
      "[typewire] toQueue: queue must be a delivery queue with enqueue(), such as createDeliveryQueue()",
    );
  }
  const step = (delivery: VerifiedDelivery) => queue.enqueue(delivery);
  return Object.assign(step, { durable: true });
}
