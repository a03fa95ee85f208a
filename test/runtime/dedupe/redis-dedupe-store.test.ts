import { Redis } from "ioredis";
import {
  DEFAULT_REDIS_DEDUPE_PREFIX,
  Webhooks,
  createRedisDedupeStore,
  withDedupe,
} from "@typewire/runtime/webhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedis } from "../../helpers/redis-server.js";
import { until } from "../../helpers/until.js";
import { type Receiver, SECRET, issueBody, send, startReceiver } from "../../helpers/receivers.js";

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

const opened: { quit(): Promise<unknown> }[] = [];
const servers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(opened.splice(0).map((client) => client.quit()));
});

/** A client of its own, as each receiver process would have. */
function client(): Redis {
  const redisClient = new Redis({ ...redis.connection, maxRetriesPerRequest: 1 });
  opened.push(redisClient);
  return redisClient;
}

let prefixes = 0;
const prefix = () => `test-${++prefixes}:`;

describe("createRedisDedupeStore", () => {
  it("lets exactly one of several stores claim each id, however the claims interleave", async () => {
    const shared = prefix();
    const stores = [0, 1, 2].map(() => createRedisDedupeStore({ redis: client(), prefix: shared }));
    const ids = Array.from({ length: 200 }, (_, i) => `id-${i}`);
    const claims = await Promise.all(
      ids.flatMap((id) => stores.map((store) => Promise.resolve(store.claim(id)))),
    );
    const winners = ids.map((_, i) => claims.slice(i * 3, i * 3 + 3).filter(Boolean).length);
    expect(winners).toEqual(ids.map(() => 1));
  });

  it("releases only its own claims", async () => {
    const shared = prefix();
    const [first, second] = [client(), client()].map((redisClient) =>
      createRedisDedupeStore({ redis: redisClient, prefix: shared }),
    );
    expect(await first!.claim("x")).toBe(true);
    await second!.release("x");
    expect(await second!.claim("x")).toBe(false);
    await first!.release("x");
    expect(await second!.claim("x")).toBe(true);
  });

  it("stores one key per claim that expires with the window", async () => {
    const redisClient = client();
    const store = createRedisDedupeStore({ redis: redisClient, window: 150 });
    expect(await store.claim("short")).toBe(true);
    const ttl = await redisClient.pttl(`${DEFAULT_REDIS_DEDUPE_PREFIX}short`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(150);
    await until(
      async () => (await redisClient.exists(`${DEFAULT_REDIS_DEDUPE_PREFIX}short`)) === 0,
      "the key to expire",
    );
    expect(await store.claim("short")).toBe(true);
  });

  it("rejects a claim Redis does not answer in time, and takes it back once Redis runs it", async () => {
    const redisClient = client();
    const store = createRedisDedupeStore({ redis: redisClient, prefix: prefix(), timeout: 200 });
    await redisClient.ping();
    await redis.pause();
    try {
      await expect(Promise.resolve(store.claim("late"))).rejects.toThrow(
        "Redis did not answer the dedupe claim within 200 ms",
      );
    } finally {
      await redis.resume();
    }
    // The SET ran after the timeout, then the release removed it: the id is free.
    expect(await store.claim("late")).toBe(true);
  });

  it("dedupes across receivers: a copy sent to another receiver is answered 208", async () => {
    const shared = prefix();
    const ran: string[] = [];
    for (let i = 0; i < 2; i++) {
      const webhooks = new Webhooks({ secret: SECRET });
      webhooks.onAny(({ id }) => {
        ran.push(id);
      });
      const dedupe = createRedisDedupeStore({ redis: client(), prefix: shared });
      servers.push(await startReceiver(webhooks, { accept: withDedupe(dedupe) }));
    }
    const delivery = { id: "both", name: "issues", body: issueBody(1) };
    const answers = await Promise.all(servers.map((server) => send(server.port, delivery)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 208]);
    expect(answers.find((answer) => answer.status === 208)?.body).toEqual({
      ok: true,
      duplicate: "this delivery id was already accepted; its handlers did not run again",
    });
    expect(ran).toEqual(["both"]);
  });

  it.each([
    [{}, /options.redis must be a Redis client with set\(\) and eval\(\)/],
    [{ redis: { set() {}, eval() {} }, window: 0 }, /options.window must be a whole number/],
    [{ redis: { set() {}, eval() {} }, timeout: -1 }, /options.timeout must be a number/],
  ])("throws a TypeError for %j", (options, message) => {
    expect(() => createRedisDedupeStore(options as never)).toThrow(message);
  });
});
