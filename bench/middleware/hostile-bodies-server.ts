// One receiver for `bench/middleware/hostile-bodies.ts`: the node middleware with the default
// body budget, or with none (`unbounded`: the budget set past any size, as before it existed).
// It samples its resident memory every 20 ms and answers each "report" message of the parent
// with its peak so far, and its resident and JavaScript memory (heap in use plus array buffers)
// after a full garbage collection. Run with --expose-gc.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";

const unbounded = process.argv[2] === "unbounded";
const middleware = createNodeMiddleware(new Webhooks({ secret: "bench" }), {
  log: { warn: () => undefined },
  ...(unbounded ? { maxBodyBytesInFlight: Number.MAX_SAFE_INTEGER } : {}),
});
const server = createServer((req, res) => void middleware(req, res));
let peak = 0;
const sample = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20);
server.listen(0, "127.0.0.1", () => {
  const usage = process.memoryUsage();
  process.send!({
    port: (server.address() as AddressInfo).port,
    rss: usage.rss,
    js: usage.heapUsed + usage.arrayBuffers,
  });
});
process.on("message", (message) => {
  if (message !== "report") return;
  peak = Math.max(peak, process.memoryUsage.rss());
  // Twice: the first run frees the buffers, the second what their finalizers released.
  globalThis.gc!();
  globalThis.gc!();
  setTimeout(() => {
    globalThis.gc!();
    const usage = process.memoryUsage();
    process.send!({ peak, after: usage.rss, js: usage.heapUsed + usage.arrayBuffers });
  }, 200);
});
process.on("disconnect", () => {
  clearInterval(sample);
  server.closeAllConnections();
  server.close();
});
