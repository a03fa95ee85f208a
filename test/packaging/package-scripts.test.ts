import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../input/paths.js";

const run = promisify(execFile);

async function scriptsOf(folder: string): Promise<Record<string, string>> {
  const manifest = JSON.parse(await readFile(join(folder, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  return manifest.scripts ?? {};
}

describe("package.json scripts", () => {
  for (const folder of [".", "runtime"]) {
    it(`${folder}/package.json: every script file it runs exists`, async () => {
      const root = join(packageRoot, folder);
      const missing: string[] = [];
      for (const [name, command] of Object.entries(await scriptsOf(root))) {
        for (const word of command.split(/\s+/)) {
          if (/^[\w./-]+\.(?:js|mjs|cjs|ts)$/.test(word) && !existsSync(join(root, word))) {
            missing.push(`${name}: ${word}`);
          }
        }
      }
      expect(missing).toEqual([]);
    });
  }

  it("`npm run bench` runs every bench:* script, one after the other", async () => {
    const scripts = await scriptsOf(packageRoot);
    expect(scripts.bench).toBe("tsx bench/all.ts");
    const benchmarks = Object.keys(scripts).filter((name) => name.startsWith("bench:"));
    expect(benchmarks.length).toBeGreaterThan(0);
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", join(packageRoot, "bench/all.ts"), "--list"],
      { cwd: packageRoot },
    );
    expect(stdout.trim().split("\n")).toEqual(benchmarks.sort());
  });
});

describe("generated folders committed in the repository", () => {
  /** Every config file of the repository whose output is committed (node_modules and work folders aside). */
  async function committedConfigs(): Promise<string[]> {
    const { stdout } = await run("git", ["ls-files", "*typewire.config.json"], {
      cwd: packageRoot,
    });
    return stdout
      .split("\n")
      .filter((file) => file !== "" && !file.startsWith("test/packaging/consumer-app/"))
      .sort();
  }

  it("CI and `npm run check` check each of them, besides the bundled defaults", async () => {
    const configs = await committedConfigs();
    expect(configs).toEqual(
      expect.arrayContaining([
        "runtime/typewire.config.json",
        "test/webhooks/custom-table/typewire.config.json",
        "test/content/craft5/typewire.config.json",
      ]),
    );
    const ci = await readFile(join(packageRoot, ".ci/run"), "utf8");
    const { check } = await scriptsOf(packageRoot);
    for (const text of [ci, check!]) {
      expect(text).toMatch(/node bin\/typewire\.js check(?! --config)/);
      for (const config of configs) expect(text).toContain(`check --config ${config}`);
    }
  });

  it("the runtime's copy of the platform's table is up to date", async () => {
    // A stale copy fails this command, which CI runs (checked above); `check` itself, stale
    // files and all, is tested in test/cli/.
    const { stdout } = await run(
      process.execPath,
      [join(packageRoot, "bin/typewire.js"), "check", "--config", "runtime/typewire.config.json"],
      { cwd: packageRoot },
    );
    expect(stdout).toContain("up to date");
  });
});
