// Benchmark: the content API emulator with the result cache on and off, side by side.
// Each server runs as `typewire serve` in its own process; autocannon drives it from this one
// with 32 concurrent connections. Usage: npm run bench:emulator [-- --seconds N]
// The last line is the verdict, MET or NOT MET; the exit code is 1 unless the cached rate is at
// least 5x the uncached one and every request succeeded.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "5" } } });
const SECONDS = Math.max(1, Math.min(60, Number(values.seconds)));
const CONNECTIONS = 32;
const TARGET_RATIO = 5;
const bin = fileURLToPath(new URL("../../bin/typewire.js", import.meta.url));

// A typical front-end query: a listing with relations, a formatted date and an image transform.
const QUERY = `query News($limit: Int) {
  entries(section: "news", limit: $limit) {
    id title slug url
    postDate @formatDateTime(format: "j M Y")
    ... on news_article_Entry {
      summary
      heroImage { url @transform(width: 600, height: 400) }
      topics { title slug }
    }
  }
}`;

interface Result {
  mode: string;
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function startServer(
  dir: string,
  caching: boolean,
): Promise<{ child: ChildProcess; url: string }> {
  const config = join(dir, `serve-${caching ? "cached" : "uncached"}.json`);
  await writeFile(config, JSON.stringify({ enableGraphQlCaching: caching }));
  const child = spawn(process.execPath, [bin, "serve", "--port", "0", "--config", config], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error("the server did not start within 20 s")),
      20_000,
    );
    let started = false;
    // The server runs as a user runs it, request log on: its lines are read (so the pipe never
    // fills) and dropped once the address is known.
    child.stdout!.on("data", (chunk: Buffer) => {
      if (started) return;
      output += chunk.toString();
      const found = /content API at (\S+)/.exec(output)?.[1];
      if (found) {
        started = true;
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once("exit", (code) => reject(new Error(`the server exited with code ${code}`)));
  });
  return { child, url };
}

async function measure(mode: string, caching: boolean, dir: string): Promise<Result> {
  const { child, url } = await startServer(dir, caching);
  try {
    const request = {
      url,
      method: "POST" as const,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: QUERY, variables: { limit: 6 } }),
      connections: CONNECTIONS,
    };
    await autocannon({ ...request, duration: 1 }); // warm-up: JIT, schema build, first cache fill
    const result = await autocannon({ ...request, duration: SECONDS });
    return {
      mode,
      requestsPerSecond: result.requests.average,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  } finally {
    child.kill("SIGTERM");
  }
}

const dir = await mkdtemp(join(tmpdir(), "typewire-bench-emulator-"));
try {
  const cached = await measure("cache on", true, dir);
  const uncached = await measure("cache off", false, dir);
  console.log(
    `content API emulator, ${CONNECTIONS} connections, ${SECONDS} s each, typical listing query\n`,
  );
  console.log("mode        requests/s    p99 latency   non-2xx  errors");
  for (const r of [cached, uncached]) {
    console.log(
      `${r.mode.padEnd(10)}  ${r.requestsPerSecond.toFixed(0).padStart(10)}  ${`${r.p99} ms`.padStart(12)}  ${String(r.non2xx).padStart(7)}  ${String(r.errors).padStart(6)}`,
    );
  }
  const ratio = cached.requestsPerSecond / uncached.requestsPerSecond;
  const failed = cached.non2xx + cached.errors + uncached.non2xx + uncached.errors;
  const shown = Number.isFinite(ratio) ? `${ratio.toFixed(1)}x` : "not measurable";
  console.log(`\ncache on / cache off: ${shown} requests/s (target: at least ${TARGET_RATIO}x)`);
  const reasons = [
    ...(Number.isFinite(ratio) && ratio >= TARGET_RATIO
      ? []
      : [`ratio ${shown} < ${TARGET_RATIO}x`]),
    ...(failed > 0
      ? [`${failed} requests failed or answered non-2xx, so the figures are not valid`]
      : []),
  ];
  console.log(reasons.length === 0 ? "verdict: MET" : `verdict: NOT MET (${reasons.join("; ")})`);
  if (reasons.length > 0) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
