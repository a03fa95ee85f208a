import { execFile } from "node:child_process";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  emitterEventNamesOf,
  readEventActionTable,
} from "../../generator/webhooks/event-action-table.js";
import { packageRoot } from "../../generator/paths.js";
import { tempDir, writeTree } from "../helpers/temp-project.js";

const run = promisify(execFile);
const tsc = join(packageRoot, "node_modules/typescript/bin/tsc");

/**
 * Packs @typewire/runtime exactly as it would be published, installs the tarball into a scratch
 * project with no access to this repository, and uses it from JavaScript and from TypeScript
 * under both `node16` and `nodenext`.
 */
describe("the packed runtime", () => {
  it("works from a separate project that installs the tarball", { timeout: 120_000 }, async () => {
    const packDir = await tempDir("typewire-pack-");
    const { stdout } = await run("npm", ["pack", "--silent", "--pack-destination", packDir], {
      cwd: join(packageRoot, "runtime"),
    });
    const tarball = join(packDir, stdout.trim().split("\n").at(-1) ?? "");
    const listing = await run("tar", ["-tzf", tarball]);
    expect(listing.stdout).toContain("package/dist/output/webhooks/event-names.js");
    expect(listing.stdout).not.toContain("package/src/");

    const scratch = await tempDir("typewire-scratch-");
    await writeTree(scratch, {
      "package.json": JSON.stringify({ name: "scratch", private: true, type: "module" }),
      "main.js": [
        'import { emitterEventNames, validateEventName } from "@typewire/runtime/webhooks";',
        'validateEventName("issues.opened");',
        "console.log(JSON.stringify(emitterEventNames));",
      ].join("\n"),
      "check.ts": [
        'import { type EmitterWebhookEventName, validateEventName } from "@typewire/runtime/webhooks";',
        'const name: EmitterWebhookEventName = "pull_request.opened";',
        "validateEventName(name);",
        "// @ts-expect-error unknown event names do not compile",
        'const wrong: EmitterWebhookEventName = "pull_request.nope";',
        "export { wrong };",
      ].join("\n"),
    });
    await run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], {
      cwd: scratch,
    });
    const result = await run("node", ["main.js"], { cwd: scratch });
    const names = JSON.parse(result.stdout) as string[];
    const table = await readEventActionTable(join(packageRoot, "schemas/webhooks/events.json"));
    expect(names).toHaveLength(323);
    expect(names).toEqual(emitterEventNamesOf(table));

    for (const mode of ["node16", "nodenext"]) {
      const args = [
        "--noEmit",
        "--strict",
        "--module",
        mode,
        "--moduleResolution",
        mode,
        "--target",
        "es2022",
        "check.ts",
      ];
      await expect(run("node", [tsc, ...args], { cwd: scratch })).resolves.toBeTruthy();
    }
    expect(await readdir(join(scratch, "node_modules/@typewire/runtime"))).toContain("dist");
    const manifest = JSON.parse(
      await readFile(join(scratch, "node_modules/@typewire/runtime/package.json"), "utf8"),
    );
    expect(Object.keys(manifest.exports)).toContain("./webhooks");
  });
});
