import {
  type RedisDeliveryQueue,
  createDeliveryQueue,
  createDeliveryWorker,
  toQueue,
} from "@typewire/runtime/queue";
import { createWebMiddleware } from "@typewire/runtime/middleware";
import { signedRequest } from "@typewire/runtime/testing";
import { type EmitterWebhookEvent, Webhooks } from "@typewire/runtime/webhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedis } from "../helpers/redis-server.js";
import { until } from "../helpers/until.js";
import { SECRET, issueBody, send, startReceiver } from "../helpers/receivers.js";

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

// Everything a test starts, closed after it (workers first, so no job is left half-run).
const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const each of started.splice(0).reverse()) await each.close();
});

let queues = 0;
/** A queue of its own for each test, so tests never see each other's jobs. */
function queueName(): string {
  return `durable-${++queues}`;
}

interface Logged {
  level: string;
  message: string;
}

function recordingLog(logged: Logged[]) {
  const entry = (level: string) => (message: unknown) => {
    logged.push({ level, message: String(message) });
  };
  return { debug: entry("debug"), info: entry("info"), warn: entry("warn"), error: entry("error") };
}

/** A receiver in durable mode over its own `Webhooks` (which has no handlers of its own). */
async function receiver(
  name: string,
  queueOptions: Partial<Parameters<typeof createDeliveryQueue>[0]> = {},
) {
  const logged: Logged[] = [];
  const webhooks = new Webhooks({ secret: SECRET });
  const errors: Error[] = [];
  webhooks.onError((error) => {
    errors.push(error);
  });
  const queue = createDeliveryQueue({
    connection: redis.connection,
    name,
    log: recordingLog(logged),
    ...queueOptions,
  });
  const server = await startReceiver(webhooks, {
    accept: toQueue(queue),
    log: recordingLog(logged),
  });
  started.push(queue, server);
  return { queue, server, errors, logged, webhooks };
}

/** A worker whose `Webhooks` records every event and every `onError` call. */
function worker(
  name: string,
  handler: (event: EmitterWebhookEvent) => unknown = () => undefined,
  options: Partial<Parameters<typeof createDeliveryWorker>[1]> = {},
) {
  const webhooks = new Webhooks({ secret: SECRET });
  const received: EmitterWebhookEvent[] = [];
  const errors: Error[] = [];
  const logged: Logged[] = [];
  webhooks.onAny((event) => {
    received.push(event);
    return handler(event);
  });
  webhooks.onError((error) => {
    errors.push(error);
  });
  const delivery = createDeliveryWorker(webhooks, {
    connection: redis.connection,
    name,
    log: recordingLog(logged),
    ...options,
  });
  started.push(delivery);
  return { delivery, received, errors, logged };
}

async function counts(queue: RedisDeliveryQueue) {
  return queue.queue.getJobCounts("waiting", "active", "delayed", "completed", "failed");
}

