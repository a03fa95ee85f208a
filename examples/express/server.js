// A webhook receiver in an Express app. The middleware is mounted BEFORE express.json(): the
// signature covers the raw bytes of the body, which a JSON parser would consume first.
import express from "express";
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
webhooks.on("issues.opened", ({ id, payload }) => {
  console.log(`handled ${id}: issues.opened #${payload.issue.number}`);
});

const app = express();
// Answers POST /api/platform/webhooks and passes every other request on to the next handler.
app.use(createNodeMiddleware(webhooks));
app.use(express.json());
app.post("/api/notes", (req, res) => {
  res.json({ received: req.body });
});

const server = app.listen(Number(process.env.PORT ?? 3000), "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
