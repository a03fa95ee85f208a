import { randomUUID } from "node:crypto";
import autocannon from "autocannon";

// The load generator, in its own process. Like the middleware benchmark's, except that every
// request carries a delivery id of its own: in durable mode a repeated id is a no-op, which
// would measure nothing.
interface Job {
  port: number;
  connections: number;
  /** Seconds to run, or 0 to send exactly `amount` requests. */
  seconds: number;
  amount: number;
  path: string;
  body: string;
  headers: Record<string, string>;
}

process.on("message", async (job: Job | "exit") => {
  if (job === "exit") process.exit(0);
  const prefix = randomUUID();
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${job.port}${job.path}`,
    method: "POST",
    connections: job.connections,
    pipelining: 1,
    ...(job.seconds > 0 ? { duration: job.seconds } : { amount: job.amount }),
    requests: [
      {
        method: "POST",
        path: job.path,
        body: job.body,
        setupRequest: (request) => ({
          ...request,
          headers: { ...job.headers, "x-platform-delivery": `${prefix}-${next++}` },
        }),
      },
    ],
  });
  process.send!({
    requests: result.requests.total,
    rps: result.requests.average,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  });
});
process.send!("ready");
