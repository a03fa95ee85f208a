import { Redis } from "ioredis";
import { createNodeMiddleware, createWebMiddleware } from "@typewire/runtime/middleware";
import {
  type DeliveryJobData,
  type DeliveryWorker,
  type RedisDeliveryQueue,
  createDeliveryQueue,
  createDeliveryWorker,
  toQueue,
} from "@typewire/runtime/queue";
import {
  type DedupeStore,
  type VerifiedDelivery,
  type WebhookDuplicateError,
  type WebhookUnavailableError,
  Webhooks,
  createMemoryDedupeStore,
  createRedisDedupeStore,
  withDedupe,
} from "@typewire/runtime/webhooks";
import { describe, expectTypeOf, it } from "vitest";

const webhooks = new Webhooks({ secret: "<SIGNING_SECRET>" });
const connection = { host: "127.0.0.1", port: 6379 };

describe("dedupe and durable mode types", () => {
  it("the middleware takes the steps made of a dedupe store and a delivery queue", () => {
    const queue = createDeliveryQueue({ connection, attempts: 3, backoff: 500 });
    expectTypeOf(queue).toEqualTypeOf<RedisDeliveryQueue>();
    expectTypeOf(queue.enqueue).parameter(0).toEqualTypeOf<VerifiedDelivery>();
    createNodeMiddleware(webhooks, {
      accept: withDedupe(createMemoryDedupeStore(), toQueue(queue)),
    });
    createWebMiddleware(webhooks, {
      accept: withDedupe(createRedisDedupeStore({ redis: new Redis() })),
    });
    // @ts-expect-error: a queue is not a step; toQueue(queue) is
    createNodeMiddleware(webhooks, { accept: queue });
    // @ts-expect-error: a store is not a step; withDedupe(store) is
    createNodeMiddleware(webhooks, { accept: createMemoryDedupeStore() });
    // @ts-expect-error: toQueue takes a delivery queue, not connection options
    toQueue(connection);
    // @ts-expect-error: dedupe is now a step given as accept
    createNodeMiddleware(webhooks, { dedupe: createMemoryDedupeStore() });
  });

  it("verifyAndReceive takes the same options", () => {
    const dedupe: DedupeStore = createMemoryDedupeStore({ window: 60_000, maxSize: 10 });
    expectTypeOf(
      webhooks.verifyAndReceive(
        { id: "1", name: "push", payload: "{}", signature: "" },
        { accept: withDedupe(dedupe) },
      ),
    ).toEqualTypeOf<Promise<void>>();
  });

  it("an ioredis client is a Redis dedupe client", () => {
    createRedisDedupeStore({ redis: new Redis(), window: 1000, prefix: "app:", timeout: 500 });
    // @ts-expect-error: not a Redis client
    createRedisDedupeStore({ redis: { get: async () => null } });
  });

  it("a worker takes any Webhooks instance, transformed or not", () => {
    const transformed = new Webhooks({
      secret: "s",
      transform: (event) => ({ ...event, extra: 1 }),
    });
    const worker = createDeliveryWorker(transformed, { connection, concurrency: 8 });
    expectTypeOf(worker).toEqualTypeOf<DeliveryWorker>();
    expectTypeOf(worker.close)
      .parameter(0)
      .toEqualTypeOf<{ timeout?: number | undefined } | undefined>();
    expectTypeOf(worker.worker.concurrency).toEqualTypeOf<number>();
    // @ts-expect-error: not a Webhooks instance
    createDeliveryWorker({ verifyAndReceive: async () => undefined }, { connection });
    // @ts-expect-error: connection is required
    createDeliveryWorker(webhooks, { concurrency: 2 });
  });

  it("jobs and errors carry their documented shapes", () => {
    expectTypeOf<DeliveryJobData>().toEqualTypeOf<{ id: string; name: string; text: string }>();
    const queue = createDeliveryQueue({ connection });
    expectTypeOf(queue.queue.getFailed)
      .returns.resolves.items.toHaveProperty("data")
      .toEqualTypeOf<DeliveryJobData>();
    expectTypeOf<WebhookDuplicateError["status"]>().toEqualTypeOf<208>();
    expectTypeOf<WebhookUnavailableError["status"]>().toEqualTypeOf<503>();
  });
});
