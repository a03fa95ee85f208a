import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import { createDeliveryQueue, toQueue } from "@typewire/runtime/queue";
import { benchWebhooks } from "../middleware/bench-webhooks.js";
import { PATH, SECRET } from "../middleware/payload.js";

// One receiver per process: `direct` (the middleware running a no-op handler in the request)
// or `durable` (the same middleware storing each delivery in the queue). The parent measures
// this process's CPU between "begin" and "end", counting the requests served in between.
const [kind, redisPort, queueName] = process.argv.slice(2) as [
  "direct" | "durable",
  string,
  string,
];

const quiet = {
  warn: () => undefined,
  error: (message: unknown) => process.stderr.write(`${message}\n`),
};
const queue =
  kind === "durable"
    ? createDeliveryQueue({
        connection: { host: "127.0.0.1", port: Number(redisPort) },
        name: queueName,
        log: quiet,
      })
    : undefined;
const middleware = createNodeMiddleware(benchWebhooks(SECRET), {
  path: PATH,
  accept: queue && toQueue(queue),
  log: quiet,
});
const handler = (req: IncomingMessage, res: ServerResponse) => {
  middleware(req, res).then((handled) => {
    if (!handled) res.writeHead(404).end();
  });
};

let served = 0;
const server = createServer((req, res) => {
  served++;
  handler(req, res);
});
server.keepAliveTimeout = 60_000;
// The queue's connection is ready before the first measured request.
await queue?.queue.waitUntilReady();
server.listen(0, "127.0.0.1", () =>
  process.send!({ port: (server.address() as AddressInfo).port }),
);

let start = process.cpuUsage();
process.on("message", (message: string) => {
  if (message === "begin") {
    served = 0;
    start = process.cpuUsage();
    process.send!({ begun: true });
  } else if (message === "end") {
    const used = process.cpuUsage(start);
    process.send!({ cpuMicros: used.user + used.system, served });
  } else if (message === "exit") {
    server.closeAllConnections();
    server.close(() => {
      Promise.resolve(queue?.close()).then(() => process.exit(0));
    });
  }
});
