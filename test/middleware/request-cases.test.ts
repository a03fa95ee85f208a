import { afterEach, describe, expect, it } from "vitest";
import type { MiddlewareOptions } from "@typewire/runtime/middleware";
import {
  type Running,
  type TestRequest,
  type TestResponse,
  FALLTHROUGH_STATUS,
  adapters,
} from "./adapters.js";
import { type Recording, recordingWebhooks, signBytes } from "./test-webhooks.js";

const PATH = "/api/platform/webhooks";
const PAYLOAD = JSON.stringify({ action: "opened", issue: { number: 1, title: "Ünïcode ✓" } });

function delivery(
  body: string | Uint8Array = PAYLOAD,
  overrides: Partial<TestRequest> = {},
): TestRequest {
  return {
    method: "POST",
    path: PATH,
    body,
    ...overrides,
    headers: {
      "content-type": "application/json",
      "x-platform-event": "issues",
      "x-platform-delivery": "delivery-1",
      "x-hub-signature-256": signBytes(body),
      ...overrides.headers,
    },
  };
}

function without(request: TestRequest, ...names: string[]): TestRequest {
  const headers = { ...request.headers };
  for (const name of names) delete headers[name];
  return { ...request, headers };
}

interface Case {
  name: string;
  request: TestRequest;
  options?: MiddlewareOptions;
  handler?: Recording["handler"];
  status: number;
  /** Substring of the `error` message, for failures. */
  error?: string;
  /** Whether the handlers must have seen the event. */
  received?: boolean;
}

const BOM = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(PAYLOAD)]);
const fail = (error: Error) => () => {
  throw error;
};

const cases: Case[] = [
  { name: "a signed delivery is received", request: delivery(), status: 200, received: true },
  {
    name: "a trailing slash and a query are ignored",
    request: delivery(PAYLOAD, { path: `${PATH}/?x=1` }),
    status: 200,
    received: true,
  },
  {
    name: "dot segments resolve to the path",
    request: delivery(PAYLOAD, { path: "/api/platform/x/../webhooks" }),
    status: 200,
    received: true,
  },
  {
    name: "another path falls through",
    request: delivery(PAYLOAD, { path: "/api/platform/other" }),
    status: FALLTHROUGH_STATUS,
  },
  {
    name: "a longer path falls through",
    request: delivery(PAYLOAD, { path: `${PATH}x` }),
    status: FALLTHROUGH_STATUS,
  },
  {
    name: "a parent path falls through",
    request: delivery(PAYLOAD, { path: "/api/platform" }),
    status: FALLTHROUGH_STATUS,
  },
  {
    name: "case differs, so it falls through",
    request: delivery(PAYLOAD, { path: "/API/platform/webhooks" }),
    status: FALLTHROUGH_STATUS,
  },
  {
    name: "a custom path",
    request: delivery(PAYLOAD, { path: "/hooks/" }),
    options: { path: "/hooks" },
    status: 200,
  },
  {
    name: "GET on the path is 404",
    request: { method: "GET", path: PATH, headers: {} },
    status: 404,
    error: "Unknown route: GET",
  },
  {
    name: "PUT on the path is 404",
    request: delivery(PAYLOAD, { method: "PUT" }),
    status: 404,
    error: "Unknown route: PUT",
  },
  {
    name: "HEAD is 404 without a body",
    request: { method: "HEAD", path: PATH, headers: {} },
    status: 404,
  },
  {
    name: "text/plain is 415",
    request: delivery(PAYLOAD, { headers: { "content-type": "text/plain" } }),
    status: 415,
    error:
      'Unsupported content type "text/plain": set the webhook\'s content type to "application/json" on the platform',
  },
  {
    name: "form-urlencoded is 415 with the fix",
    request: delivery(`payload=${encodeURIComponent(PAYLOAD)}`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
    status: 415,
    error: 'set the webhook\'s content type to "application/json"',
  },
  {
    name: "a missing content type is 415",
    request: without(delivery(), "content-type"),
    status: 415,
    error: 'Missing content-type header: set the webhook\'s content type to "application/json"',
  },
  {
    name: "the media type is case-insensitive and takes parameters",
    request: delivery(PAYLOAD, { headers: { "content-type": "Application/JSON ; charset=UTF-8" } }),
    status: 200,
    received: true,
  },
  {
    name: "every missing header is named",
    request: without(delivery(), "x-platform-event", "x-hub-signature-256", "x-platform-delivery"),
    status: 400,
    error: "Required headers missing: x-platform-event, x-hub-signature-256, x-platform-delivery",
  },
  {
    name: "one missing header is named alone",
    request: without(delivery(), "x-platform-delivery"),
    status: 400,
    error: "Required headers missing: x-platform-delivery",
  },
  {
    name: "a wrong signature is 400",
    request: delivery(PAYLOAD, {
      headers: { "x-hub-signature-256": signBytes(PAYLOAD, "other secret") },
    }),
    status: 400,
    error: "signature does not match",
  },
  {
    name: "a malformed signature is 400",
    request: delivery(PAYLOAD, { headers: { "x-hub-signature-256": "sha1=abc" } }),
    status: 400,
    error: "signature does not match",
  },
  {
    name: "a body with a byte-order mark verifies over its raw bytes",
    request: delivery(BOM),
    status: 200,
    received: true,
  },
  {
    name: "invalid UTF-8, correctly signed, verifies and is then refused",
    request: delivery(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])),
    status: 400,
    error: "not valid UTF-8",
  },
  {
    name: "a signed number is 400",
    request: delivery("1"),
    status: 400,
    error: "must be a JSON object, got number",
  },
  { name: "a signed null is 400", request: delivery("null"), status: 400, error: "got null" },
  { name: "a signed array is 400", request: delivery("[]"), status: 400, error: "got an array" },
  { name: "a signed string is 400", request: delivery('"x"'), status: 400, error: "got string" },
  {
    name: "signed invalid JSON is 400",
    request: delivery("{"),
    status: 400,
    error: "not valid JSON",
  },
  {
    name: "an empty signed body is 400",
    request: delivery(""),
    status: 400,
    error: "not valid JSON",
  },
  {
    name: "a body over maxBodySize is 413",
    request: delivery(JSON.stringify({ pad: "x".repeat(2048) })),
    options: { maxBodySize: 1024 },
    status: 413,
    error: "1024-byte limit",
  },
  {
    name: "a body at maxBodySize passes",
    request: delivery(PAYLOAD),
    options: { maxBodySize: Buffer.byteLength(PAYLOAD) },
    status: 200,
  },
  {
    name: "a failing handler is 500 naming the error",
    request: delivery(),
    handler: fail(new Error("database is down ✗")),
    status: 500,
    error: "database is down ✗",
  },
  {
    name: "a failing handler's own 4xx status is used",
    request: delivery(),
    handler: fail(Object.assign(new Error("not for us"), { status: 403 })),
    status: 403,
    error: "not for us",
  },
  {
    name: "an invalid status on the error is ignored",
    request: delivery(),
    handler: fail(Object.assign(new Error("odd"), { status: 200 })),
    status: 500,
    error: "odd",
  },
  {
    name: "handlers still running after the timeout get 202",
    request: delivery(),
    options: { timeout: 30 },
    handler: () => new Promise((resolve) => setTimeout(resolve, 300)),
    status: 202,
    received: true,
  },
];

