// A Cloudflare Worker: deliveries to /api/platform/webhooks go to the web middleware, GET /news
// answers from the content API. WEBHOOK_SECRET and CMS_ENDPOINT are bindings of the Worker
// (vars or secrets), read on the first request.
import { createContentClient } from "@typewire/runtime/content";
import { createWebMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";

let app;

function appFor(env) {
  const webhooks = new Webhooks({ secret: env.WEBHOOK_SECRET });
  webhooks.on("issues.opened", ({ id, payload }) => {
    console.log(`handled ${id}: issues.opened #${payload.issue.number}`);
  });
  const content = createContentClient({ endpoint: env.CMS_ENDPOINT });
  return createWebMiddleware(webhooks, {
    onUnhandledRequest: async (request) => {
      if (new URL(request.url).pathname !== "/news")
        return new Response("Not found", { status: 404 });
      const data = await content.request('{ entries(section: "news", limit: 2) { title } }');
      return Response.json(data.entries.map((entry) => entry.title));
    },
  });
}

export default {
  fetch(request, env) {
    app ??= appFor(env);
    return app(request);
  },
};
