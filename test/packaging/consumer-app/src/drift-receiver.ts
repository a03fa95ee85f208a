// Drift in the project's own receiver: the reporter of @typewire/runtime/drift over the drift
// table generated beside the project's types, keeping what it reports in the folder given as the
// first argument. Two signed deliveries of deploy_hook.fired carry a field the project's schema
// lacks (hook.region); prints the statuses, the reports and the kept files as JSON.
import { readdir } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware } from "@typewire/runtime";
import { createDriftReporter } from "@typewire/runtime/drift";
import * as driftTable from "./generated/webhooks/drift-table.js";
import { Webhooks } from "./generated/webhooks/index.js";
import { examplePayload, signDelivery } from "./generated/webhooks/testing.js";

const secret = "drift-secret";
const keep = process.argv[2] ?? "drift";
const warnings: string[] = [];
const webhooks = new Webhooks({ secret });
webhooks.onAny(
  createDriftReporter({
    table: driftTable,
    keep,
    log: { warn: (message: string) => warnings.push(message) },
  }),
);
const middleware = createNodeMiddleware(webhooks);
const server = createServer(async (req, res) => {
  if (!(await middleware(req, res))) res.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;
const example = examplePayload("deploy_hook.fired");
const payload = { ...example, hook: { ...example.hook, region: "eu-west" } };
const statuses: number[] = [];
for (const id of ["drift-1", "drift-2"]) {
  const delivery = await signDelivery({ secret, name: "deploy_hook.fired", id, payload });
  const response = await fetch(`http://127.0.0.1:${port}/api/platform/webhooks`, {
    method: "POST",
    headers: delivery.headers,
    body: delivery.body,
  });
  await response.arrayBuffer();
  statuses.push(response.status);
}
server.closeAllConnections();
await new Promise((resolve) => server.close(resolve));
// The delivery is kept in the background: wait for it (at most 10 s).
let kept: string[] = [];
for (let tries = 0; tries < 100 && kept.length === 0; tries++) {
  kept = (await readdir(keep).catch(() => [])).filter((name) => name.endsWith(".json"));
  if (kept.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
}
console.log(JSON.stringify({ statuses, warnings, kept }));
