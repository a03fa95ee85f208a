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
