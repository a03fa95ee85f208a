// Memory of a node receiver under hostile bodies (issue 33, item 5): 64 connections each send a
// chunked body of 26 MiB (past the 25 MiB maxBodySize) as fast as the receiver reads it. The
// same receiver runs in a new process each, with the default maxBodyBytesInFlight (100 MB) and
// without a budget, taking turns over BENCH_RUNS rounds; each process is attacked twice, and
// prints its memory at rest, its peak during each attack and its memory after a full collection.
// Target for the bounded receiver: a peak within twice the budget above rest, a second attack
// that peaks no higher than the first (plus 32 MB: the memory is reused), and its JavaScript
// memory (heap in use and array buffers) back at rest afterwards. Resident memory the allocator
// keeps for reuse is printed, not returned to the system. Run with `npm run bench:bodies`.
import { fork } from "node:child_process";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { DEFAULT_MAX_BODY_BYTES_IN_FLIGHT } from "../../runtime/src/middleware/middleware-options.js";
import { load } from "../cli/measure.js";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const BODY = 26 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");
const MB = 1024 * 1024;
const runs = Number(process.env.BENCH_RUNS ?? 1);

/** Sends one chunked body until it is all sent or the receiver answers; resolves its status. */
function attack(port: number): Promise<number> {
  return new Promise((resolve) => {
    let status = 0;
    let sent = 0;
    const req = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/platform/webhooks",
      headers: {
        "content-type": "application/json",
        "x-platform-event": "ping",
        "x-platform-delivery": "hostile",
        "x-hub-signature-256": `sha256=${"0".repeat(64)}`,
      },
    });
    req.on("response", (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on("end", () => resolve(status));
    });
    req.on("error", () => resolve(status));
    const write = () => {
      while (sent < BODY && status === 0) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", write);
      }
      if (status === 0) req.end();
    };
    write();
  });
}

interface Attack {
  peak: number;
  after: number;
  js: number;
  counts: Map<number, number>;
}

/** One receiver process attacked twice: the second attack shows whether memory is reused. */
async function run(kind: "bounded" | "unbounded") {
  const child = fork(fileURLToPath(new URL("hostile-bodies-server.ts", import.meta.url)), [kind], {
    execArgv: ["--expose-gc", "--import", "tsx", "--conditions=typewire-source"],
  });
  const next = () =>
    new Promise<Record<string, number>>((resolve) => child.once("message", resolve));
  const { port, rss, js } = (await next()) as { port: number; rss: number; js: number };
  const attacks: Attack[] = [];
  for (let i = 0; i < 2; i++) {
    const statuses = await Promise.all(Array.from({ length: CONNECTIONS }, () => attack(port!)));
    child.send("report");
    const { peak, after, js } = (await next()) as { peak: number; after: number; js: number };
    const counts = new Map<number, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    attacks.push({ peak: peak!, after: after!, js: js!, counts });
  }
  child.disconnect();
  child.kill();
  return { rss: rss!, js: js!, attacks };
}

const samples = {
  bounded: [] as Awaited<ReturnType<typeof run>>[],
  unbounded: [] as Awaited<ReturnType<typeof run>>[],
};
const loadBefore = load();
for (let round = 0; round < runs; round++) {
  const order =
    round % 2 ? (["unbounded", "bounded"] as const) : (["bounded", "unbounded"] as const);
  for (const kind of order) samples[kind].push(await run(kind));
}
console.log(
  `${CONNECTIONS} connections x 26 MiB chunked bodies, ${runs} round(s), budget ${DEFAULT_MAX_BODY_BYTES_IN_FLIGHT / MB} MiB (load ${loadBefore} -> ${load()})`,
);
let met = true;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
for (const kind of ["bounded", "unbounded"] as const) {
  for (const { rss, js, attacks } of samples[kind]) {
    console.log(`  ${kind}: at rest ${mb(rss)} resident, ${mb(js)} JavaScript`);
    attacks.forEach(({ peak, after, js: jsAfter, counts }, i) => {
      const answers = [...counts].map(([status, n]) => `${n}x ${status || "closed"}`).join(", ");
      console.log(
        `    attack ${i + 1}: peak ${mb(peak)} (+${mb(peak - rss)}), after gc ${mb(after)} resident, ${mb(jsAfter)} JavaScript; answers: ${answers}`,
      );
    });
    if (kind === "bounded") {
      const [first, second] = attacks as [Attack, Attack];
      met &&=
        first.peak - rss <= 2 * DEFAULT_MAX_BODY_BYTES_IN_FLIGHT &&
        second.peak - first.peak <= 32 * MB &&
        second.js - js <= 16 * MB;
    }
  }
}
console.log(
  `verdict: ${met ? "MET" : "NOT MET"} (bounded: peak within twice the budget above rest, a second attack no higher than the first + 32 MB, JavaScript memory back within 16 MB of rest)`,
);
