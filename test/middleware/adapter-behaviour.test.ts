import { createServer } from "node:http";
import { once } from "node:events";
import { type AddressInfo, type Socket, connect } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createNodeMiddleware, createWebMiddleware } from "@typewire/runtime/middleware";
import { WebhookRequestError } from "@typewire/runtime/webhooks";
import { type Running, type TestRequest, adapters, listen } from "./adapters.js";
import { recordingWebhooks, signBytes } from "./test-webhooks.js";

const PATH = "/api/platform/webhooks";
const BODY = JSON.stringify({ action: "opened", issue: { number: 7 } });

function delivery(body = BODY, path = PATH): TestRequest {
  return {
    method: "POST",
    path,
    body,
    headers: {
      "content-type": "application/json",
      "x-platform-event": "issues",
      "x-platform-delivery": "d-1",
      "x-hub-signature-256": signBytes(body),
    },
  };
}

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

for (const adapter of adapters) {
  describe(`${adapter.name} adapter`, () => {
    it("answers 202 at the timeout, and a later failure still reaches onError and the log", async () => {
      const recording = recordingWebhooks();
      recording.handler = async () => {
        await new Promise((resolve) => setTimeout(resolve, 80));
        throw new Error("late failure");
      };
      running = await adapter.start(recording.webhooks, { log: recording.log, timeout: 20 });
      const response = await running.send(delivery());
      expect(response.status).toBe(202);
      await vi.waitFor(() =>
        expect(recording.errors.map((error) => error.message)).toEqual(["late failure"]),
      );
      await vi.waitFor(() =>
        expect(recording.logged).toContainEqual({
          level: "error",
          message: expect.stringContaining("failed after the 202 answer"),
        }),
      );
    });

    it("sends a wrong signature to onError, as verifyAndReceive does", async () => {
      const recording = recordingWebhooks();
      running = await adapter.start(recording.webhooks, { log: recording.log });
      const request = delivery();
      request.headers["x-hub-signature-256"] = signBytes(BODY, "wrong");
      expect((await running.send(request)).status).toBe(400);
      expect(recording.errors).toHaveLength(1);
      expect(recording.errors[0]).toBeInstanceOf(WebhookRequestError);
      expect(recording.received).toEqual([]);
    });

    it("names a failing handler's error without a stack and reports it to onError", async () => {
      const recording = recordingWebhooks();
      recording.handler = () => {
        throw new Error("cannot save issue 7");
      };
      running = await adapter.start(recording.webhooks, { log: recording.log });
      const response = await running.send(delivery());
      expect(response.status).toBe(500);
      const { error } = JSON.parse(response.body.toString()) as { error: string };
      expect(error).toContain("cannot save issue 7");
      expect(error).not.toContain("    at ");
      expect(recording.errors).toHaveLength(1);
    });
  });
}

