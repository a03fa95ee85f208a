import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

// `npm run bench`: every `bench:*` script of the root package.json, one after the other (never
// in parallel: each one measures, and two at once would skew both). Read from package.json so a
// new benchmark is included as soon as it has a script. `--list` prints the scripts and exits.

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  scripts: Record<string, string>;
};
const names = Object.keys(manifest.scripts)
  .filter((name) => name.startsWith("bench:"))
  .sort();

if (process.argv.includes("--list")) {
  console.log(names.join("\n"));
  process.exit(0);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const failed: string[] = [];
for (const name of names) {
  console.log(`\n=== npm run ${name} ===\n`);
  const result = spawnSync(npm, ["run", name], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) failed.push(`${name} (exit ${result.status ?? result.signal})`);
}
if (failed.length > 0) {
  console.error(`\n${failed.length} of ${names.length} benchmarks failed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`\nAll ${names.length} benchmarks ran: ${names.join(", ")}.`);
