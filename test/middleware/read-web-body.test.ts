import { describe, expect, it, vi } from "vitest";
import { createWebMiddleware } from "@typewire/runtime/middleware";
import { recordingWebhooks, signBytes } from "./test-webhooks.js";

const PATH = "/api/platform/webhooks";
const encoder = new TextEncoder();

/** A streamed delivery: no content-length, so only reading the stream can find its size. */
function streamedRequest(body: ReadableStream<Uint8Array>, signature: string): Request {
  return new Request(`http://localhost${PATH}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-platform-event": "issues",
      "x-platform-delivery": "d-1",
      "x-hub-signature-256": signature,
    },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("web middleware reading a streamed body", () => {
  it("answers 400 when the body stream errors before its end", async () => {
    const recording = recordingWebhooks();
    const middleware = createWebMiddleware(recording.webhooks, { log: recording.log });
    const body = JSON.stringify({ action: "opened" });
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(encoder.encode(body.slice(0, 5)));
        } else controller.error(new Error("client went away"));
      },
    });
    const response = await middleware(streamedRequest(stream, signBytes(body)));
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toEqual({ error: "The request body was cut off before its end" });
    expect(recording.received).toEqual([]);
  });

  it("answers 413 once many small chunks pass maxBodySize, and cancels the rest", async () => {
    const recording = recordingWebhooks();
    const maxBodySize = 1000;
    const middleware = createWebMiddleware(recording.webhooks, {
      log: recording.log,
      maxBodySize,
    });
    const chunk = encoder.encode("x".repeat(100));
    const total = 1000;
    let pulled = 0;
    const cancel = vi.fn();
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk);
        if (pulled === total) controller.close();
      },
      cancel,
    });
    const response = await middleware(streamedRequest(stream, "sha256=00"));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: `Request body is larger than the ${maxBodySize}-byte limit (maxBodySize)`,
    });
    await vi.waitFor(() => expect(cancel).toHaveBeenCalledOnce());
    // 11 chunks of 100 bytes pass the limit; the stream may have queued a few more, not all.
    expect(pulled).toBeGreaterThanOrEqual(11);
    expect(pulled).toBeLessThan(total);
    expect(recording.received).toEqual([]);
  });

  it("joins many chunks under the limit into one body that verifies", async () => {
    const recording = recordingWebhooks();
    const middleware = createWebMiddleware(recording.webhooks, { log: recording.log });
    const body = JSON.stringify({ action: "opened", pad: "y".repeat(5000) });
    const bytes = encoder.encode(body);
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(bytes.subarray(offset, offset + 97));
        offset += 97;
        if (offset >= bytes.length) controller.close();
      },
    });
    const response = await middleware(streamedRequest(stream, signBytes(body)));
    expect(response.status).toBe(200);
    expect(recording.received[0]!.payload).toEqual(JSON.parse(body));
  });
});