describe("web adapter without onUnhandledRequest", () => {
  const recording = recordingWebhooks();
  const middleware = createWebMiddleware(recording.webhooks, { log: recording.log });

  it("answers another path with a 404 JSON error", async () => {
    const response = await middleware(
      new Request("http://localhost/elsewhere?x=1", { method: "POST" }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Unknown route: POST /elsewhere" });
  });

  it("answers HEAD for another path with a 404 and no body", async () => {
    const response = await middleware(
      new Request("http://localhost/elsewhere", { method: "HEAD" }),
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  });

  it("refuses a Request whose body was already read", async () => {
    const request = new Request(`http://localhost${PATH}`, {
      method: "POST",
      headers: delivery().headers,
      body: BODY,
    });
    await request.text();
    const response = await middleware(request);
    expect(response.status).toBe(500);
    expect((await response.json()) as object).toEqual({
      error: expect.stringContaining("already read"),
    });
  });
});

describe("node adapter", () => {
  it("calls next() and resolves false for another path", async () => {
    const recording = recordingWebhooks();
    const middleware = createNodeMiddleware(recording.webhooks);
    const next = vi.fn();
    let handled: boolean | undefined;
    running = await listen(
      createServer(async (req, res) => {
        handled = await middleware(req, res, next);
        res.writeHead(204).end();
      }),
    );
    expect((await running.send(delivery(BODY, "/other"))).status).toBe(204);
    expect(handled).toBe(false);
    expect(next).toHaveBeenCalledOnce();
  });

  it("matches an absolute-form target and refuses one that cannot be parsed", async () => {
    const recording = recordingWebhooks();
    const middleware = createNodeMiddleware(recording.webhooks, { log: recording.log });
    running = await listen(createServer((req, res) => void middleware(req, res)));
    expect((await running.send(delivery(BODY, `http://example.test${PATH}?q=1`))).status).toBe(200);
    const invalid = await running.send(delivery(BODY, "http://[::1"));
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body.toString())).toEqual({
      error: expect.stringContaining("cannot be parsed"),
    });
  });

  it("stops a chunked body at maxBodySize with 413", async () => {
    const recording = recordingWebhooks();
    const middleware = createNodeMiddleware(recording.webhooks, {
      log: recording.log,
      maxBodySize: 64,
    });
    running = await listen(createServer((req, res) => void middleware(req, res)));
    const request = delivery(JSON.stringify({ pad: "x".repeat(500) }));
    request.headers["transfer-encoding"] = "chunked";
    const response = await running.send(request);
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe("close");
  });

  it("answers 413 while a chunked upload that never ends is still going, and closes", async () => {
    const maxBodySize = 4096;
    const recording = recordingWebhooks();
    const middleware = createNodeMiddleware(recording.webhooks, {
      log: recording.log,
      maxBodySize,
    });
    const server = createServer((req, res) => void middleware(req, res));
    let serverSide: Socket | undefined;
    server.on("connection", (socket: Socket) => {
      serverSide = socket;
    });
    running = await listen(server);
    const { port } = server.address() as AddressInfo;

    const client = connect(port, "127.0.0.1");
    let answer = "";
    let uploadingWhenAnswered: boolean | undefined;
    let clientClosed = false;
    client.on("data", (data: Buffer) => {
      uploadingWhenAnswered ??= !client.writableEnded;
      answer += data.toString("latin1");
    });
    // Writing into the connection the server has just closed may reset it: not the point here.
    client.on("error", () => undefined);
    client.on("close", () => {
      clientClosed = true;
    });
    await once(client, "connect");
    const head =
      `POST ${PATH} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\nx-platform-event: issues\r\n` +
      `x-platform-delivery: d\r\nx-hub-signature-256: ${signBytes(BODY)}\r\ntransfer-encoding: chunked\r\n\r\n`;
    const chunk = `100\r\n${"x".repeat(0x100)}\r\n`;
    client.write(head);
    let sent = head.length;
    const closedByServer = () => serverSide?.destroyed === true || clientClosed;
    // A slow upload with no end: each chunk goes once the server has taken in everything sent
    // before it, until the server closes the connection. The terminating chunk is never sent.
    // Far past the limit the loop gives up, so a server that keeps reading fails the test.
    while (!closedByServer()) {
      while (!closedByServer() && serverSide!.bytesRead < sent)
        await new Promise((resolve) => setImmediate(resolve));
      if (closedByServer()) break;
      if (sent > head.length + maxBodySize + 64 * 1024) break;
      client.write(chunk);
      sent += chunk.length;
    }
    // Out of the loop without a close means the server read on past the limit.
    expect(closedByServer()).toBe(true);
    if (!clientClosed) await once(client, "close");

    expect(serverSide!.destroyed).toBe(true);
    expect(uploadingWhenAnswered).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain("\r\nconnection: close\r\n");
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      error: `Request body is larger than the ${maxBodySize}-byte limit (maxBodySize)`,
    });
    // The limit, plus the chunk that crossed it, chunk framing and the few chunks the client
    // wrote while the 413 was on its way: nowhere near the 64 KB the client was ready to send.
    const bodyBytesRead = serverSide!.bytesRead - head.length;
    expect(bodyBytesRead).toBeGreaterThan(maxBodySize);
    expect(bodyBytesRead).toBeLessThanOrEqual(maxBodySize + 8 * chunk.length);
    expect(recording.received).toEqual([]);
  });

  it("settles when the client cuts the upload off", async () => {
    const recording = recordingWebhooks();
    const middleware = createNodeMiddleware(recording.webhooks, { log: recording.log });
    const settled: boolean[] = [];
    const server = createServer((req, res) => {
      middleware(req, res).then((handled) => settled.push(handled));
    });
    running = await listen(server);
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.write(
      `POST ${PATH} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\nx-platform-event: issues\r\n` +
        `x-platform-delivery: d\r\nx-hub-signature-256: ${signBytes(BODY)}\r\ncontent-length: 500\r\n\r\n{"act`,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    await vi.waitFor(() => expect(settled).toEqual([true]));
    expect(recording.received).toEqual([]);
  });
});

