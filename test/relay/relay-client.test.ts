import { createHmac } from "node:crypto";
import { type ServerResponse, createServer } from "node:http";
import { inspect } from "node:util";
import { EventSource } from "eventsource";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRelayClient, toDelivery } from "@typewire/runtime/relay";
import type { RelayClient, RelayClientOptions } from "@typewire/runtime/relay";
import { listen, type Running } from "../middleware/adapters.js";
import { SECRET, recordingWebhooks, signBytes } from "../middleware/test-webhooks.js";

/** A local relay channel: every GET becomes an event stream the test can write to or cut. */
async function relayChannel() {
  const streams: ServerResponse[] = [];
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    // A short retry so the client's own reconnection is quick in tests.
    res.write("retry: 50\n\n");
    streams.push(res);
    req.on("close", () => {
      // indexOf gives -1 for a stream already gone, and splice(-1, 1) would drop the last one.
      const index = streams.indexOf(res);
      if (index !== -1) streams.splice(index, 1);
    });
  });
  const running: Running = await listen(server);
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/channel`,
    streams,
    connections: () => streams.length,
    send(data: string, event?: string) {
      for (const stream of streams)
        stream.write(`${event ? `event: ${event}\n` : ""}data: ${data}\n\n`);
    },
    drop() {
      for (const stream of [...streams]) stream.socket?.destroy();
    },
    close: () => running.close(),
  };
}

function message(body: unknown, signature = signBytes(JSON.stringify(body))) {
  return JSON.stringify({
    "x-request-id": "relay-1",
    "x-platform-event": "issues",
    "x-hub-signature": signature,
    body,
  });
}

let client: RelayClient | undefined;
let channel: Awaited<ReturnType<typeof relayChannel>> | undefined;
afterEach(async () => {
  client?.close();
  await channel?.close();
  client = channel = undefined;
});

/**
 * Opens a relay channel and a client on it that sends deliveries to `recording`'s webhooks and
 * logs to `log` (the recording's by default); resolves once the client is connected.
 */
async function connect(
  recording = recordingWebhooks(),
  log: RelayClientOptions["log"] = recording.log,
) {
  const opened = await relayChannel();
  channel = opened;
  client = createRelayClient({ url: opened.url, webhooks: recording.webhooks, EventSource, log });
  await vi.waitFor(() => expect(opened.connections()).toBe(1));
  return { channel: opened, client: client!, recording };
}

describe("createRelayClient", () => {
  it("passes each message to verifyAndReceive as id, name, signature and the serialised body", async () => {
    const { channel, recording } = await connect();
    channel.send(message({ action: "opened", issue: { number: 3 } }));
    await vi.waitFor(() => expect(recording.received).toHaveLength(1));
    expect(recording.received[0]).toMatchObject({
      id: "relay-1",
      name: "issues",
      payload: { issue: { number: 3 } },
    });
  });

  it("logs and skips a bad message, and keeps going", async () => {
    const { channel, recording } = await connect();
    channel.send("not json");
    channel.send(JSON.stringify({ "x-platform-event": "issues" }));
    channel.send(message({ action: "opened" }, "sha256=00"));
    channel.send("ping", "ping");
    channel.send(message({ action: "closed" }));
    await vi.waitFor(() =>
      expect(recording.received.map((event) => event.payload)).toEqual([{ action: "closed" }]),
    );
    await vi.waitFor(() => {
      const messages = recording.logged.map((entry) => `${entry.level}: ${entry.message}`);
      expect(messages).toContainEqual(expect.stringMatching(/^warn: .*not JSON/));
      expect(messages).toContainEqual(
        expect.stringMatching(/^warn: .*lacks x-hub-signature-256 or x-hub-signature, body/),
      );
      expect(messages).toContainEqual(
        expect.stringMatching(/^error: .*relay-1 \(issues\) failed: .*signature/),
      );
    });
  });

  it("logs a failed delivery with the error itself, through a method replaced after creation", async () => {
    const recording = recordingWebhooks();
    recording.handler = () => {
      throw new Error("cannot save issue 3");
    };
    const log = { error: (..._data: unknown[]) => undefined };
    const { channel } = await connect(recording, log);
    const error = vi.spyOn(log, "error");
    channel.send(message({ action: "opened", issue: { number: 3 } }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    const [line, logged] = error.mock.calls[0]!;
    expect(line).toMatch(/relay-1 \(issues\) failed: .*cannot save issue 3/);
    expect(logged).toBeInstanceOf(AggregateError);
    expect((logged as AggregateError).errors.map((each: Error) => each.message)).toEqual([
      "cannot save issue 3",
    ]);
  });

  it("verifies x-hub-signature-256 when a message carries it next to the legacy SHA-1 x-hub-signature", async () => {
    const { channel, recording } = await connect();
    const body = { action: "opened", issue: { number: 5 } };
    const text = JSON.stringify(body);
    // What a relay that forwards every header sends: both signatures, the platform's delivery id
    // and the relay's own request id.
    channel.send(
      JSON.stringify({
        "x-request-id": "relay-req-9",
        "x-platform-delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958",
        "x-platform-event": "issues",
        "x-hub-signature": `sha1=${createHmac("sha1", SECRET).update(text).digest("hex")}`,
        "x-hub-signature-256": signBytes(text),
        body,
      }),
    );
    await vi.waitFor(() => expect(recording.received).toHaveLength(1));
    expect(recording.received[0]).toMatchObject({
      id: "72d3162e-cc78-11e3-81ab-4c9367dc0958",
      name: "issues",
      payload: body,
    });
    expect(recording.logged.filter((entry) => entry.level !== "info")).toEqual([]);
  });

  it("names the key it read in a signature failure, shows the id, and never logs the payload", async () => {
    const lines: unknown[][] = [];
    const keep = (...data: unknown[]) => lines.push(data);
    const { channel, recording } = await connect(recordingWebhooks(), { warn: keep, error: keep });
    const secretBody = { action: "opened", issue: { number: 6, title: "PAYLOAD-MARKER-7f3a" } };
    // Signed with another secret under the SHA-256 key.
    channel.send(
      JSON.stringify({
        "x-platform-delivery": "d-256",
        "x-platform-event": "issues",
        "x-hub-signature-256": signBytes(JSON.stringify(secretBody), "another secret"),
        body: secretBody,
      }),
    );
    // The spec's key alone, with a wrong SHA-256 signature.
    channel.send(message(secretBody, signBytes("something else")));
    // The spec's key alone, holding a SHA-1 signature: skipped with a reason.
    channel.send(message(secretBody, "sha1=0123456789abcdef0123456789abcdef01234567"));
    // A handler that fails: the AggregateError carries the delivery, payload included.
    recording.handler = () => {
      throw new Error("cannot save issue 6");
    };
    channel.send(message(secretBody));
    await vi.waitFor(() => expect(lines).toHaveLength(4));
    const text = lines.map((data) => data.map((each) => inspect(each, { depth: 10 })).join(" "));
    expect(text.join("\n")).not.toContain("PAYLOAD-MARKER-7f3a");
    const first = lines.map((data) => String(data[0]));
    expect(first).toContain(
      "[typewire] relay: delivery d-256 (issues) failed: the signature does not match the payload and secret (the relay message's x-hub-signature-256)",
    );
    expect(first).toContain(
      "[typewire] relay: delivery relay-1 (issues) failed: the signature does not match the payload and secret (the relay message's x-hub-signature)",
    );
    expect(first).toContainEqual(
      expect.stringMatching(
        /^\[typewire\] relay: skipped a message: relay message's x-hub-signature is a SHA-1 signature/,
      ),
    );
    const failed = first.find((line) => line.includes("cannot save issue 6"));
    expect(failed).toBe(
      '[typewire] relay: delivery relay-1 (issues) failed: 1 handler(s) failed for "issues": cannot save issue 6',
    );
    for (const line of first) expect(line.match(/\[typewire\]/g)).toHaveLength(1);
    // The failure's error still reaches the log, with the handler's error, but not the delivery.
    const logged = lines.find((data) => String(data[0]) === failed)![1] as AggregateError;
    expect(logged).toBeInstanceOf(AggregateError);
    expect(logged.errors.map((each: Error) => each.message)).toEqual(["cannot save issue 6"]);
    expect(Object.hasOwn(logged, "event")).toBe(false);
  });

  it("keeps the process up and keeps receiving when the logger throws", async () => {
    const escaped: unknown[] = [];
    const record = (error: unknown) => escaped.push(error);
    process.on("uncaughtException", record);
    process.on("unhandledRejection", record);
    try {
      const broken = () => {
        throw new Error("the logger is broken");
      };
      const { channel, recording } = await connect(recordingWebhooks(), {
        debug: broken,
        info: broken,
        warn: broken,
        error: broken,
      });
      // A message that is skipped (warn) and one whose signature is wrong (error).
      channel.send("not json");
      channel.send(message({ action: "opened" }, "sha256=00"));
      channel.send(message({ action: "closed" }));
      await vi.waitFor(() =>
        expect(recording.received.map((event) => event.payload)).toEqual([{ action: "closed" }]),
      );
      await vi.waitFor(() => expect(recording.errors).toHaveLength(1));
      await new Promise((resolve) => setImmediate(resolve));
      expect(escaped).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
      process.off("unhandledRejection", record);
    }
  });

  it("connects again after the connection drops", async () => {
    const { channel, recording } = await connect();
    channel.drop();
    await vi.waitFor(() => expect(channel.connections()).toBe(0));
    await vi.waitFor(() => expect(channel.connections()).toBe(1), { timeout: 5000 });
    channel.send(message({ action: "reopened" }));
    await vi.waitFor(() => expect(recording.received).toHaveLength(1));
  });

  it("connects again after the source gives up (the channel answered with an error)", async () => {
    let refuse = 1;
    const streams: ServerResponse[] = [];
    const server = createServer((_req, res) => {
      if (refuse-- > 0) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`data: ${message({ action: "edited" })}\n\n`);
      streams.push(res);
    });
    const running = await listen(server);
    const { port } = server.address() as { port: number };
    const recording = recordingWebhooks();
    client = createRelayClient({
      url: `http://127.0.0.1:${port}/`,
      webhooks: recording.webhooks,
      EventSource,
      log: recording.log,
      reconnectDelay: 20,
    });
    try {
      await vi.waitFor(() => expect(recording.received).toHaveLength(1), { timeout: 5000 });
      expect(recording.logged).toContainEqual({
        level: "warn",
        message: expect.stringContaining("connecting again"),
      });
    } finally {
      client.close();
      await running.close();
    }
  });

  it("stops on close()", async () => {
    const { channel, client } = await connect();
    client.close();
    await vi.waitFor(() => expect(channel.connections()).toBe(0));
  });

  it("says what is missing from its options", () => {
    const { webhooks } = recordingWebhooks();
    expect(() => createRelayClient({ url: undefined as unknown as string, webhooks })).toThrow(
      "options.url is required",
    );
    expect(() => createRelayClient({ url: "http://127.0.0.1:1/", webhooks: {} as never })).toThrow(
      "Webhooks instance",
    );
  });

  describe("without an EventSource", () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it("says how to pass one on Node, where the global needs an experimental flag", () => {
      // Whatever the running Node offers, the test decides that no global exists.
      vi.stubGlobal("EventSource", undefined);
      const { webhooks } = recordingWebhooks();
      let thrown: unknown;
      try {
        createRelayClient({ url: "http://127.0.0.1:1/", webhooks });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(TypeError);
      expect((thrown as TypeError).message).toBe(
        "[typewire] createRelayClient: there is no global EventSource here (Node has one only when started with --experimental-eventsource). " +
          'Pass one as options.EventSource, for example from the "eventsource" npm package: ' +
          'import { EventSource } from "eventsource"; createRelayClient({ url, webhooks, EventSource })',
      );
    });

    it("uses the global EventSource when one exists and none is passed", async () => {
      vi.stubGlobal("EventSource", EventSource);
      channel = await relayChannel();
      const recording = recordingWebhooks();
      client = createRelayClient({
        url: channel.url,
        webhooks: recording.webhooks,
        log: recording.log,
      });
      await vi.waitFor(() => expect(channel!.connections()).toBe(1));
      channel.send(message({ action: "opened" }));
      await vi.waitFor(() => expect(recording.received).toHaveLength(1));
    });
  });
});

describe("toDelivery", () => {
  it("maps the relay keys and serialises the body", () => {
    expect(toDelivery(message({ a: 1 }, "sha256=ab"))).toEqual({
      id: "relay-1",
      name: "issues",
      signature: "sha256=ab",
      payload: '{"a":1}',
    });
  });
  it("names what a message lacks", () => {
    expect(() => toDelivery("[]")).toThrow("not a JSON object");
    expect(() => toDelivery("{}")).toThrow(
      "lacks x-platform-event, x-hub-signature-256 or x-hub-signature, body",
    );
  });
});
