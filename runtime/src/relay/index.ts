/** `@typewire/runtime/relay`: stream deliveries from a relay channel during local development. */
export {
  type RelayClient,
  type RelayClientOptions,
  createRelayClient,
} from "./create-relay-client.js";
export type { EventSourceConstructor, EventSourceLike } from "./event-source-like.js";
export { toDelivery } from "./relay-message.js";