describe("express mount paths", () => {
  it("matches the full path when mounted under a prefix", async () => {
    const recording = recordingWebhooks();
    const app = express();
    app.use("/api", createNodeMiddleware(recording.webhooks, { log: recording.log }));
    app.use((_req, res) => res.status(418).end());
    running = await listen(createServer(app));
    expect((await running.send(delivery())).status).toBe(200);
    expect((await running.send(delivery(BODY, "/api/other"))).status).toBe(418);
    expect(recording.received).toHaveLength(1);
  });
});

describe("express with body parsers mounted first", () => {
  async function start(parser: express.RequestHandler) {
    const recording = recordingWebhooks();
    const app = express();
    app.use(parser);
    app.use(createNodeMiddleware(recording.webhooks, { log: recording.log }));
    running = await listen(createServer(app));
    return recording;
  }

  it("answers at once, explaining the mount order, when the raw body is gone", async () => {
    await start(express.json());
    const response = await running!.send(delivery());
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body.toString())).toEqual({
      error: expect.stringContaining("mount the webhook middleware before body parsers"),
    });
  });

  it("uses req.rawBody when the parser kept it", async () => {
    const recording = await start(
      express.json({
        verify: (req, _res, buffer) => {
          (req as { rawBody?: Buffer }).rawBody = buffer;
        },
      }),
    );
    expect((await running!.send(delivery())).status).toBe(200);
    expect(recording.received).toHaveLength(1);
  });

  it("uses a string req.body", async () => {
    const recording = await start(express.text({ type: "application/json" }));
    expect((await running!.send(delivery())).status).toBe(200);
    expect(recording.received).toHaveLength(1);
  });

  it("uses a Buffer req.body from express.raw()", async () => {
    const recording = await start(express.raw({ type: "application/json" }));
    expect((await running!.send(delivery())).status).toBe(200);
    expect(recording.received).toHaveLength(1);
  });

  it("reads the stream when req.body is a placeholder object and no byte was read", async () => {
    // What frameworks and skipping parsers leave behind: `{}` in req.body, stream untouched.
    const recording = await start((req, _res, next) => {
      req.body = {};
      next();
    });
    const response = await hangGuard(running!.send(delivery()));
    expect(response.status).toBe(200);
    expect(recording.received).toHaveLength(1);
    expect(recording.received[0]!.payload).toEqual(JSON.parse(BODY));
  });

  it("reads a paused, unread stream under a placeholder object", async () => {
    const recording = await start((req, _res, next) => {
      req.pause();
      req.body = {};
      next();
    });
    expect((await hangGuard(running!.send(delivery()))).status).toBe(200);
    expect(recording.received).toHaveLength(1);
  });

  it("answers 500 at once when req.body is an object and the stream was read", async () => {
    const recording = await start(async (req, _res, next) => {
      for await (const _chunk of req);
      req.body = JSON.parse(BODY);
      next();
    });
    const response = await hangGuard(running!.send(delivery()));
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body.toString())).toEqual({
      error: expect.stringContaining("mount the webhook middleware before body parsers"),
    });
    expect(recording.received).toEqual([]);
  });

  it("answers 500 at once when a reader took part of the stream and paused it", async () => {
    // Reading this stream again would wait forever: the rest is with the other reader.
    const recording = await start((req, _res, next) => {
      req.once("data", () => {
        req.pause();
        req.body = {};
        next();
      });
    });
    const response = await hangGuard(running!.send(delivery()));
    expect(response.status).toBe(500);
    expect(recording.received).toEqual([]);
  });
});

/**
 * Fails the test with a clear message when an answer never comes, long before the suite's
 * own timeout. A guard against hanging only: no test relies on how fast the answer is.
 */
function hangGuard<T>(answer: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error("no answer within 10 s: the middleware hangs")),
      10_000,
    );
  });
  return Promise.race([answer, hung]).finally(() => clearTimeout(timer));
}
