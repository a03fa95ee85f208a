// Durable mode end to end, once bullmq and ioredis are installed: a receiver verifies and queues
// a delivery on the Redis whose port is the first argument; a worker runs its handler.
import { createServer } from "node:http";
import { DEFAULT_PATH, createNodeMiddleware } from "@typewire/runtime/middleware";
import { createDeliveryQueue, createDeliveryWorker, toQueue } from "@typewire/runtime/queue";
import { signDelivery } from "@typewire/runtime/testing";
import { Webhooks } from "@typewire/runtime/webhooks";

const connection = { host: "127.0.0.1", port: Number(process.argv[2]) };
const secret = "pack-secret";
const queue = createDeliveryQueue({ connection, name: "pack" });
const middleware = createNodeMiddleware(new Webhooks({ secret }), { accept: toQueue(queue) });
const server = createServer(async (req, res) => {
  if (!(await middleware(req, res))) res.writeHead(404).end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

const working = new Webhooks({ secret });
const handled = new Promise((resolve) => working.onAny((event) => resolve(event)));
const worker = createDeliveryWorker(working, { connection, name: "pack" });

const { headers, body } = await signDelivery({
  secret,
  name: "issues.opened",
  payload: { n: 1 },
  id: "queued",
});
const response = await fetch(`http://127.0.0.1:${server.address().port}${DEFAULT_PATH}`, {
  method: "POST",
  headers,
  body,
});
const answer = { status: response.status, body: await response.json() };
const event = await handled;
await worker.close();
await queue.close();
server.closeAllConnections();
server.close();
console.log(JSON.stringify({ answer, event }));
