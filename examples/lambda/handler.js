// An AWS Lambda function receiving deliveries through a function URL or an API Gateway HTTP API.
// Deploy it with the handler "handler.handler" and WEBHOOK_SECRET in the function's environment.
import { createLambdaHandler } from "@typewire/runtime/lambda";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: process.env.WEBHOOK_SECRET });
webhooks.on("issues.opened", ({ id, payload }) => {
  console.log(`handled ${id}: issues.opened #${payload.issue.number}`);
});

// The path as the event's rawPath carries it: on a named API Gateway stage, the stage comes first.
export const handler = createLambdaHandler(webhooks, { path: "/api/platform/webhooks" });
