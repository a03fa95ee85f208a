import {
  type DeliveryQueueOptions,
  type DeliveryWorkerOptions,
  type RedisDeliveryQueue,
  createDeliveryQueue,
  createDeliveryWorker,
  toQueue,
} from "@typewire/runtime/queue";
import { type EmitterWebhookEvent, Webhooks } from "@typewire/runtime/webhooks";
import { type Receiver, SECRET, startReceiver } from "../helpers/receivers.js";
import type { RedisServer } from "../helpers/redis-server.js";

/** Discards what the runtime logs; the tests count outcomes, not log lines. */
export const quiet = { warn: () => undefined, error: () => undefined };

/** What the two workers' handlers saw, counted. */
export interface Tally {
  /** Handler runs that finished, per delivery id, over both workers. */
  handled: Map<string, number>;
  /** Finished runs per worker. */
  perWorker: [number, number];
  /** `onError` calls, over both workers. */
  errors: Error[];
}

/** Two receivers (HTTP servers with the middleware in durable mode) and two workers on one Redis. */
export interface Cluster {
  receivers: [Receiver, Receiver];
  queues: [RedisDeliveryQueue, RedisDeliveryQueue];
  tally: Tally;
  /** Jobs not finished yet: waiting, active or delayed for a retry. */
  pending(): Promise<number>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  redis: RedisServer;
  name: string;
  /** Runs in each worker's handler before the run counts as handled; may throw or wait. */
  handler?: (event: EmitterWebhookEvent) => unknown;
  queue?: Partial<DeliveryQueueOptions>;
  worker?: Partial<DeliveryWorkerOptions>;
  /** Start the workers (default true); a test may start its own instead. */
  workers?: boolean;
}

/**
 * Starts two receivers and (unless `workers: false`) two workers on `redis`, every part with
 * its own connections, as separate processes would have them.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { redis, name } = options;
  const tally: Tally = { handled: new Map(), perWorker: [0, 0], errors: [] };
  const queues = [0, 1].map(() =>
    createDeliveryQueue({ connection: redis.connection, name, log: quiet, ...options.queue }),
  ) as [RedisDeliveryQueue, RedisDeliveryQueue];
  const receivers = (await Promise.all(
    queues.map((queue) =>
      startReceiver(new Webhooks({ secret: SECRET }), { accept: toQueue(queue), log: quiet }),
    ),
  )) as [Receiver, Receiver];
  const workers =
    (options.workers ?? true)
      ? ([0, 1] as const).map((index) => {
          const webhooks = new Webhooks({ secret: SECRET });
          webhooks.onAny(async (event) => {
            await options.handler?.(event);
            tally.handled.set(event.id, (tally.handled.get(event.id) ?? 0) + 1);
            tally.perWorker[index]++;
          });
          webhooks.onError((error) => {
            tally.errors.push(error);
          });
          return createDeliveryWorker(webhooks, {
            connection: redis.connection,
            name,
            log: quiet,
            ...options.worker,
          });
        })
      : [];
  return {
    receivers,
    queues,
    tally,
    async pending() {
      const counts = await queues[0].queue.getJobCounts("waiting", "active", "delayed");
      return (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0);
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all(receivers.map((receiver) => receiver.close()));
      await Promise.all(queues.map((queue) => queue.close()));
    },
  };
}
