// A webhook receiver in a Fastify app. Fastify parses JSON bodies before any handler runs, so
// the webhook route lives in a plugin of its own whose content-type parser keeps the body as
// the raw bytes; the rest of the app keeps Fastify's JSON parser.
import Fastify from "fastify";
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
webhooks.on("issues.opened", ({ id, payload }) => {
  console.log(`handled ${id}: issues.opened #${payload.issue.number}`);
});
const middleware = createNodeMiddleware(webhooks);

const app = Fastify();
app.register(async (scope) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });
  scope.post("/api/platform/webhooks", (request, reply) => {
    // The middleware reads the raw bytes from req.rawBody and writes the answer itself.
    request.raw.rawBody = request.body;
    reply.hijack();
    middleware(request.raw, reply.raw);
  });
});
app.post("/api/notes", async (request) => ({ received: request.body }));

const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: "127.0.0.1" });
console.log(`listening on ${address}`);
