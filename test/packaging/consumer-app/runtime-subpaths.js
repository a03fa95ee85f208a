// Uses one value from every public subpath of @typewire/runtime and exercises the HTTP ones for
// real: both middlewares and the Lambda handler answer signed deliveries (the node one on
// 127.0.0.1), and the relay client feeds a message from a stand-in EventSource to the handlers.
// Prints what it saw as JSON.
import { createServer } from "node:http";
import { Webhooks as RootWebhooks } from "@typewire/runtime";
import { createContentClient } from "@typewire/runtime/content";
import { createDriftReporter } from "@typewire/runtime/drift";
import { createEventHandler } from "@typewire/runtime/event-handler";
import { createLambdaHandler } from "@typewire/runtime/lambda";
import {
  DEFAULT_PATH,
  createNodeMiddleware,
  createWebMiddleware,
} from "@typewire/runtime/middleware";
import { createRelayClient, toDelivery } from "@typewire/runtime/relay";
import { sign } from "@typewire/runtime/signature";
import { signDelivery, signedRequest } from "@typewire/runtime/testing";
import { Webhooks } from "@typewire/runtime/webhooks";

const secret = "pack-secret";
const webhooks = new Webhooks({ secret });
const received = [];
webhooks.onAny(({ id, name, payload }) => {
  received.push(`${name}.${payload.action}:${id}`);
});
const drift = [];
webhooks.onAny(
  createDriftReporter({ onDrift: ({ event, paths }) => drift.push(`${event}: ${paths}`) }),
);

const web = createWebMiddleware(webhooks);
const webResponse = await web(
  await signedRequest(`http://localhost${DEFAULT_PATH}`, {
    secret,
    name: "issues.opened",
    payload: { issue: { number: 1 } },
    id: "web",
  }),
);

const lambdaDelivery = await signDelivery({
  secret,
  name: "issues.reopened",
  payload: {},
  id: "lambda",
});
const lambdaResult = await createLambdaHandler(webhooks)({
  rawPath: DEFAULT_PATH,
  headers: lambdaDelivery.headers,
  requestContext: { http: { method: "POST" } },
  body: Buffer.from(lambdaDelivery.body).toString("base64"),
  isBase64Encoded: true,
});

const node = createNodeMiddleware(webhooks);
const server = createServer(async (req, res) => {
  if (!(await node(req, res))) res.writeHead(404).end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
let nodeStatus;
try {
  const { headers, body } = await signDelivery({
    secret,
    name: "issues.closed",
    payload: { surplus: true },
    id: "node",
  });
  const response = await fetch(`http://127.0.0.1:${server.address().port}${DEFAULT_PATH}`, {
    method: "POST",
    headers,
    body,
  });
  nodeStatus = response.status;
  await response.arrayBuffer();
} finally {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

const relayed = { action: "edited" };
const message = JSON.stringify({
  "x-request-id": "relay",
  "x-platform-event": "issues",
  "x-hub-signature": await sign(secret, JSON.stringify(relayed)),
  body: relayed,
});
class OneMessageSource {
  readyState = 1;
  onopen = null;
  onmessage = null;
  onerror = null;
  constructor() {
    setTimeout(() => this.onmessage?.({ data: message }));
  }
  close() {
    this.readyState = 2;
  }
}
const relay = createRelayClient({
  url: "http://127.0.0.1:9/channel",
  webhooks,
  EventSource: OneMessageSource,
});
for (let i = 0; i < 200 && !received.includes("issues.edited:relay"); i++)
  await new Promise((resolve) => setTimeout(resolve, 10));
relay.close();

console.log(
  JSON.stringify({
    webStatus: webResponse.status,
    lambdaStatus: lambdaResult.statusCode,
    nodeStatus,
    received,
    relayName: toDelivery(message).name,
    drift,
    others: [RootWebhooks, createContentClient, createEventHandler].map((value) => typeof value),
  }),
);
