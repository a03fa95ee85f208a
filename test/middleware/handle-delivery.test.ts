import { describe, expect, it } from "vitest";
import { handleDelivery } from "../../runtime/src/middleware/handle-delivery.js";
import { createDeadlineList } from "../../runtime/src/middleware/deadline-list.js";
import { resolveOptions } from "../../runtime/src/middleware/middleware-options.js";
import type { MiddlewareWebhooks } from "../../runtime/src/middleware/middleware-webhooks.js";
import type { Reply } from "../../runtime/src/middleware/reply.js";
import { recordingWebhooks, signBytes } from "./test-webhooks.js";

const payload = '{"action":"opened"}';

/** Hands one signed delivery to `webhooks` (a real `Webhooks` running `handler` by default). */
function deliver(handler: () => unknown, webhooks?: MiddlewareWebhooks) {
  const recording = recordingWebhooks();
  recording.handler = handler;
  const target = webhooks ?? recording.webhooks;
  const options = resolveOptions(target, { log: recording.log, timeout: 1000 }, createDeadlineList);
  const replies: Reply[] = [];
  handleDelivery(
    target,
    options,
    { id: "1", name: "issues", payload, signature: signBytes(payload) },
    (reply) => replies.push(reply),
  );
  return { replies, logged: recording.logged };
}

describe("handleDelivery", () => {
  it("answers 200 at once, before any microtask, when every handler finished synchronously", () => {
    const { replies } = deliver(() => undefined);
    expect(replies.map((reply) => reply.status)).toEqual([200]);
  });

  it("waits for a handler's promise before answering", async () => {
    let finish!: () => void;
    const { replies } = deliver(() => new Promise<void>((resolve) => (finish = resolve)));
    await Promise.resolve();
    expect(replies).toEqual([]);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(replies.map((reply) => reply.status)).toEqual([200]);
  });

  it("answers a synchronously failing handler with 500, once", async () => {
    const { replies } = deliver(() => {
      throw new Error("boom");
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(replies).toHaveLength(1);
    expect(replies[0]!.status).toBe(500);
    expect(JSON.parse(replies[0]!.text)).toEqual({
      error: '[typewire] 1 handler(s) failed for "issues": boom',
    });
  });

  it("answers a verifyAndReceive that throws instead of rejecting with its status, once", async () => {
    const { replies, logged } = deliver(() => undefined, {
      verifyAndReceive(): Promise<void> {
        throw Object.assign(new Error("no such delivery"), { status: 422 });
      },
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(replies.map((reply) => [reply.status, JSON.parse(reply.text)])).toEqual([
      [422, { error: "no such delivery" }],
    ]);
    expect(logged).toEqual([
      { level: "error", message: expect.stringContaining("failed: no such delivery") },
    ]);
  });
});
