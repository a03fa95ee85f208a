import { rm } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { Webhooks as PlatformWebhooks } from "@typewire/runtime/webhooks";
import { afterEach, describe, expect, it } from "vitest";
import { type Receiver, SECRET, startReceiver } from "../helpers/receivers.js";
import { runCli, writeTree } from "../helpers/temp-project.js";
import { linkedProject, typeCheck } from "../helpers/typescript-project.js";
import {
  createEventHandler,
  type EmitterWebhookEvent,
  emitterEventNames,
  validateEventName,
  Webhooks,
} from "./custom-table/generated/index.js";
import { examplePayload, signDelivery, signedRequest } from "./custom-table/generated/testing.js";
import { createWebMiddleware } from "@typewire/runtime/middleware";

/** A logger that keeps what it is given. */
function recordingLog() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (...data: unknown[]) => warnings.push(data.join(" ")) } };
}

/** Sends signed headers and body to a receiver over HTTP and reads the answer. */
function post(port: number, headers: Record<string, string>, body: Uint8Array) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, method: "POST", path: "/api/platform/webhooks", headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe("a user's own event table at run time", () => {
  it("a signed delivery of an event the platform's table lacks reaches its handler through the node middleware", async () => {
    const webhooks = new Webhooks({ secret: SECRET });
    const seen: EmitterWebhookEvent<"deploy_hook.fired">[] = [];
    const failed: string[] = [];
    webhooks.on("deploy_hook.fired", (event) => {
      seen.push(event);
    });
    webhooks.on("deploy_hook.failed", ({ payload }) => {
      failed.push(String(payload.status_code));
    });
    receiver = await startReceiver(webhooks, {});
    const { headers, body } = await signDelivery({
      secret: SECRET,
      name: "deploy_hook.fired",
      id: "delivery-7",
    });
    const answer = await post(receiver.port, headers, body);
    expect(answer).toEqual({ status: 200, body: '{"ok":true}' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: "delivery-7", name: "deploy_hook" });
    // The example comes from the table's own schema: every required field, plausible values.
    expect(seen[0]!.payload).toEqual(examplePayload("deploy_hook.fired"));
    expect(seen[0]!.payload).toMatchObject({
      action: "fired",
      hook: { id: expect.any(Number), url: expect.stringMatching(/^https:\/\//) },
      sha: expect.any(String),
      sender: { login: expect.any(String), id: expect.any(Number) },
    });
    expect(failed).toEqual([]);
  });

  it("checks names against its own table: the new event passes, a platform-only name warns", () => {
    const { warnings, log } = recordingLog();
    const webhooks = new Webhooks({ secret: SECRET, log });
    webhooks.on("deploy_hook.fired", () => undefined);
    webhooks.on("ping", () => undefined);
    expect(warnings).toEqual([]);
    webhooks.on("push" as never, () => undefined);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"push"');
    // The runtime's own Webhooks still checks against the platform's table.
    const platform = recordingLog();
    new PlatformWebhooks({ secret: SECRET, log: platform.log }).on(
      "deploy_hook.fired" as never,
      () => undefined,
    );
    expect(platform.warnings).toHaveLength(1);
    expect(platform.warnings[0]).toContain('"deploy_hook.fired"');
    new PlatformWebhooks({ secret: SECRET, log: platform.log }).on("push", () => undefined);
    expect(platform.warnings).toHaveLength(1);
  });

  it("exports the table's names and validator", () => {
    expect(emitterEventNames).toEqual([
      "deploy_hook",
      "deploy_hook.failed",
      "deploy_hook.fired",
      "issues",
      "issues.opened",
      "ping",
    ]);
    expect(() => validateEventName("deploy_hook.fired")).not.toThrow();
    expect(() => validateEventName("issues.closed")).toThrow(/issues\.closed/);
  });

  it("createEventHandler and the web middleware are bound the same way", async () => {
    const { warnings, log } = recordingLog();
    const handler = createEventHandler({ log });
    const received: string[] = [];
    handler.on("deploy_hook.failed", ({ payload }) => {
      received.push(`handler:${payload.status_code}`);
    });
    handler.on("pull_request" as never, () => undefined);
    expect(warnings).toHaveLength(1);
    await handler.receive({
      id: "1",
      name: "deploy_hook",
      payload: examplePayload("deploy_hook.failed"),
    });

    const webhooks = new Webhooks({ secret: SECRET });
    webhooks.on("ping", ({ payload }) => {
      received.push(`web:${payload.zen}`);
    });
    const middleware = createWebMiddleware(webhooks);
    const response = await middleware(
      await signedRequest("http://localhost/api/platform/webhooks", {
        secret: SECRET,
        name: "ping",
      }),
    );
    expect(response.status).toBe(200);
    expect(received).toEqual([
      `handler:${examplePayload("deploy_hook.failed").status_code}`,
      `web:${examplePayload("ping").zen}`,
    ]);
  });

  it("its testing helpers refuse a name outside the table", async () => {
    expect(() => examplePayload("push" as never)).toThrow(
      '[typewire] examplePayload: "push" is not an event name (see emitterEventNames)',
    );
    await expect(signDelivery({ secret: SECRET, name: "push" })).rejects.toThrow(
      /no example payload for "push", which is not an event name .*pass a payload/,
    );
  });

  it("a table without payload schemas binds too: actions narrowed, payloads open, no examples", async () => {
    const dir = await linkedProject("typewire-open-table-");
    try {
      await writeTree(dir, {
        "events.json": '{ "events": { "deploy_hook": ["fired"], "ping": [] } }',
        "typewire.config.json": '{ "webhooks": { "events": "events.json", "out": "gen" } }',
        "app.ts": [
          'import { Webhooks } from "./gen/index.js";',
          "",
          'const webhooks = new Webhooks({ secret: "s" });',
          'webhooks.on("deploy_hook.fired", ({ payload }) => {',
          '  const action: "fired" = payload.action;',
          "  const anything: unknown = payload.whatever;",
          "  return [action, anything];",
          "});",
          "// @ts-expect-error not an action of deploy_hook in this table",
          'webhooks.on("deploy_hook.failed", () => undefined);',
          "",
        ].join("\n"),
      });
      const generated = await runCli(["generate"], dir);
      expect(generated.stderr).toBe("");
      expect(generated.code).toBe(0);
      expect(typeCheck(dir, ["app.ts", "gen/testing.ts"])).toEqual([]);
      const testing = (await import(
        join(dir, "gen/testing.ts")
      )) as typeof import("./custom-table/generated/testing.js");
      expect(() => testing.examplePayload("ping" as never)).toThrow(
        '"ping" has no example: its table was generated without payload schemas',
      );
      await expect(testing.signDelivery({ secret: "s", name: "ping" })).rejects.toThrow(
        /no example payload for "ping", which has no example: .*; pass a payload/,
      );
      const signed = await testing.signDelivery({
        secret: "s",
        name: "ping",
        payload: { zen: "hi" },
      });
      expect(new TextDecoder().decode(signed.body)).toBe('{"zen":"hi"}');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
