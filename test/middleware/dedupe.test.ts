import { createNodeMiddleware, createWebMiddleware } from "@typewire/runtime/middleware";
import { createMemoryDedupeStore, toQueue, withDedupe } from "@typewire/runtime/webhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Running, type TestRequest, adapters } from "./adapters.js";
import { recordingWebhooks, signBytes } from "./test-webhooks.js";

const BODY = JSON.stringify({ action: "opened", issue: { number: 7 } });

function delivery(id: string): TestRequest {
  return {
    method: "POST",
    path: "/api/platform/webhooks",
    body: BODY,
    headers: {
      "content-type": "application/json",
      "x-platform-event": "issues",
      "x-platform-delivery": id,
      "x-hub-signature-256": signBytes(BODY),
    },
  };
}

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

for (const adapter of adapters) {
  describe(`dedupe, ${adapter.name} adapter`, () => {
    it("answers a copy of an accepted id 208 with its JSON body, running no handler", async () => {
      const recording = recordingWebhooks();
      const dedupe = createMemoryDedupeStore();
      running = await adapter.start(recording.webhooks, {
        log: recording.log,
        accept: withDedupe(dedupe),
      });
      expect((await running.send(delivery("d-1"))).status).toBe(200);
      const copy = await running.send(delivery("d-1"));
      expect(copy.status).toBe(208);
      expect(copy.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(copy.body.toString())).toEqual({
        ok: true,
        duplicate: "this delivery id was already accepted; its handlers did not run again",
      });
      expect(recording.received.map((event) => event.id)).toEqual(["d-1"]);
      expect(recording.errors).toEqual([]);
      expect(recording.logged).toEqual([
        {
          level: "info",
          message: "[typewire] webhook issues (d-1) is a duplicate: answered 208, handlers not run",
        },
      ]);
    });

    it("lets the redelivery of a delivery whose handlers failed run again", async () => {
      const recording = recordingWebhooks();
      let failing = true;
      recording.handler = () => {
        if (failing) throw new Error("database down");
      };
      running = await adapter.start(recording.webhooks, {
        log: recording.log,
        accept: withDedupe(createMemoryDedupeStore()),
      });
      expect((await running.send(delivery("d-2"))).status).toBe(500);
      failing = false;
      expect((await running.send(delivery("d-2"))).status).toBe(200);
      expect((await running.send(delivery("d-2"))).status).toBe(208);
      expect(recording.received).toHaveLength(2);
    });

    it("releases the id of a delivery that fails after its 202 answer", async () => {
      const recording = recordingWebhooks();
      let calls = 0;
      recording.handler = async () => {
        calls++;
        if (calls === 1) {
          await new Promise((resolve) => setTimeout(resolve, 60));
          throw new Error("late failure");
        }
      };
      const dedupe = createMemoryDedupeStore();
      running = await adapter.start(recording.webhooks, {
        log: recording.log,
        timeout: 10,
        accept: withDedupe(dedupe),
      });
      expect((await running.send(delivery("d-3"))).status).toBe(202);
      await vi.waitFor(() => expect(recording.errors).toHaveLength(1));
      await vi.waitFor(() => expect(dedupe.size).toBe(0));
      expect((await running.send(delivery("d-3"))).status).toBe(200);
    });
  });
}

describe("the accept option and its steps", () => {
  it("are checked when the middleware and the steps are created", () => {
    const { webhooks } = recordingWebhooks();
    for (const create of [createNodeMiddleware, createWebMiddleware]) {
      expect(() => create(webhooks, { accept: {} as never })).toThrow(
        /middleware: options.accept must be a delivery step: withDedupe\(store\), toQueue\(queue\)/,
      );
      // The options this one replaced say how to migrate instead of being ignored.
      expect(() => create(webhooks, { dedupe: createMemoryDedupeStore() } as never)).toThrow(
        /\(they replace options.dedupe and options.queue\)/,
      );
      expect(() => create(webhooks, { queue: { enqueue: async () => {} } } as never)).toThrow(
        /they replace options.dedupe and options.queue/,
      );
    }
    expect(() => withDedupe({} as never)).toThrow(
      /withDedupe: store must be a dedupe store with claim\(\) and release\(\)/,
    );
    expect(() => withDedupe(createMemoryDedupeStore(), {} as never)).toThrow(
      /withDedupe: then must be a delivery step/,
    );
    expect(() => toQueue({ add() {} } as never)).toThrow(
      /toQueue: queue must be a delivery queue with enqueue\(\)/,
    );
  });
});
