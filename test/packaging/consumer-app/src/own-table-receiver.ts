// A receiver of the project's own table for `typewire deliver --config`: listens on a free port
// of 127.0.0.1, prints the port, then prints the first deploy_hook.fired event it handles as
// JSON and stops.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware } from "@typewire/runtime";
import { Webhooks } from "./generated/webhooks/index.js";

const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET ?? "" });
const middleware = createNodeMiddleware(webhooks);
const server = createServer(async (req, res) => {
  if (!(await middleware(req, res))) res.writeHead(404).end();
});
webhooks.on("deploy_hook.fired", ({ id, name, payload }) => {
  console.log(
    JSON.stringify({ id, name, action: payload.action, sha: payload.sha, hook: payload.hook }),
  );
  setImmediate(() => {
    server.closeAllConnections();
    server.close();
  });
});
server.listen(0, "127.0.0.1", () => {
  console.log(`port ${(server.address() as AddressInfo).port}`);
});
