import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";
import { cliArgs } from "../helpers/cli-process.js";

const run = promisify(execFile);
let folder: string | undefined;

afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

// Tests start the CLI from its sources through tsx, whose transform cache would otherwise land
// in the OS temp folder (`tsx-<uid>/`) and stay there after the suite.
it("a CLI process started as the tests start it leaves nothing in the OS temp folder", async () => {
  folder = await mkdtemp(join(tmpdir(), "typewire-temp-folder-"));
  const { stdout } = await run(process.execPath, cliArgs("deliver", "--help"), {
    env: { ...process.env, TMPDIR: folder, TMP: folder, TEMP: folder },
  });
  expect(stdout).toContain("Usage: typewire deliver");
  expect(await readdir(folder)).toEqual([]);
}, 30_000);
