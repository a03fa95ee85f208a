import { describe, expect, it } from "vitest";
import { handleDelivery } from "../../runtime/src/middleware/handle-delivery.js";
import { resolveOptions } from "../../runtime/src/middleware/middleware-options.js";
import type { Reply } from "../../runtime/src/middleware/reply.js";
import { recordingWebhooks, signBytes } from "./test-webhooks.js";

const payload = '{"action":"opened"}';

function deliver(handler: () => unknown) {
  const recording = recordingWebhooks();
  recording.handler = handler;
  const options = resolveOptions(recording.webhooks, { log: recording.log, timeout: 1000 });
  const replies: Reply[] = [];
  handleDelivery(
    recording.webhooks,
    options,
    { id: "1", name: "issues", payload, signature: signBytes(payload) },
    (reply) => replies.push(reply),
  );
  return replies;
}

describe("handleDelivery", () => {
  it("answers 200 at once, before any microtask, when every handler finished synchronously", () => {
    const replies = deliver(() => undefined);
    expect(replies.map((reply) => reply.status)).toEqual([200]);
  });

  it("waits for a handler's promise before answering", async () => {
    let finish!: () => void;
    const replies = deliver(() => new Promise<void>((resolve) => (finish = resolve)));
    await Promise.resolve();
    expect(replies).toEqual([]);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(replies.map((reply) => reply.status)).toEqual([200]);
  });

  it("answers a synchronously failing handler with 500, once", async () => {
    const replies = deliver(() => {
      throw new Error("boom");
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(replies).toHaveLength(1);
    expect(replies[0]!.status).toBe(500);
    expect(JSON.parse(replies[0]!.text)).toEqual({
      error: '[typewire] 1 handler(s) failed for "issues": boom',
    });
  });
});
