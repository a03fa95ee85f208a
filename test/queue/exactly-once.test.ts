import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inParallel, issueBody, keepAliveAgent, send } from "../helpers/receivers.js";
import { type RedisServer, startRedis } from "../helpers/redis-server.js";
import { until } from "../helpers/until.js";
import { type Cluster, startCluster } from "./cluster.js";

const DELIVERIES = 5_000;
// Every tenth delivery is also sent, as the platform's redelivery would be, to the other receiver.
const COPIED_EVERY = 10;

let redis: RedisServer;
let cluster: Cluster | undefined;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await cluster?.close();
  await redis?.stop();
});

/** A fixed-seed shuffle (mulberry32), so every run sends in the same order. */
function shuffle<T>(items: T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

describe("two receivers and two workers on one Redis", () => {
  // About 5 s alone and 9 s with both cores loaded; 60 s leaves a wide margin.
  it(
    `handle each of ${DELIVERIES} deliveries exactly once when 10% are sent twice to different receivers`,
    { timeout: 60_000 },
    async () => {
      cluster = await startCluster({ redis, name: "exactly-once", worker: { concurrency: 8 } });
      const ids = Array.from({ length: DELIVERIES }, () => randomUUID());
      const sends = ids.flatMap((id, n) => {
        const first = { id, n, receiver: n % 2 };
        return n % COPIED_EVERY === 0 ? [first, { id, n, receiver: 1 - (n % 2) }] : [first];
      });
      // Copies land anywhere: often while their first copy is still queued or running.
      shuffle(sends, 21);
      const agent = keepAliveAgent(16);
      const ports = cluster.receivers.map((receiver) => receiver.port);
      const answers = await inParallel(sends, 32, ({ id, n, receiver }) =>
        send(ports[receiver]!, { id, name: "issues", body: issueBody(n) }, agent),
      );
      agent.destroy();
      expect(sends).toHaveLength(DELIVERIES + DELIVERIES / COPIED_EVERY);
      expect(answers.filter((answer) => answer.status === 202)).toHaveLength(sends.length);

      const { tally } = cluster;
      await until(
        async () => tally.handled.size === DELIVERIES && (await cluster!.pending()) === 0,
        "every delivery to be handled and the queue to drain",
        40_000,
      );
      const runs = [...tally.handled.values()];
      expect(runs.reduce((sum, count) => sum + count, 0)).toBe(DELIVERIES);
      expect(runs.every((count) => count === 1)).toBe(true);
      expect(new Set(tally.handled.keys())).toEqual(new Set(ids));
      // Both workers took part.
      expect(tally.perWorker.every((count) => count > 0)).toBe(true);
      expect(tally.perWorker[0] + tally.perWorker[1]).toBe(DELIVERIES);
      const counts = await cluster.queues[0].queue.getJobCounts("failed");
      expect(counts.failed).toBe(0);
      process.stdout.write(
        `exactly-once: ${sends.length} sends (${DELIVERIES / COPIED_EVERY} copies), ${answers.length} answered 202, ${DELIVERIES} handled once each (worker 1: ${tally.perWorker[0]}, worker 2: ${tally.perWorker[1]})\n`,
      );
    },
  );
});
