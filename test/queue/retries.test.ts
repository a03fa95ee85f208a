import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inParallel, issueBody, keepAliveAgent, send } from "../helpers/receivers.js";
import { type RedisServer, startRedis } from "../helpers/redis-server.js";
import { until } from "../helpers/until.js";
import { type Cluster, startCluster } from "./cluster.js";

let redis: RedisServer;
let cluster: Cluster | undefined;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await cluster?.close();
  await redis?.stop();
});

describe("a handler that fails twice, then succeeds", () => {
  it("is handled after the retries, with onError called twice", async () => {
    let flakyRuns = 0;
    cluster = await startCluster({
      redis,
      name: "retries",
      queue: { attempts: 3, backoff: 100 },
      worker: { concurrency: 4 },
      handler: ({ id }) => {
        if (id !== "flaky") return;
        flakyRuns++;
        if (flakyRuns <= 2) throw new Error(`flaky failure ${flakyRuns}`);
      },
    });
    // The flaky delivery travels with 50 others, through both receivers.
    const ids = ["flaky", ...Array.from({ length: 50 }, (_, n) => `steady-${n}`)];
    const agent = keepAliveAgent(4);
    const answers = await inParallel(ids, 8, (id, n) =>
      send(cluster!.receivers[n % 2]!.port, { id, name: "issues", body: issueBody(n) }, agent),
    );
    agent.destroy();
    expect(answers.every((answer) => answer.status === 202)).toBe(true);

    const { tally } = cluster;
    await until(
      async () => tally.handled.size === ids.length && (await cluster!.pending()) === 0,
      "every delivery to be handled",
    );
    expect(flakyRuns).toBe(3);
    expect([...tally.handled.values()].every((count) => count === 1)).toBe(true);
    expect(tally.errors.map((error) => error.message)).toEqual([
      "flaky failure 1",
      "flaky failure 2",
    ]);
    expect(
      tally.errors.map((error) => (error as Error & { event: { id: string } }).event.id),
    ).toEqual(["flaky", "flaky"]);
    const job = await cluster.queues[0].queue.getJob("flaky");
    expect(job?.attemptsMade).toBe(3);
    expect(await job?.getState()).toBe("completed");
    process.stdout.write(
      `retries: ${ids.length} accepted, ${tally.handled.size} handled once each; the flaky one ran ${flakyRuns} times (${job?.attemptsMade} attempts), onError called ${tally.errors.length} times\n`,
    );
  });
});
