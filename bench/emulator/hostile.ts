// Benchmark: the content API emulator under the hostile requests of issue 18, each against a
// fresh `typewire serve` process with its defaults, side by side with the same process at rest.
// While an attack runs, a pinger sends {ping} one after another and the process's resident
// memory is sampled. Usage: npm run bench:hostile [-- --only NAME]
// Prints, per attack: its answer, how long it took, the {ping} latencies during it (and the
// ratio of the slowest to the median at rest), the peak memory (and its ratio to the memory at
// rest), and whether the process survived. The last line is the verdict, MET or NOT MET; the
// exit code is 1 unless every ping was answered within 1 s, every attack got an answer that is
// not a 5xx, and the process lived through every attack.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { only: { type: "string" } } });
const bin = fileURLToPath(new URL("../../bin/typewire.js", import.meta.url));
const PING_TARGET_MS = 1000;

interface Answer {
  status: number;
  text: string;
}

interface Attack {
  name: string;
  /** Measured and shown, but its {ping} latency is not part of the verdict. */
  informational?: boolean;
  /** Runs the attack against `url`; resolves with the answer of its last (or only) request. */
  run: (url: string) => Promise<Answer>;
}

async function post(url: string, body: string): Promise<Answer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: response.status, text: await response.text() };
}

const json = (query: string, variables?: Record<string, unknown>) =>
  JSON.stringify({ query, variables });

const assetUrls = (count: number) =>
  `query($f: String) { ${Array.from({ length: count }, (_, i) => `a${i}: assets { url(format: $f) }`).join(" ")} }`;

const killer = `{ categories { ${"children { parent { ".repeat(22)}id${" } }".repeat(22)} } }`;

const attacks: Attack[] = [
  {
    name: "800 aliases, 900 KB transform format (922 KB request)",
    run: (url) => post(url, json(assetUrls(800), { f: "x".repeat(900_000) })),
  },
  {
    name: "40 distinct requests answered with 4.8 MB each (result cache)",
    run: async (url) => {
      let last: Answer = { status: 0, text: "" };
      for (let n = 0; n < 40; n++) {
        last = await post(url, json(assetUrls(8), { f: `${n}${"x".repeat(100_000)}` }));
      }
      return last;
    },
  },
  {
    name: 'title: "**********Q" (wildcard backtracking)',
    run: (url) => post(url, json('{ entries(title: "**********Q") { id } }')),
  },
  {
    name: "categories { children { parent ... } } 22 levels (419 bytes)",
    run: (url) => post(url, json(killer)),
  },
  {
    name: "the 22-level query, 4 at once",
    run: async (url) => (await Promise.all([1, 2, 3, 4].map(() => post(url, json(killer)))))[3]!,
  },
  {
    // Many heavy requests at once is load, not one request however built: each still gets its
    // turn, but the server reads new connections only between turns, so a {ping} arriving
    // behind 32 of them waits for their turns too.
    name: "the 22-level query, 32 at once",
    informational: true,
    run: async (url) =>
      (await Promise.all(Array.from({ length: 32 }, () => post(url, json(killer)))))[31]!,
  },
  {
    name: "variables nested 5,000 lists deep",
    run: (url) =>
      post(
        url,
        `{"query":"query($v:[QueryArgument]){entries(id:$v){id}}","variables":{"v":${"[".repeat(5000)}1${"]".repeat(5000)}}}`,
      ),
  },
  {
    name: "query text nested 5,000 deep",
    run: (url) => post(url, json(`{${"entries{".repeat(5000)}id${"}".repeat(5001)}`)),
  },
  {
    name: "300 aliases of __schema { types { fields { type } } }",
    run: (url) =>
      post(
        url,
        json(
          `{ ${Array.from({ length: 300 }, (_, i) => `a${i}: __schema { types { name fields { name type { name } } } }`).join(" ")} }`,
        ),
      ),
  },
  {
    name: "3,300 aliases of one field (validation)",
    run: (url) => post(url, json(`{ ${"a: entries { id } ".repeat(3300)}}`)),
  },
  {
    name: "100,000 distinct search terms (890 KB of variables)",
    run: (url) =>
      post(
        url,
        json("query($s: String) { entries(search: $s) { id } }", {
          s: Array.from({ length: 100_000 }, (_, i) => `-q${i}`).join(" "),
        }),
      ),
  },
  {
    name: "CONNECT /api",
    run: (url) =>
      new Promise<Answer>((resolve, reject) => {
        const { port } = new URL(url);
        const socket = connect(Number(port), "127.0.0.1", () =>
          socket.end("CONNECT /api HTTP/1.1\r\nhost: x\r\n\r\n"),
        );
        let text = "";
        socket.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        socket.on("error", reject);
        socket.on("close", () =>
          resolve({
            status: Number(text.split(" ")[1] ?? 0),
            text: text.split("\r\n\r\n")[1] ?? "",
          }),
        );
      }),
  },
];

