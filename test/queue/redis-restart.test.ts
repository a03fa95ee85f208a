import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, inParallel, issueBody, keepAliveAgent, send } from "../helpers/receivers.js";
import { type RedisServer, startRedis } from "../helpers/redis-server.js";
import { until } from "../helpers/until.js";
import { type Cluster, startCluster } from "./cluster.js";

let redis: RedisServer;
let cluster: Cluster | undefined;
beforeAll(async () => {
  // Append-only, each write on disk before Redis answers it: a SIGKILL loses nothing acknowledged.
  redis = await startRedis({ appendOnly: "always" });
});
afterAll(async () => {
  await cluster?.close();
  await redis?.stop();
});

const CONCURRENCY = 4;

interface Sent {
  id: string;
  answer: Answer;
}

describe("Redis killed and restarted in the middle of a run", () => {
  it(
    "loses no accepted delivery, and receivers answer 503 while it is down",
    { timeout: 60_000 },
    async () => {
      cluster = await startCluster({
        redis,
        name: "redis-restart",
        // A delivery whose command was in flight at the kill waits this long for its 503.
        queue: { enqueueTimeout: 1000 },
        // Jobs a worker had taken when Redis died, whose reply never reached it, stay active
        // in Redis until their lock expires and a stalled check hands them back: shorter than
        // the defaults (30 s each), so that happens within the test.
        worker: { concurrency: CONCURRENCY, lockDuration: 2_000, stalledInterval: 500 },
      });
      const ports = cluster.receivers.map((receiver) => receiver.port);
      const agent = keepAliveAgent(8);
      let n = 0;
      const sendOne = async (phase: string): Promise<Sent> => {
        const id = `${phase}-${n++}`;
        return {
          id,
          answer: await send(ports[n % 2]!, { id, name: "issues", body: issueBody(n) }, agent),
        };
      };

      // 1. Deliveries flowing; Redis is killed once 150 of 300 are answered, others in flight.
      let answered = 0;
      let killing: Promise<void> | undefined;
      const during = await inParallel(Array.from({ length: 300 }), 16, async () => {
        const sent = await sendOne("during");
        if (++answered === 150) killing = redis.kill();
        return sent;
      });
      await killing;

      // 2. Redis is down: every delivery is refused with 503, none is taken in.
      const down = await inParallel(Array.from({ length: 40 }), 8, () => sendOne("down"));

      // 3. Redis comes back with its append-only file; receivers reconnect on their own.
      await redis.restart();
      const recovering: Sent[] = [];
      await until(
        async () => {
          const both = await Promise.all([sendOne("recovering"), sendOne("recovering")]);
          recovering.push(...both);
          return both.every((sent) => sent.answer.status === 202);
        },
        "both receivers to accept deliveries again",
        20_000,
      );
      const after = await inParallel(Array.from({ length: 200 }), 16, () => sendOne("after"));
      agent.destroy();

      const all = [...during, ...down, ...recovering, ...after];
      const accepted = all.filter((sent) => sent.answer.status === 202);
      const refused = all.filter((sent) => sent.answer.status === 503);
      expect(accepted.length + refused.length).toBe(all.length);
      expect(down.map((sent) => sent.answer.status)).toEqual(down.map(() => 503));
      expect(String(down[0]!.answer.body.error)).toMatch(/the delivery could not be queued/);
      expect(after.every((sent) => sent.answer.status === 202)).toBe(true);

      const { handled } = cluster.tally;
      try {
        await until(
          async () =>
            accepted.every((sent) => handled.has(sent.id)) && (await cluster!.pending()) === 0,
          "every accepted delivery to be handled",
          30_000,
        );
      } catch (error) {
        const missing = accepted.filter((sent) => !handled.has(sent.id));
        const states = await Promise.all(
          missing.slice(0, 10).map(async (sent) => {
            const job = await cluster!.queues[0].queue.getJob(sent.id);
            return `${sent.id}: ${job ? await job.getState() : "no job"}`;
          }),
        );
        throw new Error(
          `${(error as Error).message}: ${missing.length} accepted not handled (${states.join(", ")}); pending ${await cluster!.pending()}`,
        );
      }
      // Every accepted delivery ran; a delivery refused while Redis was down never ran. (One
      // in flight at the kill may have been stored although its answer was 503: it then runs,
      // which the platform would show as a failure it can redeliver.) A job whose handlers
      // finished while Redis was down, but whose completion could not be written before its
      // lock expired, runs a second time: at most one per slot running at the kill.
      expect(accepted.filter((sent) => !handled.has(sent.id))).toEqual([]);
      expect(down.filter((sent) => handled.has(sent.id))).toEqual([]);
      const ranTwice = [...handled.values()].filter((count) => count > 1);
      expect(ranTwice.every((count) => count === 2)).toBe(true);
      expect(ranTwice.length).toBeLessThanOrEqual(2 * CONCURRENCY);
      const refusedButRan = refused.filter((sent) => handled.has(sent.id)).length;
      const count = (phase: Sent[], status: number) =>
        phase.filter((sent) => sent.answer.status === status).length;
      process.stdout.write(
        `redis-restart: ${all.length} sent, ${accepted.length} accepted (202), all ${accepted.length} handled, none lost; ${ranTwice.length} ids ran twice (finished while Redis was down); ` +
          `while running ${count(during, 202)} x 202 / ${count(during, 503)} x 503, while down ${count(down, 503)} of ${down.length} x 503, ` +
          `reconnecting ${count(recovering, 202)} x 202 / ${count(recovering, 503)} x 503, after ${count(after, 202)} of ${after.length} x 202; ` +
          `${refusedButRan} answered 503 at the kill were stored anyway and ran\n`,
      );
    },
  );
});
