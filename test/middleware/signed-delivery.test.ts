import { describe, expect, it } from "vitest";
import { createWebMiddleware } from "@typewire/runtime/middleware";
import { examplePayload, signDelivery, signedRequest } from "@typewire/runtime/testing";
import { Webhooks } from "@typewire/runtime/webhooks";
import { recordingWebhooks, signBytes } from "./test-webhooks.js";

describe("signDelivery", () => {
  it("signs the exact body bytes with HMAC-SHA256 and sets every header", async () => {
    const { headers, body } = await signDelivery({
      secret: "s3cret",
      name: "push",
      id: "d-9",
      payload: { ref: "main" },
    });
    expect(new TextDecoder().decode(body)).toBe('{"ref":"main"}');
    expect(headers).toEqual({
      "content-type": "application/json",
      "x-platform-event": "push",
      "x-platform-delivery": "d-9",
      "x-hub-signature-256": signBytes('{"ref":"main"}', "s3cret"),
    });
  });

  it("puts the action of `event.action` into a payload that has none, and keeps one that has", async () => {
    const added = await signDelivery({
      secret: "s",
      name: "issues.opened",
      payload: { issue: {} },
    });
    expect(JSON.parse(new TextDecoder().decode(added.body))).toEqual({
      action: "opened",
      issue: {},
    });
    expect(added.headers["x-platform-event"]).toBe("issues");
    const kept = await signDelivery({
      secret: "s",
      name: "issues.opened",
      payload: { action: "closed" },
    });
    expect(JSON.parse(new TextDecoder().decode(kept.body))).toEqual({ action: "closed" });
  });

  it("signs strings and bytes as given, and makes up a delivery id", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]);
    const signed = await signDelivery({ secret: "s", name: "ping", payload: bytes });
    expect(signed.body).toEqual(bytes);
    expect(signed.headers["x-hub-signature-256"]).toBe(signBytes(bytes, "s"));
    expect(signed.headers["x-platform-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("without a payload, signs the example payload of the event and action", async () => {
    const { headers, body } = await signDelivery({ secret: "s", name: "issues.opened" });
    expect(JSON.parse(new TextDecoder().decode(body))).toEqual(examplePayload("issues.opened"));
    expect(headers["x-platform-event"]).toBe("issues");
    expect(headers["x-hub-signature-256"]).toBe(signBytes(body, "s"));
    const push = await signDelivery({ secret: "s", name: "push" });
    expect(JSON.parse(new TextDecoder().decode(push.body))).toEqual(examplePayload("push"));
  });

  it("without a payload, gives an event named without its action its first action's example", async () => {
    const { headers, body } = await signDelivery({ secret: "s", name: "issues" });
    expect(JSON.parse(new TextDecoder().decode(body))).toMatchObject({ action: "assigned" });
    expect(headers["x-platform-event"]).toBe("issues");
  });

  it("without a payload, refuses a name that is not an event; with one, signs it as given", async () => {
    await expect(signDelivery({ secret: "s", name: "issues.opend" })).rejects.toThrow(
      /signDelivery: no example payload for "issues\.opend".*pass a payload/,
    );
    const given = await signDelivery({ secret: "s", name: "custom_event", payload: { a: 1 } });
    expect(new TextDecoder().decode(given.body)).toBe('{"a":1}');
  });

  it("refuses a missing secret or name", async () => {
    await expect(signDelivery({ secret: "", name: "push", payload: {} })).rejects.toThrow(
      "secret is required",
    );
    await expect(signDelivery({ secret: "s", name: "", payload: {} })).rejects.toThrow(
      "name is required",
    );
  });
});

describe("signedRequest", () => {
  it("is received by the web middleware", async () => {
    const recording = recordingWebhooks();
    const middleware = createWebMiddleware(recording.webhooks, { log: recording.log });
    const response = await middleware(
      await signedRequest("http://localhost/api/platform/webhooks", {
        secret: "<SIGNING_SECRET>",
        name: "issues.opened",
        payload: { issue: { number: 1 } },
      }),
    );
    expect(response.status).toBe(200);
    expect(recording.received.map((event) => [event.name, event.payload])).toEqual([
      ["issues", { action: "opened", issue: { number: 1 } }],
    ]);
  });
});

describe("signedRequest without a payload", () => {
  it("reaches a handler that reads the fields of the event, through the web middleware", async () => {
    const webhooks = new Webhooks({ secret: "<SIGNING_SECRET>" });
    const numbers: number[] = [];
    webhooks.on("issues.opened", ({ payload }) => {
      numbers.push(payload.issue.number);
    });
    const middleware = createWebMiddleware(webhooks);
    const response = await middleware(
      await signedRequest("http://localhost/api/platform/webhooks", {
        secret: "<SIGNING_SECRET>",
        name: "issues.opened",
      }),
    );
    expect(await response.json()).toEqual({ ok: true });
    expect(response.status).toBe(200);
    expect(numbers).toEqual([examplePayload("issues.opened").issue.number]);
  });
});
