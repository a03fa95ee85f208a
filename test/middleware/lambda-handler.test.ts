import { createLambdaHandler } from "@typewire/runtime/lambda";
import { signDelivery } from "@typewire/runtime/testing";
import { Webhooks } from "@typewire/runtime/webhooks";
import { describe, expect, it } from "vitest";

const secret = "lambda-secret";

async function receiver(options?: Parameters<typeof createLambdaHandler>[1]) {
  const webhooks = new Webhooks({ secret });
  const handled: string[] = [];
  webhooks.on("issues.opened", ({ id, payload }) => {
    handled.push(`${id}:${payload.issue.number}`);
  });
  return { handler: createLambdaHandler(webhooks, options), handled };
}

async function signed(id: string) {
  const { headers, body } = await signDelivery({
    secret,
    name: "issues.opened",
    payload: { issue: { number: 3 } },
    id,
  });
  return { headers, text: new TextDecoder().decode(body) };
}

describe("createLambdaHandler", () => {
  it("answers a function URL event (format 2.0) and runs the handler", async () => {
    const { handler, handled } = await receiver();
    const { headers, text } = await signed("url");
    const result = await handler({
      rawPath: "/api/platform/webhooks",
      headers: { ...headers, host: "x.lambda-url.eu-west-1.on.aws" },
      requestContext: { http: { method: "POST" } },
      body: text,
      isBase64Encoded: false,
    });
    expect(result).toEqual({
      statusCode: 200,
      headers: expect.objectContaining({
        "content-type": expect.stringMatching(/^application\/json/),
      }),
      body: '{"ok":true}',
      isBase64Encoded: false,
    });
    expect(handled).toEqual(["url:3"]);
  });

  it("decodes a base64 body, byte for byte, before checking its signature", async () => {
    const { handler, handled } = await receiver();
    const { headers, body } = await signDelivery({
      secret,
      name: "issues.opened",
      payload: '{"action":"opened","issue":{"number":4,"title":"Ünïcödé ✓"}}',
      id: "b64",
    });
    const result = await handler({
      rawPath: "/api/platform/webhooks",
      headers,
      requestContext: { domainName: "api.example", http: { method: "POST" } },
      body: Buffer.from(body).toString("base64"),
      isBase64Encoded: true,
    });
    expect(result.statusCode).toBe(200);
    expect(handled).toEqual(["b64:4"]);
  });

  it("answers a REST API event (format 1.0) with mixed-case header names", async () => {
    const { handler, handled } = await receiver({ path: "/hooks" });
    const { headers, text } = await signed("rest");
    const result = await handler({
      httpMethod: "POST",
      path: "/hooks",
      headers: {
        "Content-Type": headers["content-type"]!,
        "X-Platform-Event": headers["x-platform-event"]!,
        "X-Platform-Delivery": headers["x-platform-delivery"]!,
        "X-Hub-Signature-256": headers["x-hub-signature-256"]!,
      },
      body: text,
      isBase64Encoded: false,
    });
    expect(result.statusCode).toBe(200);
    expect(handled).toEqual(["rest:3"]);
  });

  it("refuses a bad signature with 400 and another path with 404, as the web middleware does", async () => {
    const { handler, handled } = await receiver();
    const { headers, text } = await signed("forged");
    const forged = await handler({
      rawPath: "/api/platform/webhooks",
      headers: { ...headers, "x-hub-signature-256": `sha256=${"1".repeat(64)}` },
      requestContext: { http: { method: "POST" } },
      body: text,
    });
    expect(forged.statusCode).toBe(400);
    expect(JSON.parse(forged.body).error).toContain("x-hub-signature-256");
    const elsewhere = await handler({
      rawPath: "/other",
      headers: {},
      requestContext: { http: { method: "GET" } },
      body: "ignored on a GET",
    });
    expect(elsewhere).toMatchObject({
      statusCode: 404,
      body: JSON.stringify({ error: "Unknown route: GET /other" }),
    });
    expect(handled).toEqual([]);
  });

  it("throws a TypeError naming the fields for an event that is not an HTTP event", async () => {
    const { handler } = await receiver();
    await expect(handler({ body: "{}" })).rejects.toThrow(
      /no requestContext\.http\.method and rawPath .* nor httpMethod and path/,
    );
    await expect(handler(null as never)).rejects.toThrow(TypeError);
  });
});
