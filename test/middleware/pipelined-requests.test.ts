import { once } from "node:events";
import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createNodeMiddleware } from "@typewire/runtime/middleware";
import { type Running, listen } from "./adapters.js";
import { recordingWebhooks, signBytes } from "./test-webhooks.js";

const PATH = "/api/platform/webhooks";
const BODY = JSON.stringify({ action: "opened", issue: { number: 7 } });

/** One delivery as raw HTTP/1.1 text; `change` edits its headers before it is written. */
function rawDelivery(id: string, change: (headers: Record<string, string>) => void = () => {}) {
  const headers: Record<string, string> = {
    host: "127.0.0.1",
    "content-type": "application/json",
    "x-platform-event": "issues",
    "x-platform-delivery": id,
    "x-hub-signature-256": signBytes(BODY),
    "content-length": String(Buffer.byteLength(BODY)),
  };
  change(headers);
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return `POST ${PATH} HTTP/1.1\r\n${head}\r\n${BODY}`;
}

/** Writes `text` on one new connection and resolves with everything read until the server closes it. */
async function exchange(port: number, text: string): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (data: Buffer) => {
    received += data.toString("latin1");
  });
  socket.on("error", () => undefined);
  await once(socket, "connect");
  socket.write(text);
  await once(socket, "close");
  return received;
}

/** The status codes of the responses in raw HTTP/1.1 text, in order. */
function statuses(text: string): number[] {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
}

const refusals: [string, (headers: Record<string, string>) => void, number][] = [
  [
    "a text/plain body (415)",
    (h) => {
      h["content-type"] = "text/plain";
    },
    415,
  ],
  ["a missing event header (400)", (h) => delete h["x-platform-event"], 400],
  [
    "a body declared over maxBodySize (413)",
    (h) => {
      h["content-length"] = "9999999";
    },
    413,
  ],
];

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const servers = {
  "node http": (middleware: ReturnType<typeof createNodeMiddleware>) =>
    createServer((req, res) => void middleware(req, res)),
  express: (middleware: ReturnType<typeof createNodeMiddleware>) => {
    const app = express();
    app.use(middleware);
    return createServer(app);
  },
};

for (const [serverName, serve] of Object.entries(servers)) {
  describe(`pipelined deliveries on one connection (${serverName})`, () => {
    for (const [refusal, change, status] of refusals) {
      for (const slow of [false, true]) {
        it(`after ${refusal} that closes the connection, runs nothing read after it${slow ? " (first delivery still running)" : ""}`, async () => {
          const recording = recordingWebhooks();
          if (slow) recording.handler = () => new Promise((resolve) => setTimeout(resolve, 50));
          const middleware = createNodeMiddleware(recording.webhooks, {
            log: recording.log,
            maxBodySize: 1024,
          });
          const server = serve(middleware);
          running = await listen(server);
          const { port } = server.address() as AddressInfo;

          const answer = await exchange(
            port,
            rawDelivery("d-1") + rawDelivery("d-2", change) + rawDelivery("d-3"),
          );

          // The first delivery ran and was answered; the refusal closed the connection; the
          // third was never run, so the platform's retry of it is its first and only run.
          expect(recording.received.map((event) => event.id)).toEqual(["d-1"]);
          expect(statuses(answer)).toEqual([200, status]);
          expect(answer.toLowerCase()).toContain("\r\nconnection: close\r\n");
        });
      }
    }

    it("answers every delivery of a pipelined run that refuses none", async () => {
      const recording = recordingWebhooks();
      const middleware = createNodeMiddleware(recording.webhooks, { log: recording.log });
      const server = serve(middleware);
      running = await listen(server);
      const { port } = server.address() as AddressInfo;
      const closing = rawDelivery("d-3", (h) => {
        h.connection = "close";
      });
      const answer = await exchange(port, rawDelivery("d-1") + rawDelivery("d-2") + closing);
      expect(recording.received.map((event) => event.id)).toEqual(["d-1", "d-2", "d-3"]);
      expect(statuses(answer)).toEqual([200, 200, 200]);
    });
  });
}
