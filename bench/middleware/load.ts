import autocannon from "autocannon";

// The load generator, in its own process so it never shares a core's time slices with the
// server it measures. Receives one job per message and answers with autocannon's figures.
interface Job {
  port: number;
  connections: number;
  seconds: number;
  /** Requests per second over all connections; 0 for as many as the receiver answers. */
  rate: number;
  path: string;
  body: string;
  headers: Record<string, string>;
}

process.on("message", async (job: Job | "exit") => {
  if (job === "exit") process.exit(0);
  const result = await autocannon({
    url: `http://127.0.0.1:${job.port}${job.path}`,
    method: "POST",
    connections: job.connections,
    pipelining: 1,
    duration: job.seconds,
    body: job.body,
    headers: job.headers,
    ...(job.rate > 0 ? { overallRate: job.rate } : {}),
  });
  process.send!({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  });
});
process.send!("ready");
