// A webhook receiver on Deno, with a content query: Deno.serve takes the web middleware for
// the platform's deliveries and answers GET /news from the content API.
import { createContentClient } from "@typewire/runtime/content";
import { createWebMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: Deno.env.get("WEBHOOK_SECRET")! });
webhooks.on("issues.opened", ({ id, payload }) => {
  console.log(`handled ${id}: issues.opened #${payload.issue.number}`);
});
const content = createContentClient({ endpoint: Deno.env.get("CMS_ENDPOINT")! });

const middleware = createWebMiddleware(webhooks, {
  onUnhandledRequest: async (request) => {
    if (new URL(request.url).pathname !== "/news")
      return new Response("Not found", { status: 404 });
    const data = await content.request<{ entries: { title: string }[] }>(
      '{ entries(section: "news", limit: 2) { title } }',
    );
    return Response.json(data.entries.map((entry) => entry.title));
  },
});

Deno.serve(
  {
    hostname: "127.0.0.1",
    port: Number(Deno.env.get("PORT") ?? 3000),
    onListen: ({ port }) => console.log(`listening on http://127.0.0.1:${port}`),
  },
  middleware,
);
