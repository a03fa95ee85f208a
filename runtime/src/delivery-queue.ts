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
