import { createHash } from "node:crypto";
import { mkdtemp, readFile, readdir, rm, stat, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, afterEach } from "vitest";
import type { Io } from "../../cli/command.js";
import { main } from "../../cli/main.js";

const created: string[] = [];

/** A temporary folder, removed after the test. */
export async function tempDir(prefix = "typewire-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const createdForSuite: string[] = [];

/** A temporary folder kept for every test of the file, removed after the last one. */
export async function tempDirForSuite(prefix = "typewire-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  createdForSuite.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(
    createdForSuite.splice(0).map((dir) => rm(dir, { recursive: true, force: true })),
  );
});

/** Writes files (path → text) under `root`, creating folders. */
export async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

/** Every file under `dir` with a hash of its content and its mtime: equal snapshots mean nothing changed. */
export async function snapshotDir(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const walk = async (current: string): Promise<void> => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        const hash = createHash("sha256")
          .update(await readFile(path))
          .digest("hex");
        result[relative(dir, path)] = `${hash} ${(await stat(path)).mtimeMs}`;
      }
    }
  };
  await walk(dir);
  return result;
}

/** Runs the CLI in-process in `cwd` and captures what it prints. */
export async function runCli(
  argv: string[],
  cwd: string,
  interrupted: Promise<void> = new Promise(() => {}),
) {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd,
    interrupted,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
