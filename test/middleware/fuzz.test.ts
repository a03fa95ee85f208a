import { createHmac } from "node:crypto";
import {
  Agent,
  type IncomingMessage,
  type ServerResponse,
  createServer,
  request as httpRequest,
} from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createNodeMiddleware, createWebMiddleware } from "@typewire/runtime/middleware";
import { Webhooks } from "@typewire/runtime/webhooks";
import { type Memory, growth, settledMemory } from "./settled-memory.js";

// Random malformed requests against both adapters, from a fixed seed so a failure replays.
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const NODE_REQUESTS = 10_000;
const WEB_REQUESTS = 6_000;
const SECRET = "fuzz-secret";
const PATH = "/api/platform/webhooks";
const FAIL_MARKER = "__make_the_handler_fail__";
const MAX_BODY = 4096;
const WARM_UP = 500;
// What may stay after the run: warm caches and the test's own bookkeeping. A retained body per
// request would be megabytes; each run checks that its bodies add up to far more than this.
const MEMORY_LIMIT: Memory = {
  heapUsed: 8 * 1024 * 1024,
  arrayBuffers: 512 * 1024,
  external: 512 * 1024,
};

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;
const printable = (max: number) => {
  let text = "";
  const length = Math.floor(random() * max);
  for (let i = 0; i < length; i++) text += String.fromCharCode(33 + Math.floor(random() * 94));
  return text;
};
const bytes = (max: number) => {
  const out = Buffer.alloc(Math.floor(random() * max));
  for (let i = 0; i < out.length; i++) out[i] = Math.floor(random() * 256);
  return out;
};
const sign = (body: Buffer) => `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;

interface Fuzzed {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

function fuzzBody(): Buffer {
  switch (Math.floor(random() * 9)) {
    case 0:
      return bytes(600);
    case 1:
      return Buffer.from(pick(["1", "null", "true", '"x"', "[]", "[1,2]", "-0", "1e999", ""]));
    case 2:
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"action":"opened"}')]);
    case 3:
      return Buffer.from([0x7b, 0xc3, 0x28, 0x7d]);
    case 4:
      return Buffer.from(
        JSON.stringify({ pad: "x".repeat(MAX_BODY + Math.floor(random() * 4000)) }),
      );
    case 5:
      return Buffer.from(JSON.stringify({ action: FAIL_MARKER }));
    case 6:
      return Buffer.from(`{"action":"opened","issue":{"number":${Math.floor(random() * 1e6)}}`);
    default:
      return Buffer.from(
        JSON.stringify({ action: pick(["opened", "closed", "x"]), n: printable(200) }),
      );
  }
}

// A valid signed delivery of 0.5 to 3.5 KB: the middleware reads, verifies and hands over its
// body, so a body kept after its request would show in the memory check.
function wellFormed(): Fuzzed {
  const body = Buffer.from(
    JSON.stringify({
      action: pick(["opened", "opened", "closed", FAIL_MARKER]),
      issue: { number: Math.floor(random() * 1e6) },
      pad: "x".repeat(500 + Math.floor(random() * 3000)),
    }),
  );
  return {
    method: "POST",
    path: pick([PATH, `${PATH}/`, `${PATH}?attempt=1`]),
    headers: {
      "content-type": "application/json",
      "x-platform-event": "issues",
      "x-platform-delivery": printable(20) || "d",
      "x-hub-signature-256": sign(body),
    },
    body,
  };
}

function fuzzRequest(): Fuzzed {
  if (chance(0.25)) return wellFormed();
  const body = fuzzBody();
  const headers: Record<string, string> = {};
  if (chance(0.85)) {
    headers["content-type"] = pick([
      "application/json",
      "APPLICATION/JSON; charset=utf-8",
      "application/json;;",
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/jsonx",
      "multipart/form-data; boundary=x",
      printable(40) || "x",
    ]);
  }
  if (chance(0.85))
    headers["x-platform-event"] = pick(["issues", "push", "ping", printable(30) || "x"]);
  if (chance(0.85)) headers["x-platform-delivery"] = printable(40) || "d";
  if (chance(0.85)) {
    headers["x-hub-signature-256"] = chance(0.6)
      ? sign(body)
      : pick([
          "sha256=",
          "sha256=zz",
          `sha1=${"0".repeat(40)}`,
          sign(bytes(10)),
          printable(80) || "x",
        ]);
  }
  for (let i = Math.floor(random() * 3); i > 0; i--)
    headers[`x-fuzz-${printable(8).replace(/[^a-z]/gi, "") || "h"}`] = printable(50) || "v";
  const method = chance(0.7) ? "POST" : pick(["GET", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]);
  const path = pick([
    PATH,
    `${PATH}/`,
    `${PATH}?x=${printable(10).replace(/[#%]/g, "")}`,
    `${PATH}//`,
    "/api/platform/x/../webhooks",
    "/",
    "/api/platform",
    `${PATH}x`,
    `/${printable(60).replace(/[#%]/g, "")}`,
    `/${"a".repeat(3000)}`,
  ]);
  return { method, path, headers, body };
}

/** `readBytes`: the bodies the middleware read in full, which a leak would keep. */
function expectBackToBaseline(before: Memory, after: Memory, readBytes: number) {
  // The check could not fail if all those bodies together fitted under the limit.
  expect(readBytes).toBeGreaterThan(4 * MEMORY_LIMIT.arrayBuffers);
  const grown = growth(before, after);
  expect(grown.heapUsed).toBeLessThan(MEMORY_LIMIT.heapUsed);
  // Bodies are Buffers, outside the V8 heap: only these two would show them.
  expect(grown.arrayBuffers).toBeLessThan(MEMORY_LIMIT.arrayBuffers);
  expect(grown.external).toBeLessThan(MEMORY_LIMIT.external);
}

/** Whether the handlers got the delivery, so the middleware read its whole body. */
const handedOver = (status: number, fuzzed: Fuzzed) =>
  status === 200 || status === 202 || (status >= 500 && fuzzed.body.includes(FAIL_MARKER));

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => {
  process.on("unhandledRejection", onUnhandled);
});
afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});