/** Resident memory of a process in bytes: /proc on Linux, `ps` elsewhere. */
function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // Not Linux, or the process is gone.
  }
  try {
    return (
      Number(
        execFileSync("ps", ["-o", "rss=", "-p", String(pid)])
          .toString()
          .trim(),
      ) * 1024
    );
  } catch {
    return 0;
  }
}

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [bin, "serve", "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error("the server did not start within 20 s")),
      20_000,
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /content API at (\S+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once("exit", (code) => reject(new Error(`the server exited with code ${code}`)));
  });
  return { child, url };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

const PING = json("{ ping }");

/** Sends {ping} after {ping} until `until()` is true; resolves with each latency in ms. */
async function pingLoop(url: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const start = performance.now();
    const answer = await post(url, PING);
    if (answer.status !== 200) throw new Error(`{ping} answered ${answer.status}`);
    latencies.push(performance.now() - start);
  }
  return latencies;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

interface Row {
  attack: string;
  informational: boolean;
  answer: string;
  seconds: number;
  pings: number;
  pingMedian: number;
  pingMax: number;
  pingRatio: number;
  peakMiB: number;
  memoryRatio: number;
  alive: boolean;
}

async function measure(attack: Attack): Promise<Row> {
  const { child, url } = await startServer();
  try {
    // At rest: warm up (schema build, JIT), then the memory and {ping} latency to compare with.
    for (let i = 0; i < 20; i++) await post(url, json("{ entries(limit: 3) { id title } }"));
    let restCount = 0;
    const rest = (await pingLoop(url, () => restCount++ >= 50)).sort((a, b) => a - b);
    const restMedian = quantile(rest, 0.5);
    const restBytes = residentBytes(child.pid!);
    let peak = restBytes;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(child.pid!));
    }, 20);
    let done = false;
    const start = performance.now();
    const running = attack.run(url).finally(() => {
      done = true;
    });
    const during = await pingLoop(url, () => done);
    const answer = await running;
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, residentBytes(child.pid!));
    const alive =
      child.exitCode === null &&
      child.signalCode === null &&
      (await post(url, PING)).text === '{"data":{"ping":"pong"}}';
    const sorted = during.sort((a, b) => a - b);
    const pingMax = sorted.at(-1) ?? 0;
    let message = answer.text;
    try {
      const parsed = JSON.parse(answer.text) as {
        errors?: { message: string }[];
        message?: string;
      };
      message = parsed.message ?? parsed.errors?.[0]?.message ?? answer.text;
    } catch {
      // Not JSON: shown as it is.
    }
    return {
      attack: attack.name,
      informational: attack.informational === true,
      answer: `${answer.status} ${message.slice(0, 70)}`,
      seconds,
      pings: sorted.length,
      pingMedian: quantile(sorted, 0.5),
      pingMax,
      pingRatio: pingMax / restMedian,
      peakMiB: peak / 1024 / 1024,
      memoryRatio: peak / restBytes,
      alive,
    };
  } finally {
    await stop(child);
  }
}

const selected = attacks.filter((attack) => !values.only || attack.name.includes(values.only));
const rows: Row[] = [];
for (const attack of selected) {
  const row = await measure(attack);
  rows.push(row);
  console.log(
    [
      row.attack,
      `  answer: ${row.answer}`,
      `  ${row.seconds.toFixed(2)} s; {ping} x${row.pings} during it: median ${row.pingMedian.toFixed(1)} ms, max ${row.pingMax.toFixed(1)} ms (max / median at rest: ${row.pingRatio.toFixed(1)}x)`,
      `  peak memory ${row.peakMiB.toFixed(0)} MiB (${row.memoryRatio.toFixed(2)}x at rest); process ${row.alive ? "alive" : "DEAD"}${row.informational ? " (informational: its {ping} latency is not in the verdict)" : ""}`,
    ].join("\n"),
  );
}

const failures = rows.flatMap((row) => [
  ...(row.pingMax > PING_TARGET_MS && !row.informational
    ? [`${row.attack}: a {ping} took ${row.pingMax.toFixed(0)} ms`]
    : []),
  ...(row.answer.startsWith("5") || row.answer.startsWith("0")
    ? [`${row.attack}: answered ${row.answer}`]
    : []),
  ...(row.alive ? [] : [`${row.attack}: the process died`]),
]);
console.log(failures.length === 0 ? "verdict: MET" : `verdict: NOT MET (${failures.join("; ")})`);
process.exitCode = failures.length === 0 ? 0 : 1;
