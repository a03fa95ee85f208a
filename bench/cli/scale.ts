// How `typewire generate` grows with the size of a content schema: one run of the compiled CLI
// (a new process, as a user runs it) per size on a schema of N object types
// (`bench/cli/many-types.ts`), from scratch. Run with `npm run bench:scale`, or
// `npm run bench:scale -- --types 10000,30000,100000`. It prints seconds and the
// ratio of each size's time to the smallest size's time scaled by size: 1.0 is linear growth.
// It never fails on timings.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeManyTypesProject } from "./many-types.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const work = join(repo, "bench/.work/scale");
const flag = process.argv.indexOf("--types");
const sizes = (flag === -1 ? "10000,30000,100000" : (process.argv[flag + 1] ?? ""))
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);

const rows: { types: number; seconds: number }[] = [];
for (const types of sizes) {
  const dir = await writeManyTypesProject(work, types);
  const started = process.hrtime.bigint();
  const result = spawnSync(
    process.execPath,
    [join(repo, "bin/typewire.js"), "generate", "--force"],
    {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`generate failed for ${types} types:\n${result.stderr}`);
  rows.push({ types, seconds });
  process.stdout.write(`${types} types: ${seconds.toFixed(1)} s\n`);
}
const [first] = rows;
if (first) {
  process.stdout.write("\ntypes      seconds  time ratio / size ratio (1.0 = linear)\n");
  for (const row of rows) {
    const growth = row.seconds / first.seconds / (row.types / first.types);
    process.stdout.write(
      `${String(row.types).padEnd(10)} ${row.seconds.toFixed(1).padStart(7)}  ${growth.toFixed(2)}\n`,
    );
  }
}