describe("durable mode", () => {
  it("answers 202 once the delivery is queued; a worker runs the handlers with the body as sent", async () => {
    const name = queueName();
    const { server, queue } = await receiver(name);
    // A byte-order mark, non-ASCII text and unusual spacing: the worker must see them all.
    const text = '\uFEFF{ "action": "opened",  "issue": { "title": "ünïcode ✓" } }';
    const answer = await send(server.port, { id: "delivery-1", name: "issues", body: text });
    expect(answer).toEqual({ status: 202, body: { ok: true, queued: true } });

    const job = await queue.queue.getJob("delivery-1");
    expect(job?.name).toBe("issues");
    expect(job?.data).toEqual({ id: "delivery-1", name: "issues", text });

    const { received } = worker(name);
    await until(() => received.length === 1, "the worker to run the handler");
    expect(received).toEqual([
      {
        id: "delivery-1",
        name: "issues",
        payload: { action: "opened", issue: { title: "ünïcode ✓" } },
      },
    ]);
  });

  it("works the same through the web middleware", async () => {
    const name = queueName();
    const queue = createDeliveryQueue({ connection: redis.connection, name });
    started.push(queue);
    const middleware = createWebMiddleware(new Webhooks({ secret: SECRET }), {
      accept: toQueue(queue),
    });
    const response = await middleware(
      await signedRequest("http://localhost/api/platform/webhooks", {
        secret: SECRET,
        name: "issues.opened",
        payload: { issue: { number: 3 } },
        id: "from-the-edge",
      }),
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true, queued: true });
    const { received } = worker(name);
    await until(() => received.length === 1, "the worker to run the handler");
    expect(received[0]).toEqual({
      id: "from-the-edge",
      name: "issues",
      payload: { action: "opened", issue: { number: 3 } },
    });
  });

  it("verifies exactly as the direct middleware: a wrong signature is 400, reaches onError, and queues nothing", async () => {
    const name = queueName();
    const { server, queue, errors } = await receiver(name);
    const answer = await send(server.port, {
      id: "forged",
      name: "issues",
      body: issueBody(1),
      secret: "wrong",
    });
    expect(answer.status).toBe(400);
    expect(String(answer.body.error)).toMatch(/signature does not match/);
    expect(errors).toHaveLength(1);
    const notJson = await send(server.port, { id: "not-json", name: "issues", body: "[1]" });
    expect(notJson.status).toBe(400);
    expect(await queue.queue.getJob("forged")).toBeUndefined();
    expect(await queue.queue.getJob("not-json")).toBeUndefined();
  });

  it("queues a copy of an id once, from any receiver, even after its job completed and was removed", async () => {
    const name = queueName();
    // keepCompleted 0: the completed job is gone, the id is still remembered for the window.
    const first = await receiver(name, { keepCompleted: 0 });
    const second = await receiver(name, { keepCompleted: 0 });
    const { received } = worker(name);
    const delivery = { id: "copied", name: "issues", body: issueBody(2) };
    expect((await send(first.server.port, delivery)).status).toBe(202);
    await until(() => received.length === 1, "the first copy to run");
    await until(
      async () => (await first.queue.queue.getJob("copied")) === undefined,
      "the completed job to be removed",
    );
    expect((await send(second.server.port, delivery)).status).toBe(202);
    expect((await send(first.server.port, delivery)).status).toBe(202);
    // The copies queued nothing: the queue is empty and nothing else ran.
    expect(await counts(first.queue)).toMatchObject({ waiting: 0, active: 0, delayed: 0 });
    expect(received.map((event) => event.id)).toEqual(["copied"]);
  });

  it("gives delivery ids BullMQ would refuse as job ids a job id of their own", async () => {
    const name = queueName();
    const { server, queue } = await receiver(name);
    const { received } = worker(name);
    for (const id of ["42", "a:b", "%42"]) {
      expect((await send(server.port, { id, name: "push", body: "{}" })).status).toBe(202);
    }
    await until(() => received.length === 3, "three deliveries to run");
    expect(received.map((event) => event.id).sort()).toEqual(["%42", "42", "a:b"]);
    expect((await queue.queue.getJob("%42"))?.data.id).toBe("42");
    expect((await queue.queue.getJob("%%2542"))?.data.id).toBe("%42");
  });

  it("retries failing handlers with exponential backoff, calling onError on every failure", async () => {
    const name = queueName();
    const { server, queue } = await receiver(name, { attempts: 3, backoff: 50 });
    let calls = 0;
    const { received, errors, logged } = worker(name, () => {
      calls++;
      if (calls <= 2) throw new Error(`failure ${calls}`);
    });
    expect((await send(server.port, { id: "flaky", name: "push", body: "{}" })).status).toBe(202);
    await until(async () => (await counts(queue)).completed === 1, "the third attempt to succeed");
    expect(received).toHaveLength(3);
    expect(errors.map((error) => error.message)).toEqual(["failure 1", "failure 2"]);
    const job = await queue.queue.getJob("flaky");
    expect(job?.attemptsMade).toBe(3);
    expect(job?.opts.backoff).toEqual({ type: "exponential", delay: 50 });
    expect(logged.filter((entry) => entry.level === "warn")).toEqual([
      { level: "warn", message: expect.stringContaining("attempt 1 of 3, will retry: ") },
      { level: "warn", message: expect.stringContaining("attempt 2 of 3, will retry: ") },
    ]);
  });

  it("keeps a job that failed every attempt for inspection, and runs it again on retry", async () => {
    const name = queueName();
    const { server, queue } = await receiver(name, { attempts: 2, backoff: 10 });
    let failing = true;
    const { received, logged } = worker(name, () => {
      if (failing) throw new Error("the database is down");
    });
    expect((await send(server.port, { id: "doomed", name: "push", body: "{}" })).status).toBe(202);
    await until(async () => (await counts(queue)).failed === 1, "the job to fail for good");
    const [failed] = await queue.queue.getFailed();
    expect(failed?.id).toBe("doomed");
    expect(failed?.failedReason).toContain("the database is down");
    expect(failed?.attemptsMade).toBe(2);
    expect(logged).toContainEqual({
      level: "error",
      message: expect.stringContaining(
        "webhook push (doomed) failed on attempt 2 of 2, kept in the failed jobs",
      ),
    });
    failing = false;
    await failed?.retry();
    await until(async () => (await counts(queue)).completed === 1, "the retried job to complete");
    expect(received).toHaveLength(3);
  });

  it("answers a redelivery of a failed job 202 without queueing it again, until the job is removed", async () => {
    const name = queueName();
    const { server, queue } = await receiver(name, { attempts: 1 });
    const { received } = worker(name, () => {
      throw new Error("always");
    });
    const delivery = { id: "failed-once", name: "push", body: "{}" };
    expect((await send(server.port, delivery)).status).toBe(202);
    await until(async () => (await counts(queue)).failed === 1, "the job to fail");
    // The id is taken by the kept failed job: the copy is accepted and queues nothing.
    expect((await send(server.port, delivery)).status).toBe(202);
    expect(await counts(queue)).toMatchObject({ waiting: 0, active: 0, delayed: 0, failed: 1 });
    await (await queue.queue.getJob("failed-once"))?.remove();
    expect((await send(server.port, delivery)).status).toBe(202);
    await until(() => received.length === 2, "the redelivery to run once the job was removed");
  });

  it("fails a job that holds no delivery at once, without retries", async () => {
    const name = queueName();
    const { queue } = await receiver(name, { attempts: 5 });
    const { received, logged } = worker(name);
    await queue.queue.add("push", { id: "x", name: "push", text: "[not json" }, { jobId: "bad" });
    await until(async () => (await counts(queue)).failed === 1, "the bad job to fail");
    const job = await queue.queue.getJob("bad");
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toMatch(/job bad is not a webhook delivery: .*not valid JSON/);
    expect(received).toEqual([]);
    expect(logged.some((entry) => entry.level === "error")).toBe(true);
  });

  it("runs at most `concurrency` deliveries at once in one worker", async () => {
    const name = queueName();
    const { server, queue } = await receiver(name);
    const finishers: (() => void)[] = [];
    const { received } = worker(
      name,
      () => new Promise<void>((resolve) => finishers.push(resolve)),
      { concurrency: 3 },
    );
    for (const id of ["c-1", "c-2", "c-3", "c-4", "c-5"]) {
      expect((await send(server.port, { id, name: "push", body: "{}" })).status).toBe(202);
    }
    await until(() => received.length === 3, "three handlers to start");
    // Three run, held by their handlers; the other two wait in Redis for a free slot.
    expect(await counts(queue)).toMatchObject({ active: 3, waiting: 2 });
    for (const finish of finishers.splice(0)) finish();
    await until(() => received.length === 5, "the two others to start");
    for (const finish of finishers.splice(0)) finish();
    await until(async () => (await counts(queue)).completed === 5, "all five to complete");
  });

  it("answers 503 when Redis cannot be reached", async () => {
    const logged: Logged[] = [];
    const queue = createDeliveryQueue({
      // Nothing listens on port 1; the connection keeps retrying in the background.
      connection: { host: "127.0.0.1", port: 1 },
      name: queueName(),
      enqueueTimeout: 300,
      log: recordingLog(logged),
    });
    const server = await startReceiver(new Webhooks({ secret: SECRET }), {
      accept: toQueue(queue),
      log: recordingLog(logged),
    });
    started.push(queue, server);
    const answer = await send(server.port, { id: "lost?", name: "push", body: "{}" });
    expect(answer.status).toBe(503);
    expect(String(answer.body.error)).toMatch(/the delivery could not be queued \(Redis: /);
    expect(logged).toContainEqual({
      level: "error",
      message: expect.stringContaining(
        "[typewire] webhook push (lost?) failed: the delivery could not be queued",
      ),
    });
  });

  it("answers 503 after enqueueTimeout when Redis stops answering", async () => {
    const name = queueName();
    const { server, queue } = await receiver(name, { enqueueTimeout: 300 });
    expect((await send(server.port, { id: "before", name: "push", body: "{}" })).status).toBe(202);
    await redis.pause();
    try {
      const answer = await send(server.port, { id: "during", name: "push", body: "{}" });
      expect(answer.status).toBe(503);
      expect(String(answer.body.error)).toContain("no answer within 300 ms, the enqueueTimeout");
    } finally {
      await redis.resume();
    }
    // The late command ran once Redis woke: the delivery is queued, not half-written.
    await until(async () => (await queue.queue.getJob("during")) !== undefined, "the late add");
    expect((await send(server.port, { id: "after", name: "push", body: "{}" })).status).toBe(202);
  });
});

