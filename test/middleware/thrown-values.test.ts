import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MiddlewareWebhooks } from "@typewire/runtime/middleware";
import { type Running, type TestRequest, adapters } from "./adapters.js";
import { hostileValues } from "./hostile-values.js";
import { recordingWebhooks, signBytes } from "./test-webhooks.js";

const PATH = "/api/platform/webhooks";
const BODY = JSON.stringify({ action: "opened", issue: { number: 7 } });

function delivery(id: string): TestRequest {
  return {
    method: "POST",
    path: PATH,
    body: BODY,
    headers: {
      "content-type": "application/json",
      "x-platform-event": "issues",
      "x-platform-delivery": id,
      "x-hub-signature-256": signBytes(BODY),
    },
  };
}

/** Everything the process would have died of: uncaught exceptions and unhandled rejections. */
const escaped: unknown[] = [];
const record = (error: unknown) => void escaped.push(error);

let running: Running | undefined;
beforeEach(() => {
  escaped.length = 0;
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  process.off("uncaughtException", record);
  process.off("unhandledRejection", record);
});

/**
 * Sends a request and fails the test if no answer comes at all. The bound only turns a receiver
 * that never answers into a failure instead of a hang; it says nothing about speed.
 */
async function answered(request: TestRequest) {
  let timer: NodeJS.Timeout | undefined;
  const never = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("the receiver never answered")), 5000);
  });
  try {
    return await Promise.race([running!.send(request), never]);
  } finally {
    clearTimeout(timer);
  }
}

/** Lets timers and pending rejections run, so anything unhandled has surfaced. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A thenable that rejects with a Proxy whose every trap throws. */
function rejectingWithProxy(): PromiseLike<never> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a hand-made thenable is the point
    then(_onFulfilled, onRejected) {
      onRejected?.(hostileValues.find(([name]) => name.startsWith("a Proxy"))![1]());
      return this as PromiseLike<never>;
    },
  };
}

/** What a handler returns instead of throwing: values that look like promises and are not. */
const hostileReturns: [string, () => unknown][] = [
  ...hostileValues.filter(([name]) => name.includes("Proxy") || name.includes("thenable")),
  ["a thenable that rejects with a Proxy", rejectingWithProxy],
];

for (const adapter of adapters) {
  describe(`${adapter.name}: whatever a handler throws, the receiver answers and lives`, () => {
    const ways: [string, (value: unknown) => () => unknown][] = [
      [
        "throws",
        (value) => () => {
          throw value;
        },
      ],
      ["rejects with", (value) => () => Promise.reject(value)],
      ["returns", (value) => () => value],
    ];
    for (const [way, handlerFor] of ways) {
      const values = way === "returns" ? hostileReturns : hostileValues;
      for (const [name, make] of values) {
        it(`a handler that ${way} ${name}`, async () => {
          const recording = recordingWebhooks();
          const handler = handlerFor(make());
          recording.handler = handler;
          running = await adapter.start(recording.webhooks, { log: recording.log, timeout: 2000 });
          const response = await answered(delivery("hostile"));
          expect(response.status).toBe(500);
          const body = JSON.parse(response.body.toString()) as { error: unknown };
          expect(typeof body.error).toBe("string");
          expect(body.error).not.toBe("");
          expect(recording.errors).toHaveLength(1);
          expect(recording.errors[0]).toBeInstanceOf(Error);

          // Still alive and still answering: the next delivery runs normally.
          recording.handler = () => undefined;
          expect((await answered(delivery("after"))).status).toBe(200);
          await settle();
          expect(escaped).toEqual([]);
        });
      }
    }

    for (const [name, make] of hostileValues) {
      it(`a verifyAndReceive of its own that throws ${name}`, async () => {
        const recording = recordingWebhooks();
        const webhooks: MiddlewareWebhooks = {
          verifyAndReceive() {
            throw make();
          },
        };
        running = await adapter.start(webhooks, { log: recording.log });
        const response = await answered(delivery("own"));
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(typeof (JSON.parse(response.body.toString()) as { error: unknown }).error).toBe(
          "string",
        );
        await settle();
        expect(escaped).toEqual([]);
      });
    }

    it("a verifyAndReceive of its own that returns something that is not a promise", async () => {
      const recording = recordingWebhooks();
      for (const value of [undefined, 42, hostileReturns[0]![1]()]) {
        const webhooks = { verifyAndReceive: () => value } as unknown as MiddlewareWebhooks;
        running = await adapter.start(webhooks, { log: recording.log });
        expect((await answered(delivery("odd"))).status).toBeGreaterThanOrEqual(200);
        await running.close();
        running = undefined;
      }
      await settle();
      expect(escaped).toEqual([]);
    });

    it("a logger that throws still lets the receiver answer", async () => {
      const recording = recordingWebhooks();
      recording.handler = () => {
        throw new Error("handler failed");
      };
      const log = {
        warn: () => {
          throw new Error("warn throws");
        },
        error: () => {
          throw new Error("error throws");
        },
      };
      running = await adapter.start(recording.webhooks, { log, timeout: 2000 });
      expect((await answered(delivery("logged"))).status).toBe(500);
      // The 202 path logs from a timer, where a throw would be an uncaught exception.
      recording.handler = () => new Promise((resolve) => setTimeout(resolve, 100));
      await running.close();
      running = await adapter.start(recording.webhooks, { log, timeout: 10 });
      expect((await answered(delivery("slow"))).status).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(escaped).toEqual([]);
    });
  });
}
