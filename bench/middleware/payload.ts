import { createHmac } from "node:crypto";
import { createRequire } from "node:module";

export const SECRET = "<SIGNING_SECRET>";
export const PATH = "/api/platform/webhooks";
export const PAYLOAD_BYTES = 8192;

interface ExampleGroup {
  name: string;
  examples: Record<string, unknown>[];
}

/**
 * A realistic `issues.opened` delivery of exactly 8 KB: a recorded example payload (vendor
 * names neutralised), trimmed or padded through `issue.body` to the size.
 */
export function benchPayload(): string {
  const require = createRequire(import.meta.url);
  const groups = require("@octokit/webhooks-examples/api.github.com/index.json") as ExampleGroup[];
  const example = groups
    .find((group) => group.name === "issues")!
    .examples.find((each) => each.action === "opened")!;
  const payload = JSON.parse(JSON.stringify(example).replaceAll("github", "platform")) as {
    issue: { body: string };
    repository: Record<string, unknown>;
  };
  payload.issue.body = "";
  const keys = Object.keys(payload.repository).reverse();
  while (JSON.stringify(payload).length > PAYLOAD_BYTES - 200)
    delete payload.repository[keys.shift()!];
  payload.issue.body = "x".repeat(PAYLOAD_BYTES - JSON.stringify(payload).length);
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) !== PAYLOAD_BYTES)
    throw new Error(`payload is ${Buffer.byteLength(text)} bytes`);
  return text;
}

/** The headers the platform sends with `body`. */
export function benchHeaders(body: string): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-platform-event": "issues",
    "x-platform-delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958",
    "x-hub-signature-256": `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`,
    // The peer reads the vendor's header names; sent to every server so requests are identical.
    "x-github-event": "issues",
    "x-github-delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958",
  };
}