function fuzzWebhooks() {
  const webhooks = new Webhooks({ secret: SECRET, log: { warn() {}, error() {} } });
  webhooks.onAny(async ({ payload }) => {
    const action = (payload as { action?: unknown }).action;
    if (action === FAIL_MARKER) throw new Error("handler made to fail");
    if (action === "closed") await new Promise((resolve) => setTimeout(resolve, 30));
  });
  return webhooks;
}
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

it(`answers ${NODE_REQUESTS} random node requests (truncated uploads included) without a stray 5xx, a hang or a leak`, async () => {
  const middleware = createNodeMiddleware(fuzzWebhooks(), {
    log: quiet,
    maxBodySize: MAX_BODY,
    timeout: 10,
  });
  let started = 0;
  let settled = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    started++;
    middleware(req, res).then((handled) => {
      settled++;
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  const send = (fuzzed: Fuzzed) =>
    new Promise<{ status: number; body: string } | undefined>((resolve) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          agent,
          method: fuzzed.method,
          path: fuzzed.path,
          headers: fuzzed.headers,
        },
        (res) => {
          let body = "";
          res.setEncoding("latin1");
          res.on("data", (chunk: string) => {
            body += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          res.on("error", () => resolve(undefined));
        },
      );
      // Over-limit uploads may see the connection closed once the 413 is out: not a lost answer.
      req.on("error", () => resolve(undefined));
      const withBody = fuzzed.method !== "GET" && fuzzed.method !== "HEAD";
      // node's client frames DELETE and OPTIONS bodies only with an explicit length; POST and
      // PUT go chunked when none is set, which tests the streaming limit.
      if (withBody && (chance(0.7) || fuzzed.method === "DELETE" || fuzzed.method === "OPTIONS")) {
        req.setHeader("content-length", fuzzed.body.length);
      }
      req.end(withBody ? fuzzed.body : undefined);
    });

  // A raw socket that announces a body and sends only part of it, then half-closes or resets.
  const truncated = () =>
    new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      const body = Buffer.from(JSON.stringify({ action: "opened", pad: printable(300) }));
      const cut = Math.floor(random() * body.length);
      const reset = chance(0.5);
      socket.on("error", () => undefined);
      socket.on("close", () => resolve());
      // Read whatever comes back, or the socket never sees the server's end and never closes.
      socket.resume();
      socket.write(
        `POST ${PATH} HTTP/1.1\r\nhost: fuzz\r\ncontent-type: application/json\r\nx-platform-event: issues\r\n` +
          `x-platform-delivery: t\r\nx-hub-signature-256: ${sign(body)}\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.subarray(0, cut), () => (reset ? socket.destroy() : socket.end()));
    });

  const failures: string[] = [];
  let answered = 0;
  // A running sum: keeping the requests would hold their bodies through the memory check.
  let readBytes = 0;
  const batch = async (count: number) => {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        if (chance(0.03)) {
          await truncated();
          continue;
        }
        const fuzzed = fuzzRequest();
        const response = await send(fuzzed);
        if (response === undefined) {
          if (fuzzed.body.length <= MAX_BODY)
            failures.push(`no answer: ${fuzzed.method} ${fuzzed.path.slice(0, 80)}`);
          continue;
        }
        answered++;
        if (handedOver(response.status, fuzzed)) readBytes += fuzzed.body.length;
        if (response.status >= 500 && !fuzzed.body.includes(FAIL_MARKER)) {
          failures.push(
            `${response.status} ${response.body} for ${fuzzed.method} ${fuzzed.path.slice(0, 80)}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  };

  try {
    await batch(WARM_UP);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const baseline = await settledMemory();
    readBytes = 0;
    await batch(NODE_REQUESTS);
    const deadline = Date.now() + 10_000;
    while (settled < started && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(started);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await settledMemory();
    expect(failures.slice(0, 10)).toEqual([]);
    expect(answered).toBeGreaterThan(NODE_REQUESTS * 0.9);
    expect(unhandled).toEqual([]);
    expectBackToBaseline(baseline, after, readBytes);
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}, 120_000);

it(`answers ${WEB_REQUESTS} random web requests without a stray 5xx or a leak`, async () => {
  const middleware = createWebMiddleware(fuzzWebhooks(), {
    log: quiet,
    maxBodySize: MAX_BODY,
    timeout: 10,
  });
  const failures: string[] = [];
  let readBytes = 0;
  const run = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const fuzzed = fuzzRequest();
      const hasBody = fuzzed.method !== "GET" && fuzzed.method !== "HEAD";
      const response = await middleware(
        new Request(`http://localhost${fuzzed.path}`, {
          method: fuzzed.method,
          headers: fuzzed.headers,
          body: hasBody ? new Uint8Array(fuzzed.body) : null,
        }),
      );
      expect(response).toBeInstanceOf(Response);
      const text = await response.text();
      if (handedOver(response.status, fuzzed)) readBytes += fuzzed.body.length;
      if (response.status >= 500 && !fuzzed.body.includes(FAIL_MARKER))
        failures.push(`${response.status} ${text}`);
    }
  };
  await run(WARM_UP);
  const baseline = await settledMemory();
  readBytes = 0;
  await run(WEB_REQUESTS);
  // Let the "closed" handlers left running after their 202 finish.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const after = await settledMemory();
  expect(failures.slice(0, 10)).toEqual([]);
  expect(unhandled).toEqual([]);
  expectBackToBaseline(baseline, after, readBytes);
}, 120_000);
