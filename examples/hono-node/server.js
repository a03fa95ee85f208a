// A webhook receiver in a Hono app on Node. Hono hands the web-standard Request to a route as
// c.req.raw; the web middleware takes it and returns the Response.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createWebMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
webhooks.on("issues.opened", ({ id, payload }) => {
  console.log(`handled ${id}: issues.opened #${payload.issue.number}`);
});
const middleware = createWebMiddleware(webhooks);

const app = new Hono();
app.post("/api/platform/webhooks", (c) => middleware(c.req.raw));
app.get("/", (c) => c.text("ok"));

serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: "127.0.0.1" },
  (info) => {
    console.log(`listening on http://127.0.0.1:${info.port}`);
  },
);
