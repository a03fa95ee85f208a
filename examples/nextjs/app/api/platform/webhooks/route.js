// A Next.js App Router route handler: app/api/platform/webhooks/route.js. The route receives the
// web-standard Request untouched, so the web middleware reads and checks the raw body itself.
import { createWebMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";

// Built on the first request, not when the module loads: `next build` loads every route to
// collect its configuration, and the signing secret need not be there at build time.
let middleware;

function createReceiver() {
  const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
  webhooks.on("issues.opened", ({ id, payload }) => {
    console.log(`handled ${id}: issues.opened #${payload.issue.number}`);
  });
  return createWebMiddleware(webhooks);
}

export function POST(request) {
  middleware ??= createReceiver();
  return middleware(request);
}