describe("graceful shutdown", () => {
  it("lets a running job finish and takes no new one", async () => {
    const name = queueName();
    const { server, queue } = await receiver(name);
    let finish!: () => void;
    const { delivery, received } = worker(
      name,
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    await send(server.port, { id: "running", name: "push", body: "{}" });
    await until(() => received.length === 1, "the job to start");
    let closed = false;
    const closing = delivery.close().then(() => {
      closed = true;
    });
    await send(server.port, { id: "later", name: "push", body: "{}" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    finish();
    await closing;
    expect((await queue.queue.getJob("running"))?.finishedOn).toBeTypeOf("number");
    expect(await (await queue.queue.getJob("later"))?.getState()).toBe("waiting");
    expect(received.map((event) => event.id)).toEqual(["running"]);
  });

  it("hands a job that outlasts the timeout back to the queue, where another worker takes it at once", async () => {
    const name = queueName();
    const { server, queue } = await receiver(name);
    // A lock far longer than the test: only the hand-back can free the job in time.
    const stuck = worker(name, () => new Promise(() => undefined), { lockDuration: 60_000 });
    await send(server.port, { id: "slow", name: "push", body: "{}" });
    await until(() => stuck.received.length === 1, "the job to start");
    await stuck.delivery.close({ timeout: 100 });
    expect(await (await queue.queue.getJob("slow"))?.getState()).toBe("waiting");
    const next = worker(name);
    await until(() => next.received.length === 1, "another worker to run the job");
    expect(next.received[0]?.id).toBe("slow");
  });
});

describe("options", () => {
  it.each([
    [{}, /options.connection is required/],
    [{ connection: {}, name: "a:b" }, /options.name must be a non-empty string without ":"/],
    [{ connection: {}, attempts: 0 }, /options.attempts must be a whole number >= 1, got 0/],
    [{ connection: {}, backoff: -1 }, /options.backoff must be a whole number >= 0/],
    [{ connection: {}, enqueueTimeout: 0 }, /options.enqueueTimeout must be a number/],
  ])("createDeliveryQueue(%j) throws a TypeError naming the option", (options, message) => {
    expect(() => createDeliveryQueue(options as never)).toThrow(message);
  });

  it.each([
    [{ connection: {}, concurrency: 0 }, /options.concurrency must be a whole number >= 1/],
    [{ connection: {}, lockDuration: 1.5 }, /options.lockDuration must be a whole number/],
  ])(
    "createDeliveryWorker(webhooks, %j) throws a TypeError naming the option",
    (options, message) => {
      expect(() =>
        createDeliveryWorker(new Webhooks({ secret: SECRET }), options as never),
      ).toThrow(message);
    },
  );

  it("close() checks its timeout", async () => {
    const { delivery } = worker(queueName());
    await expect(delivery.close({ timeout: -1 })).rejects.toThrow(
      /options.timeout must be a number of milliseconds >= 0, got -1/,
    );
  });

  it("needs a Webhooks instance", () => {
    expect(() => createDeliveryWorker({} as never, { connection: {} })).toThrow(
      /the first argument must be a Webhooks instance/,
    );
  });
});
