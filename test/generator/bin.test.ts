import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../generator/paths.js";

const run = promisify(execFile);
const bin = join(packageRoot, "bin/typewire.js");

describe("the typewire executable", () => {
  it("runs the CLI and passes its exit code to the shell", async () => {
    const ok = await run("node", [bin, "check"], { cwd: packageRoot });
    expect(ok.stdout).toBe("typewire: generated files are up to date\n");
    const usage = await run("node", [bin, "generate", "--nope"], { cwd: packageRoot }).catch(
      (e: unknown) => e,
    );
    expect(usage).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown option --nope"),
    });
  });
});
