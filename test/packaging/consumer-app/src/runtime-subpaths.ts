// The same subpaths from TypeScript: their declarations resolve and keep their meaning.
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type NodeMiddleware,
  type WebMiddleware,
  createNodeMiddleware,
  createWebMiddleware,
} from "@typewire/runtime/middleware";
import {
  type EventSourceConstructor,
  type RelayClient,
  createRelayClient,
} from "@typewire/runtime/relay";
import { type SignedDelivery, signDelivery, signedRequest } from "@typewire/runtime/testing";
import type { IssuesOpenedEvent } from "@typewire/runtime/payloads";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: "<SIGNING_SECRET>" });
const node: NodeMiddleware = createNodeMiddleware(webhooks, { path: "/hooks", maxBodySize: 1024 });
export const handled: Promise<boolean> = node({} as IncomingMessage, {} as ServerResponse);
const web: WebMiddleware = createWebMiddleware(webhooks, {
  onUnhandledRequest: () => new Response(null, { status: 404 }),
});
export const answered: Promise<Response> = signedRequest("http://localhost/hooks", {
  secret: "<SIGNING_SECRET>",
  name: "issues.opened",
  payload: {},
}).then(web);
export const delivery: Promise<SignedDelivery> = signDelivery({
  secret: "s",
  name: "push",
  payload: "{}",
});
declare const Source: EventSourceConstructor;
export const relay: RelayClient = createRelayClient({
  url: "http://127.0.0.1/channel",
  webhooks,
  EventSource: Source,
});
export type Opened = IssuesOpenedEvent["action"];
// @ts-expect-error maxBodySize is a number of bytes
createWebMiddleware(webhooks, { maxBodySize: "1mb" });
