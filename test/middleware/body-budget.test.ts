import { type ClientRequest, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import { afterEach, describe, expect, it } from "vitest";
import { recordingWebhooks, signBytes } from "./test-webhooks.js";

// `maxBodyBytesInFlight`: the bytes of bodies the node middleware holds while they arrive, over
// every connection. Bodies here are chunked (no content-length) and left open, as a slow or
// hostile client leaves them, so only the budget can refuse them.
const KIB = 1024;
const BUDGET = 1024 * KIB;

interface Open {
  /** Sends the rest of the body and ends it. */
  finish(): void;
  /** The status and body of the answer, whenever it comes. */
  answer: Promise<{ status: number; body: string }>;
}

function delivery(id: string, size: number) {
  const body = Buffer.from(JSON.stringify({ zen: "z".repeat(size), hook_id: 1 }));
  return {
    body,
    headers: {
      "content-type": "application/json",
      "x-platform-event": "ping",
      "x-platform-delivery": id,
      "x-hub-signature-256": signBytes(body),
    },
  };
}

/** Starts a chunked delivery and sends all of its body but the last 16 bytes. */
function openDelivery(port: number, id: string, size: number): Open {
  const { body, headers } = delivery(id, size);
  let req: ClientRequest | undefined;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/platform/webhooks",
      headers,
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    // Writing to a connection the server closed after its answer: the answer still arrives.
    req.on("error", (error) => setTimeout(() => reject(error), 1000));
  });
  const cut = body.length - 16;
  for (let offset = 0; offset < cut; offset += 64 * KIB)
    req!.write(body.subarray(offset, Math.min(cut, offset + 64 * KIB)));
  return {
    finish: () => req!.end(body.subarray(cut)),
    answer,
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start() {
  const recording = recordingWebhooks();
  const middleware = createNodeMiddleware(recording.webhooks, {
    maxBodyBytesInFlight: BUDGET,
    log: recording.log,
  });
  const server = createServer((req, res) => void middleware(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port: (server.address() as AddressInfo).port, recording };
}

describe("node middleware: maxBodyBytesInFlight", () => {
  it("refuses the bodies that would pass the budget with 503, and frees their bytes", async () => {
    const { port, recording } = await start();
    // 16 open bodies of 300 KiB: at most three fit in 1 MiB at once, so at least 13 are refused
    // while the others wait, however their chunks interleave.
    const open = Array.from({ length: 16 }, (_, i) => openDelivery(port, `d-${i}`, 300 * KIB));
    const early: { index: number; status: number; body: string }[] = [];
    await new Promise<void>((resolve) => {
      open.forEach(({ answer }, index) => {
        void answer.then(({ status, body }) => {
          early.push({ index, status, body });
          if (early.length === 13) resolve();
        });
      });
    });
    // Nothing was finished yet: every answer so far is a refusal by the budget.
    for (const { status, body } of early) {
      expect(status).toBe(503);
      expect(body).toContain("maxBodyBytesInFlight");
    }
    const refused = early.map(({ index }) => index);
    // The bodies still held fit in the budget; ended now, each is received as usual.
    const held = open.filter((_, i) => !refused.includes(i));
    for (const delivery of held) delivery.finish();
    const answers = await Promise.all(held.map(({ answer }) => answer));
    for (const { status } of answers) expect(status).toBeLessThan(500);
    const accepted = answers.filter(({ status }) => status < 300).length;
    expect(recording.received.length).toBe(accepted);
    // Every byte held for the refused and finished bodies was given back: a body of 900 KiB,
    // which fits only in an empty budget, is received.
    const big = openDelivery(port, "after", 900 * KIB);
    big.finish();
    expect((await big.answer).status).toBeLessThan(300);
    expect(recording.received.at(-1)?.id).toBe("after");
  });

  it("a body larger than the whole budget is refused with 503, and the next one is received", async () => {
    const { port, recording } = await start();
    const huge = openDelivery(port, "huge", BUDGET + 10 * KIB);
    const answer = await huge.answer;
    expect(answer.status).toBe(503);
    const next = openDelivery(port, "next", 900 * KIB);
    next.finish();
    expect((await next.answer).status).toBeLessThan(300);
    expect(recording.received.map((event) => event.id)).toEqual(["next"]);
  });

  it("rejects a budget that is not a whole number of bytes", () => {
    const { webhooks } = recordingWebhooks();
    expect(() => createNodeMiddleware(webhooks, { maxBodyBytesInFlight: -1 })).toThrow(
      /maxBodyBytesInFlight must be a whole number of bytes/,
    );
  });
});
