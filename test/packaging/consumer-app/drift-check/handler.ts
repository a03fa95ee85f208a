// A handler that reads a field of deploy_hook.fired the project's schema does not declare until
// `typewire draft-overrides` adds it to webhooks.overrides and `typewire generate` runs.
import { Webhooks } from "../src/generated/webhooks/index.js";

const webhooks = new Webhooks({ secret: "drift-secret" });
webhooks.on("deploy_hook.fired", ({ payload }) => {
  const region: string | undefined = payload.hook.region;
  console.log(region);
});
