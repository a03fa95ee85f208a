import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { packageRoot } from "../../input/paths.js";
import { cliArgs } from "../helpers/cli-process.js";
import { tempDir, writeTree } from "../helpers/temp-project.js";
import { until } from "../helpers/until.js";

const run = promisify(execFile);
/** Bound on each wait for the child: generous, since it starts TypeScript through tsx on a busy machine. */
const STARTUP_BOUND_MS = 30_000;

describe("the typewire executable", () => {
  it("runs the CLI and passes its exit code to the shell", async () => {
    const ok = await run(process.execPath, cliArgs("check"), { cwd: packageRoot });
    expect(ok.stdout).toBe("typewire: generated files are up to date\n");
    const usage = await run(process.execPath, cliArgs("generate", "--nope"), {
      cwd: packageRoot,
    }).catch((e: unknown) => e);
    expect(usage).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown option --nope"),
    });
  }, 60_000); // two CLI processes from the sources; check renders every file: ~10 s under heavy load
});

describe("typewire generate --watch", () => {
  let child: ChildProcess | undefined;

  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
    }
    child = undefined;
  });

  it("regenerates when an input file or the implicit config changes, says why, and exits 0 when stopped", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "events.json": '{"events": {"push": []}}',
      "typewire.config.json": '{"webhooks": {"events": "events.json", "out": "gen"}}',
    });
    const watcher = spawn(process.execPath, cliArgs("generate", "--watch"), {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = watcher;
    let stdout = "";
    let stderr = "";
    watcher.stdout.setEncoding("utf8").on("data", (text: string) => {
      stdout += text;
    });
    watcher.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr += text;
    });
    const running = (what: string) => () => {
      if (watcher.exitCode !== null) {
        throw new Error(`the CLI exited (${watcher.exitCode}) before ${what}: ${stderr}`);
      }
    };
    const names = () => readFile(join(dir, "gen/event-names.ts"), "utf8").catch(() => "");

    await until(
      () => {
        running("watching")();
        return stdout.includes("watching for changes");
      },
      "the watcher to start",
      STARTUP_BOUND_MS,
    );
    expect(await names()).toContain('"push"');
    expect(await names()).not.toContain('"star.created"');

    await writeFile(join(dir, "events.json"), '{"events": {"push": [], "star": ["created"]}}');
    await until(
      async () => {
        running("regenerating")();
        return (await names()).includes('"star.created"');
      },
      "the output to change",
      STARTUP_BOUND_MS,
    );
    // Each run says when and why it ran.
    await until(
      () => /typewire: \d\d:\d\d:\d\d events\.json changed\n/.test(stdout),
      "the reason line",
    );

    // The implicit ./typewire.config.json is watched too: a new output folder takes effect.
    await writeFile(
      join(dir, "typewire.config.json"),
      '{"webhooks": {"events": "events.json", "out": "gen2"}}',
    );
    await until(
      async () => {
        running("following the config")();
        return (await readFile(join(dir, "gen2/event-names.ts"), "utf8").catch(() => "")).includes(
          '"star.created"',
        );
      },
      "the config change to take effect",
      STARTUP_BOUND_MS,
    );
    await until(
      () => /typewire: \d\d:\d\d:\d\d typewire\.config\.json changed\n/.test(stdout),
      "the config reason line",
    );
    expect(stderr).toBe("");

    const exited = once(watcher, "exit");
    watcher.kill("SIGTERM");
    expect(await exited).toEqual([0, null]);
  }, 90_000);
});
