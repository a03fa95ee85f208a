// Drift in the project's own receiver: the reporter of @typewire/runtime/drift over the drift
// table generated beside the project's types, keeping what it reports in the folder given as the
// first argument. Two signed deliveries of deploy_hook.fired carry a field the project's schema
// lacks (hook.region); prints the statuses, the reports and the kept files as JSON.
import { readdir } from "node:fs/promises";
import { createNodeMiddleware } from "@typewire/runtime";
import { createDriftReporter } from "@typewire/runtime/drift";
import * as driftTable from "./generated/webhooks/drift-table.js";
import { Webhooks } from "./generated/webhooks/index.js";
import { examplePayload, signDelivery } from "./generated/webhooks/testing.js";
import { postDeliveries } from "./post-deliveries.js";

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
const example = examplePayload("deploy_hook.fired");
const payload = { ...example, hook: { ...example.hook, region: "eu-west" } };
const statuses = await postDeliveries(
  createNodeMiddleware(webhooks),
  ["drift-1", "drift-2"].map((id) =>
    signDelivery({ secret, name: "deploy_hook.fired", id, payload }),
  ),
);
// The delivery is kept in the background: wait for it (at most 10 s).
let kept: string[] = [];
for (let tries = 0; tries < 100 && kept.length === 0; tries++) {
  kept = (await readdir(keep).catch(() => [])).filter((name) => name.endsWith(".json"));
  if (kept.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
}
console.log(JSON.stringify({ statuses, warnings, kept }));
