import { Agent, createServer, request as httpRequest } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createNodeMiddleware, createWebMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";
import {
  FAIL_MARKER,
  type Fuzzed,
  MAX_BODY,
  PATH,
  SECRET,
  createFuzzer,
  failureStatus,
} from "./fuzz-requests.js";
import { type Memory, growth, settledMemory } from "./settled-memory.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const NODE_REQUESTS = 10_000;
const WEB_REQUESTS = 6_000;
const WARM_UP = 500;
// What may stay after the run: warm caches and the test's own bookkeeping. A retained body per
// request would be megabytes; each run checks that its bodies add up to far more than this.
const MEMORY_LIMIT: Memory = {
  heapUsed: 8 * 1024 * 1024,
  arrayBuffers: 512 * 1024,
  external: 512 * 1024,
};
/** The fuzz server's own answer for other paths, shaped like the middleware's. */
const FALLTHROUGH = Buffer.from(JSON.stringify({ error: "fallthrough" }));
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => {
  process.on("unhandledRejection", onUnhandled);
});
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});

/**
 * Webhooks whose handler fails when a payload asks it to, recording the status the failure
 * must produce under the request's number; "closed" handlers outlast the 10 ms timeout.
 */
function fuzzWebhooks(failures: Map<number, number>) {
  const webhooks = new Webhooks({ secret: SECRET, log: quiet });
  webhooks.onAny(async ({ payload }) => {
    const { action, n, status } = payload as { action?: unknown; n?: unknown; status?: unknown };
    if (action === FAIL_MARKER) {
      failures.set(n as number, failureStatus(status));
      throw Object.assign(new Error("handler made to fail"), { status });
    }
    if (action === "closed") await new Promise((resolve) => setTimeout(resolve, 30));
  });
  return webhooks;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * The rules every answer follows, whichever adapter gave it: a 5xx only for a handler made to
 * fail, and then exactly its status; a JSON body whose byte count is the content-length (an
 * error's with an `error` message); no body at all for HEAD. Returns whether the handlers got
 * the delivery, that is whether the middleware read its whole body.
 */
function checkAnswer(
  fuzzed: Fuzzed,
  answer: Answer,
  failures: Map<number, number>,
  problems: string[],
): boolean {
  const what = `${fuzzed.method} ${fuzzed.path.slice(0, 60)} (#${fuzzed.n})`;
  const expected = failures.get(fuzzed.n);
  failures.delete(fuzzed.n);
  const handedOver = expected !== undefined || answer.status === 200 || answer.status === 202;
  if (expected !== undefined && answer.status !== expected)
    problems.push(`${answer.status} instead of the handler's ${expected} for ${what}`);
  if (expected === undefined && answer.status >= 500)
    problems.push(`${answer.status} ${answer.body.toString("latin1")} for ${what}`);
  if (fuzzed.method === "HEAD") {
    if (answer.body.length !== 0) problems.push(`a HEAD answer with a body for ${what}`);
    return handedOver;
  }
  const length = answer.headers["content-length"];
  if (length !== String(answer.body.length))
    problems.push(`content-length ${length} for ${answer.body.length} bytes for ${what}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString("utf8"));
  } catch {
    problems.push(`a body that is not JSON for ${what}: ${answer.body.toString("latin1")}`);
    return handedOver;
  }
  if (answer.status >= 400 && typeof (parsed as { error?: unknown }).error !== "string")
    problems.push(`${answer.status} without an error message for ${what}`);
  return handedOver;
}

/** `readBytes`: the bodies the middleware read in full, which a leak would keep. */
function expectBackToBaseline(before: Memory, after: Memory, readBytes: number) {
  // The check could not fail if all those bodies together fitted under the limit.
  expect(readBytes).toBeGreaterThan(4 * MEMORY_LIMIT.arrayBuffers);
  const grown = growth(before, after);
  expect(grown.heapUsed).toBeLessThan(MEMORY_LIMIT.heapUsed);
  expect(grown.arrayBuffers).toBeLessThan(MEMORY_LIMIT.arrayBuffers);
  expect(grown.external).toBeLessThan(MEMORY_LIMIT.external);
}

it(`answers ${NODE_REQUESTS} random node requests (truncated uploads included) by the rules, without a hang or a leak`, async () => {
  const fuzzer = createFuzzer(SEED, "node");
  const failures = new Map<number, number>();
  const middleware = createNodeMiddleware(fuzzWebhooks(failures), {
    log: quiet,
    maxBodySize: MAX_BODY,
    timeout: 10,
  });
  let started = 0;
  let settled = 0;
  // Requests the server answered 413, and those whose 413 the client read: the documented
  // close after a 413 may cost the client the answer, and only that may.
  const wrote413 = new Set<number>();
  const read413 = new Set<number>();
  const server = createServer((req, res) => {
    started++;
    const n = Number(req.headers["x-fuzz-id"]);
    res.on("finish", () => {
      if (res.statusCode === 413) wrote413.add(n);
    });
    middleware(req, res).then((handled) => {
      settled++;
      if (!handled) {
        res
          .writeHead(404, {
            "content-type": "application/json",
            "content-length": FALLTHROUGH.length,
          })
          .end(FALLTHROUGH);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  const send = (fuzzed: Fuzzed) =>
    new Promise<Answer | { error: string }>((resolve) => {
      // Headers as a flat list keep duplicates and order; node then adds nothing of its own.
      const headers = [
        ["host", `127.0.0.1:${port}`],
        ["x-fuzz-id", String(fuzzed.n)],
        ...fuzzed.headers,
      ];
      if (fuzzed.framing === "length") headers.push(["content-length", String(fuzzed.body.length)]);
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          agent,
          method: fuzzed.method,
          path: fuzzed.path,
          headers: headers.flat(),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
          res.on("error", (error: NodeJS.ErrnoException) =>
            resolve({ error: `answer cut off: ${error.code ?? error.message}` }),
          );
          res.on("close", () => {
            if (!res.complete) resolve({ error: "answer cut off" });
          });
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message }),
      );
      req.end(fuzzed.framing === "none" ? undefined : fuzzed.body);
    });

  // A raw socket that announces a body, sends part of it, then half-closes or resets.
  const truncatedOutcomes: string[] = [];
  const truncated = () =>
    new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      const body = Buffer.from(JSON.stringify({ action: "opened", pad: fuzzer.printable(300) }));
      const cut = Math.floor(fuzzer.random() * body.length);
      const reset = fuzzer.chance(0.5);
      let answer = "";
      socket.on("error", () => undefined);
      socket.on("data", (data: Buffer) => {
        answer += data.toString("latin1");
      });
      socket.on("close", () => {
        truncatedOutcomes.push(`${reset ? "reset" : "half-close"}: ${answer}`);
        resolve();
      });
      socket.write(
        `POST ${PATH} HTTP/1.1\r\nhost: fuzz\r\ncontent-type: application/json\r\nx-platform-event: issues\r\n` +
          `x-platform-delivery: t\r\nx-hub-signature-256: ${fuzzer.sign(body)}\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.subarray(0, cut), () => (reset ? socket.destroy() : socket.end()));
    });

  const problems: string[] = [];
  const lost: { n: number; error: string }[] = [];
  const statuses = new Map<number, number>();
  // A running sum: keeping the requests would hold their bodies through the memory check.
  let readBytes = 0;
  let answered = 0;
  const batch = async (count: number) => {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        if (fuzzer.chance(0.03)) {
          await truncated();
          continue;
        }
        const fuzzed = fuzzer.next();
        const outcome = await send(fuzzed);
        if ("error" in outcome) {
          lost.push({ n: fuzzed.n, error: outcome.error });
          continue;
        }
        answered++;
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        if (checkAnswer(fuzzed, outcome, failures, problems)) readBytes += fuzzed.body.length;
        if (outcome.status === 413) {
          read413.add(fuzzed.n);
          if (outcome.headers.connection !== "close")
            problems.push(`a 413 that keeps the connection for #${fuzzed.n}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  };

  try {
    await batch(WARM_UP);
    const baseline = await settledMemory();
    readBytes = 0;
    await batch(NODE_REQUESTS);
    // A hang guard, not a timing check: every request the server saw must settle.
    const deadline = Date.now() + 10_000;
    while (settled < started && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(started);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await settledMemory();

    expect(problems.slice(0, 10)).toEqual([]);
    expect(unhandled).toEqual([]);
    // Every request settled: an answer, a truncated upload's close, or a lost 413.
    expect(answered + lost.length + truncatedOutcomes.length).toBe(WARM_UP + NODE_REQUESTS);
    // Lost answers are exactly the 413s the client could not read, after a reset by the close.
    const unread413 = [...wrote413].filter((n) => !read413.has(n)).sort((a, b) => a - b);
    expect(lost.map(({ n }) => n).sort((a, b) => a - b)).toEqual(unread413);
    for (const { error } of lost) expect(["ECONNRESET", "EPIPE"]).toContain(error);
    expect(read413.size).toBeGreaterThan(0);
    // Every handler made to fail was answered with its status (checkAnswer removes each one).
    expect([...failures.keys()].filter((n) => !unread413.includes(n))).toEqual([]);
    // A cut upload ends in a close: a reset one hears nothing; a half-closed one hears node's
    // own parser answer (it sees the end of the stream before the middleware can write) or
    // the middleware's. Either way the middleware settled (settled === started above).
    const parserAnswer = "HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n";
    for (const outcome of new Set(truncatedOutcomes)) {
      if (outcome === "reset: " || outcome === `half-close: ${parserAnswer}`) continue;
      expect(outcome).toMatch(/^half-close: HTTP\/1\.1 400 [\s\S]*cut off before its end/);
    }
    // The run reached every kind of answer, so the checks above checked something.
    expect([...statuses.keys()]).toEqual(
      expect.arrayContaining([200, 202, 400, 404, 413, 415, 422, 500, 503]),
    );
    expectBackToBaseline(baseline, after, readBytes);
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}, 180_000);

type WebBody = "bytes" | "chunks" | "erroring" | "cut-short";

/** A body stream that hands out `body` in random pieces, then ends, stops early or fails. */
function bodyStream(
  body: Buffer,
  kind: Exclude<WebBody, "bytes">,
  random: () => number,
): ReadableStream<Uint8Array> {
  const end = kind === "chunks" ? body.length : Math.floor(random() * body.length);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= end) {
        if (kind === "erroring") controller.error(new Error("client went away"));
        else controller.close();
        return;
      }
      const size = 1 + Math.floor(random() * 700);
      controller.enqueue(new Uint8Array(body.subarray(offset, offset + size)));
      offset += size;
    },
  });
}

it(`answers ${WEB_REQUESTS} random web requests (erroring and cut-short body streams included) by the rules, without a leak`, async () => {
  const fuzzer = createFuzzer(SEED + 1, "web");
  const failures = new Map<number, number>();
  const middleware = createWebMiddleware(fuzzWebhooks(failures), {
    log: quiet,
    maxBodySize: MAX_BODY,
    timeout: 10,
  });
  const problems: string[] = [];
  let readBytes = 0;
  let cutOffAnswers = 0;

  const request = (): { fuzzed: Fuzzed; request: Request; kind: WebBody } => {
    for (;;) {
      const fuzzed = fuzzer.next();
      const roll = fuzzer.random();
      const kind: WebBody =
        roll < 0.7 ? "bytes" : roll < 0.82 ? "chunks" : roll < 0.94 ? "erroring" : "cut-short";
      const headers = new Headers();
      for (const [name, value] of fuzzed.headers) headers.append(name, value);
      // A cut-short stream announces the length of the whole body.
      if (kind === "cut-short") headers.set("content-length", String(fuzzed.body.length));
      try {
        const url = new URL(fuzzed.path, "http://localhost");
        const body =
          fuzzed.framing === "none"
            ? null
            : kind === "bytes"
              ? new Uint8Array(fuzzed.body)
              : bodyStream(fuzzed.body, kind, fuzzer.random);
        return {
          fuzzed,
          kind,
          request: new Request(url, {
            method: fuzzed.method,
            headers,
            body,
            duplex: "half",
          } as RequestInit),
        };
      } catch {
        // A target no URL can hold never becomes a Request: the node run covers those.
      }
    }
  };

  const run = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const { fuzzed, request: req, kind } = request();
      const response = await middleware(req);
      const body = Buffer.from(await response.arrayBuffer());
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      if (checkAnswer(fuzzed, { status: response.status, headers, body }, failures, problems))
        readBytes += fuzzed.body.length;
      if (kind === "erroring" && fuzzed.framing !== "none") {
        const text = body.toString("utf8");
        if (text.includes("cut off before its end")) cutOffAnswers++;
        // A failed stream never completes a body: nothing to verify, nothing to hand over.
        if (response.status < 400 || response.status >= 500)
          problems.push(`${response.status} for a failed body stream (#${fuzzed.n})`);
        if (response.status === 400 && !/cut off|Required headers missing/.test(text))
          problems.push(`400 ${text} for a failed body stream (#${fuzzed.n})`);
      }
    }
  };

  await run(WARM_UP);
  const baseline = await settledMemory();
  readBytes = 0;
  await run(WEB_REQUESTS);
  // Let the "closed" handlers left running after their 202 finish.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const after = await settledMemory();

  expect(problems.slice(0, 10)).toEqual([]);
  expect([...failures.keys()]).toEqual([]);
  expect(cutOffAnswers).toBeGreaterThan(0);
  expect(unhandled).toEqual([]);
  expectBackToBaseline(baseline, after, readBytes);
}, 120_000);
