import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const repo = join(import.meta.dirname, "../..");

/**
 * Bundles `source` as `npm run bench:bundle` does (browser, minified, ES modules), from the
 * runtime's TypeScript sources, and returns the runtime files it holds and its text.
 */
async function bundle(source: string) {
  const result = await build({
    stdin: { contents: source, resolveDir: repo, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: ["typewire-source"],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  // What the output holds: every input with bytes in it (tree-shaken modules have none).
  const output = Object.values(result.metafile.outputs)[0]!;
  const files = Object.entries(output.inputs)
    .filter(([path, { bytesInOutput }]) => bytesInOutput > 0 && path.includes("runtime/src/"))
    .map(([path]) => path.replace(/^.*runtime\/src\//, ""));
  return { files, text: result.outputFiles[0]!.text };
}

const WEB_ENTRY = `
  export { Webhooks } from "@typewire/runtime/webhooks";
  export { createWebMiddleware } from "@typewire/runtime/middleware";`;

describe("the web bundle of Webhooks + createWebMiddleware", () => {
  it("leaves out dedupe, durable mode and the node middleware's parts unless imported", async () => {
    const { files, text } = await bundle(WEB_ENTRY);
    expect(files).toContain("middleware/web/create-web-middleware.ts");
    expect(files).toContain("generated/webhooks/validate-event-name.ts");
    for (const left of [
      "dedupe/with-dedupe.ts",
      "dedupe/webhook-duplicate-error.ts",
      "webhook-unavailable-error.ts",
      "delivery-queue.ts",
      "middleware/deadline-list.ts",
      "middleware/match-target.ts",
    ]) {
      expect(files).not.toContain(left);
    }
    expect(text).not.toContain("dedupe store did not answer");
  });

  it("carries the dedupe step once a receiver imports it", async () => {
    const { files, text } = await bundle(
      `${WEB_ENTRY}\n  export { withDedupe, toQueue } from "@typewire/runtime/webhooks";`,
    );
    expect(files).toContain("dedupe/with-dedupe.ts");
    expect(files).toContain("delivery-queue.ts");
    expect(text).toContain("dedupe store did not answer");
  });
});
