import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createDeliveryWorker } from "@typewire/runtime/queue";
import { Webhooks } from "@typewire/runtime/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET, inParallel, issueBody, keepAliveAgent, send } from "../helpers/receivers.js";
import { type RedisServer, startRedis } from "../helpers/redis-server.js";
import { until } from "../helpers/until.js";
import { type Cluster, quiet, startCluster } from "./cluster.js";

const DELIVERIES = 40;
const NAME = "worker-killed";

let redis: RedisServer;
let cluster: Cluster | undefined;
let child: ChildProcess | undefined;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  child?.kill("SIGKILL");
  for (const close of closers) await close();
  await cluster?.close();
  await redis?.stop();
});

describe("a worker killed with SIGKILL while its handlers run", () => {
  it("leaves its jobs to the other worker, which runs them again: nothing is lost", async () => {
    cluster = await startCluster({ redis, name: NAME, workers: false });
    // Worker 1, in its own process: reports each handler start and finishes only when told.
    const started: string[] = [];
    const finished: string[] = [];
    child = fork(
      fileURLToPath(new URL("./worker-process.ts", import.meta.url)),
      [String(redis.port), NAME],
      {
        execArgv: ["--conditions=typewire-source", "--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      },
    );
    child.on("message", (message: { started?: string; finished?: string }) => {
      if (message.started) started.push(message.started);
      if (message.finished) finished.push(message.finished);
    });
    await new Promise<void>((resolve, reject) => {
      child!.once("message", () => resolve());
      child!.once("exit", (code) => reject(new Error(`the worker process exited with ${code}`)));
    });

    const ids = Array.from({ length: DELIVERIES }, (_, n) => `killed-${n}`);
    const agent = keepAliveAgent(4);
    const answers = await inParallel(ids, 8, (id, n) =>
      send(cluster!.receivers[n % 2]!.port, { id, name: "issues", body: issueBody(n) }, agent),
    );
    agent.destroy();
    expect(answers.every((answer) => answer.status === 202)).toBe(true);

    // Let worker 1 finish its first two jobs for good, then wait until it runs four others.
    await until(() => started.length >= 4, "worker 1 to start four jobs");
    const done = started.slice(0, 2);
    for (const id of done) child.send({ finish: id });
    const queue = cluster.queues[0].queue;
    await until(
      async () =>
        (await Promise.all(done.map((id) => queue.getJob(id)))).every((job) => job?.finishedOn),
      "worker 1's two jobs to complete",
    );
    await until(() => started.length >= 6, "worker 1 to take two more jobs");
    const interrupted = started.filter((id) => !done.includes(id));
    expect(interrupted).toHaveLength(4);

    // Worker 2, in this process, with the same short checks for jobs whose worker died.
    const handled: string[] = [];
    const webhooks = new Webhooks({ secret: SECRET });
    webhooks.onAny(({ id }) => {
      handled.push(id);
    });
    const survivor = createDeliveryWorker(webhooks, {
      connection: redis.connection,
      name: NAME,
      concurrency: 4,
      stalledInterval: 250,
      log: quiet,
    });
    closers.push(() => survivor.close());

    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;

    await until(
      async () => handled.length >= DELIVERIES - done.length && (await cluster!.pending()) === 0,
      "worker 2 to run every job worker 1 did not finish",
      20_000,
    );
    // Worker 1 finished exactly the two jobs it was told to; worker 2 ran every other job,
    // the four that died with worker 1 among them, each once.
    expect(finished.sort()).toEqual([...done].sort());
    expect(handled.sort()).toEqual(ids.filter((id) => !done.includes(id)).sort());
    expect(handled).toEqual(expect.arrayContaining(interrupted));
    const counts = await queue.getJobCounts("completed", "failed");
    expect(counts).toEqual({ completed: DELIVERIES, failed: 0 });
    process.stdout.write(
      `worker-killed: ${DELIVERIES} accepted; worker 1 finished ${done.length}, was killed running ${interrupted.length}; worker 2 ran ${handled.length} (the ${interrupted.length} among them); ${counts.completed} completed, ${counts.failed} failed\n`,
    );
  });
});
