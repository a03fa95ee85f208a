// A webhook receiver on Bun: Bun.serve takes the web middleware as its fetch handler.
import { createWebMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET! });
webhooks.on("issues.opened", ({ id, payload }) => {
  console.log(`handled ${id}: issues.opened #${payload.issue.number}`);
});

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT ?? 3000),
  fetch: createWebMiddleware(webhooks),
});
console.log(`listening on http://127.0.0.1:${server.port}`);
