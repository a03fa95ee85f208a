import { execFile } from "node:child_process";
import { cp, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageRoot } from "../../input/paths.js";
import {
  RECIPE_SECRET,
  type RunningServer,
  deliver,
  freePort,
  npmInstall,
  packed,
  pinned,
  startServer,
} from "../helpers/packed-project.js";
import { tempDirForSuite } from "../helpers/temp-project.js";
import { until } from "../helpers/until.js";

const run = promisify(execFile);
/** Packing, installing Next.js and `next build` on a busy 2-core machine: generous. */
const SUITE_BOUND_MS = 600_000;
const noTelemetry = { NEXT_TELEMETRY_DISABLED: "1" };

/**
 * The Next.js recipe of docs/recipes.md in a project of its own: examples/nextjs (an App Router
 * route handler) with the packed runtime and Next.js at the version this repository pins, built
 * with `next build` and served by `next start`, as a deployment runs it.
 */
describe(
  "the Next.js recipe, built and started from the packed runtime",
  { timeout: SUITE_BOUND_MS },
  () => {
    let project: string;
    let server: RunningServer | undefined;

    beforeAll(async () => {
      const runtime = await packed("runtime");
      project = await tempDirForSuite("typewire-next-");
      await cp(join(packageRoot, "examples/nextjs"), project, { recursive: true });
      await writeFile(
        join(project, "package.json"),
        JSON.stringify({ name: "next-recipe", private: true, type: "module" }),
      );
      await npmInstall(project, [runtime, pinned("next"), pinned("react"), pinned("react-dom")]);
    }, SUITE_BOUND_MS);

    afterAll(async () => {
      await server?.stop();
    });

    it("next build compiles the route without the signing secret", async () => {
      const { stdout } = await run(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
        cwd: project,
        env: { ...process.env, ...noTelemetry, WEBHOOK_SECRET: "" },
      });
      expect(stdout).toMatch(/ƒ \/api\/platform\/webhooks/);
    });

    it("next start: a signed delivery reaches the route's handler, a bad signature is refused", async () => {
      const port = await freePort();
      server = await startServer(
        process.execPath,
        ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
        { cwd: project, env: { ...noTelemetry, WEBHOOK_SECRET: RECIPE_SECRET }, ready: /Ready in/ },
      );
      const url = `http://127.0.0.1:${port}/api/platform/webhooks`;
      expect(await deliver(url, "next-signed")).toEqual({ status: 200, body: '{"ok":true}' });
      await until(
        () => server!.output().includes("handled next-signed: issues.opened #7"),
        "the handler's line",
      );
      const refused = await deliver(url, "next-forged", "bad-signature");
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body).error).toContain("the signature does not match");
      expect(server.output()).not.toContain("handled next-forged");
    });
  },
);
