import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Receiver, SECRET, startReceiver } from "../helpers/receivers.js";
import { runCli, writeTree } from "../helpers/temp-project.js";
import { linkedProject, typeCheck } from "../helpers/typescript-project.js";

const post = (operationId: string, component: string) => ({
  post: {
    operationId,
    requestBody: {
      content: { "application/json": { schema: { $ref: `#/components/schemas/${component}` } } },
    },
  },
});

/**
 * A newer release of the platform's OpenAPI webhooks description that has an event the bundled
 * table lacks (`deploy-hook/fired`), in the description's own words and layout.
 */
const description = {
  openapi: "3.1.0",
  webhooks: {
    "deploy-hook-fired": post("deploy-hook/fired", "webhook-deploy-hook-fired"),
    ping: post("ping", "webhook-ping"),
  },
  components: {
    schemas: {
      "simple-user": {
        type: "object",
        properties: { login: { type: "string" }, id: { type: "integer" } },
        required: ["login", "id"],
      },
      "webhook-deploy-hook-fired": {
        type: "object",
        description: "A deploy hook fired.",
        properties: {
          action: { type: "string", enum: ["fired"] },
          sha: { type: "string", description: "The commit deployed." },
          environment: { type: ["string", "null"] },
          sender: { $ref: "#/components/schemas/simple-user" },
        },
        required: ["action", "sha", "environment", "sender"],
      },
      "webhook-ping": {
        type: "object",
        properties: { zen: { type: "string" } },
        required: ["zen"],
      },
    },
  },
};

let dir: string | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the platform adds an event: the documented path", () => {
  it("payload-schemas from a newer description, then generate, types its handlers, and deliver --config sends it to them", async () => {
    dir = await linkedProject("typewire-new-event-");
    await writeTree(dir, {
      "description.json": JSON.stringify(description),
      "webhooks/events.json": JSON.stringify({ events: { deploy_hook: ["fired"], ping: [] } }),
      "typewire.config.json": JSON.stringify({
        webhooks: { events: "webhooks/events.json", payloads: "webhooks/payloads", out: "gen" },
      }),
      "app.ts": [
        'import { Webhooks } from "./gen/index.js";',
        "",
        'export const webhooks = new Webhooks({ secret: "s" });',
        'webhooks.on("deploy_hook.fired", ({ payload }) => {',
        "  const sha: string = payload.sha;",
        "  const environment: string | null = payload.environment;",
        "  const login: string = payload.sender.login;",
        "  // @ts-expect-error the description declares no such field",
        "  payload.deployment;",
        "  return [sha, environment, login];",
        "});",
        "// @ts-expect-error an action the table does not list",
        'webhooks.on("deploy_hook.failed", () => undefined);',
        "",
      ].join("\n"),
    });

    const schemas = await runCli(
      [
        "payload-schemas",
        "--description",
        "description.json",
        "--events",
        "webhooks/events.json",
        "--out",
        "webhooks/payloads",
      ],
      dir,
    );
    expect(schemas.code, schemas.stderr).toBe(0);
    const generated = await runCli(["generate"], dir);
    expect(generated.code, generated.stderr).toBe(0);
    expect(typeCheck(dir, ["app.ts"])).toEqual([]);

    const { Webhooks } = (await import(
      join(dir, "gen/index.ts")
    )) as typeof import("./custom-table/generated/index.js");
    const webhooks = new Webhooks({ secret: SECRET });
    const seen: unknown[] = [];
    webhooks.on("deploy_hook.fired" as "deploy_hook.fired", (event) => {
      seen.push(event);
    });
    receiver = await startReceiver(webhooks, {});
    const delivered = await runCli(
      [
        "deliver",
        "deploy_hook.fired",
        "--config",
        "typewire.config.json",
        "--url",
        `http://127.0.0.1:${receiver.port}/api/platform/webhooks`,
        "--secret",
        SECRET,
        "--id",
        "new-event-1",
      ],
      dir,
    );
    expect(delivered.stdout).toMatch(/^delivery new-event-1: HTTP 200 OK$/m);
    expect(delivered.code).toBe(0);
    expect(seen).toEqual([
      {
        id: "new-event-1",
        name: "deploy_hook",
        payload: {
          action: "fired",
          sha: expect.stringMatching(/^[0-9a-f]{40}$/),
          environment: expect.any(String),
          sender: { login: expect.any(String), id: expect.any(Number) },
        },
      },
    ]);
  });
});
