// What not to do: express.json() mounted before the webhook middleware. The parser reads the
// body first, so the middleware can no longer check its signature and answers every delivery
// with a 500 that says to mount it first.
import express from "express";
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
webhooks.on("issues.opened", ({ id }) => {
  console.log(`handled ${id}: issues.opened`);
});

const app = express();
app.use(express.json());
app.use(createNodeMiddleware(webhooks));

const server = app.listen(Number(process.env.PORT ?? 3000), "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