for (const adapter of adapters) {
  describe(`request cases through ${adapter.name}`, () => {
    let running: Running | undefined;
    afterEach(async () => {
      await running?.close();
      running = undefined;
    });

    for (const each of cases) {
      it(each.name, async () => {
        const recording = recordingWebhooks();
        if (each.handler) recording.handler = each.handler;
        running = await adapter.start(recording.webhooks, { log: recording.log, ...each.options });
        const response = await running.send(each.request);
        expect(response.status).toBe(each.status);
        if (each.status === FALLTHROUGH_STATUS) {
          expect(recording.received).toEqual([]);
          return;
        }
        expectJsonReply(response, each.request.method === "HEAD");
        if (each.error !== undefined) {
          const body = JSON.parse(response.body.toString()) as { error: string };
          expect(body.error).toContain(each.error);
          expect(body.error).not.toMatch(/\n\s+at /);
        }
        if (each.received) {
          expect(recording.received).toHaveLength(1);
          expect(recording.received[0]).toMatchObject({
            id: "delivery-1",
            name: "issues",
            payload: { action: "opened" },
          });
        } else if (each.received === false || each.status >= 400) {
          if (!each.handler) expect(recording.received).toEqual([]);
        }
      });
    }
  });
}

/** Every answer is JSON whose `content-length` counts bytes; HEAD carries the length but no body. */
function expectJsonReply(response: TestResponse, head: boolean) {
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  const length = Number(response.headers["content-length"]);
  if (head) {
    expect(response.body.byteLength).toBe(0);
    expect(length).toBeGreaterThan(0);
    return;
  }
  expect(length).toBe(response.body.byteLength);
  const parsed = JSON.parse(response.body.toString()) as Record<string, unknown>;
  expect(response.status >= 400 ? typeof parsed.error : typeof parsed.ok).toBe(
    response.status >= 400 ? "string" : "boolean",
  );
}
