import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "@typewire/runtime/event-handler";
import { type DedupeStore, Webhooks, withDedupe } from "@typewire/runtime/webhooks";
import { type Running, type TestRequest, adapters } from "./adapters.js";
import { SECRET, recordingWebhooks, signBytes } from "./test-webhooks.js";

const PATH = "/api/platform/webhooks";
const BODY = JSON.stringify({ action: "opened", issue: { number: 7 } });

function delivery(signature = signBytes(BODY)): TestRequest {
  return {
    method: "POST",
    path: PATH,
    body: BODY,
    headers: {
      "content-type": "application/json",
      "x-platform-event": "issues",
      "x-platform-delivery": "d-1",
      "x-hub-signature-256": signature,
    },
  };
}

function throwingLogger(): Logger {
  const fail = () => {
    throw new Error("the logger is broken");
  };
  return { debug: fail, info: fail, warn: fail, error: fail };
}

let running: Running | undefined;
const escaped: unknown[] = [];
const record = (error: unknown) => escaped.push(error);
beforeEach(() => {
  escaped.length = 0;
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
});
afterEach(async () => {
  process.off("uncaughtException", record);
  process.off("unhandledRejection", record);
  await running?.close();
  running = undefined;
});

for (const adapter of adapters) {
  describe(`${adapter.name} adapter's logging`, () => {
    it("calls a logger method replaced after the middleware was created", async () => {
      const recording = recordingWebhooks();
      recording.handler = () => {
        throw new Error("cannot save issue 7");
      };
      const log: Logger = { debug() {}, info() {}, warn() {}, error() {} };
      running = await adapter.start(recording.webhooks, { log });
      const error = vi.spyOn(log, "error");
      const warn = vi.spyOn(log, "warn");
      expect((await running.send(delivery())).status).toBe(500);
      expect(error).toHaveBeenCalledTimes(1);
      expect((await running.send(delivery(signBytes(BODY, "wrong")))).status).toBe(400);
      expect(warn).toHaveBeenCalledTimes(1);
    });

    it("logs a handler failure with the error itself, so its stack and .errors reach the log, but never the payload", async () => {
      const recording = recordingWebhooks();
      const thrown = new Error("cannot save issue 7");
      recording.handler = () => {
        throw thrown;
      };
      const calls: unknown[][] = [];
      running = await adapter.start(recording.webhooks, {
        log: { error: (...data: unknown[]) => calls.push(data) },
      });
      expect((await running.send(delivery())).status).toBe(500);
      expect(calls).toHaveLength(1);
      const [message, logged] = calls[0]!;
      expect(message).toContain("cannot save issue 7");
      expect(String(message).match(/\[typewire\]/g)).toHaveLength(1);
      expect(logged).toBeInstanceOf(AggregateError);
      const [handlerError] = (logged as AggregateError).errors as Error[];
      expect(handlerError).toBeInstanceOf(Error);
      expect(handlerError!.message).toBe(thrown.message);
      expect(handlerError!.stack).toBe(thrown.stack);
      expect((logged as AggregateError).stack).toContain("    at ");
      // The delivery (and its payload) stays out of the log; the thrown error itself is untouched.
      expect(inspect(calls, { depth: 10 })).not.toContain("issue: { number: 7 }");
      expect(Object.hasOwn(logged as object, "event")).toBe(false);
      expect(Object.hasOwn(handlerError!, "event")).toBe(false);
    });

    it("answers a handler that throws an error without a message with a body that reads whole", async () => {
      const recording = recordingWebhooks();
      recording.handler = () => {
        throw new Error();
      };
      running = await adapter.start(recording.webhooks, { log: { error() {} } });
      const response = await running.send(delivery());
      expect(response.status).toBe(500);
      const { error } = JSON.parse(response.body.toString()) as { error: string };
      expect(error).not.toMatch(/:\s*$/);
      expect(error).toContain("issues");
    });

    it("answers a failing handler with 500 when log.error throws, not 202 at the timeout", async () => {
      const recording = recordingWebhooks();
      recording.handler = async () => {
        throw new Error("cannot save issue 7");
      };
      running = await adapter.start(recording.webhooks, { log: throwingLogger(), timeout: 5000 });
      const response = await running.send(delivery());
      expect(response.status).toBe(500);
      expect(JSON.parse(response.body.toString()).error).toContain("cannot save issue 7");
      expect((await running.send(delivery())).status).toBe(500);
      expect(escaped).toEqual([]);
    });

    it("answers with the handler's failure when log.error throws while a dedupe claim cannot be released", async () => {
      // The release failure is logged by the Webhooks' own logger: that is the one that throws.
      const webhooks = new Webhooks({ secret: SECRET, log: throwingLogger() });
      webhooks.on("issues.opened", () => {
        throw new Error("cannot save issue 7");
      });
      const dedupe: DedupeStore = {
        claim: () => true,
        release: () => Promise.reject(new Error("the store is away")),
      };
      running = await adapter.start(webhooks, {
        log: throwingLogger(),
        accept: withDedupe(dedupe),
      });
      const response = await running.send(delivery());
      expect(response.status).toBe(500);
      expect(JSON.parse(response.body.toString()).error).toContain("cannot save issue 7");
      expect(escaped).toEqual([]);
    });

    it("refuses a wrong signature with 400 when log.warn throws, and stays up", async () => {
      const recording = recordingWebhooks();
      running = await adapter.start(recording.webhooks, { log: throwingLogger() });
      expect((await running.send(delivery(signBytes(BODY, "wrong")))).status).toBe(400);
      // The process (and the server) is still answering.
      expect((await running.send(delivery())).status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      expect(escaped).toEqual([]);
    });
  });
}
