import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { commands } from "../../cli/commands.js";
import { bundledFile } from "../../input/paths.js";
import { runCliProcess } from "../helpers/cli-process.js";

const readme = readFileSync(bundledFile("README.md"), "utf8");
const runtimeReadme = readFileSync(bundledFile("runtime/README.md"), "utf8");

/** The rows of the first table after `heading`, each as its cells (`\|` in a cell is a `|`). */
function tableAfter(text: string, heading: string): string[][] {
  const from = text.indexOf(heading);
  expect(from, heading).toBeGreaterThanOrEqual(0);
  const lines = text.slice(from).split("\n");
  const start = lines.findIndex((line) => line.startsWith("|"));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replace(/\\\|/g, "|")),
    );
  }
  return rows;
}

/** The text of a cell's first code span. */
const code = (cell: string) => /`([^`]+)`/.exec(cell)?.[1] ?? "";

describe("the README's CLI table", () => {
  const rows = tableAfter(readme, "## The CLI");

  it("has one row per command, in the order `typewire --help` lists them", () => {
    expect(rows.map(([command]) => code(command!).split(" ")[1])).toEqual(
      commands.map((command) => command.name),
    );
  });

  it("gives each command's usage exactly as its --help prints it, every flag included", async () => {
    for (const command of commands) {
      const { code: exit, stdout } = await runCliProcess([command.name, "--help"], {
        cwd: bundledFile("."),
      });
      expect(exit).toBe(0);
      const usage = /^Usage: (.*)$/m.exec(stdout)![1]!;
      const row = rows.find(([cell]) => code(cell!).split(" ")[1] === command.name)!;
      expect(code(row[0]!), command.name).toBe(usage);
      // Every long flag of the help's option list but --help is in the usage, so in the row.
      const flags = [
        ...stdout.slice(stdout.indexOf("Options:")).matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm),
      ]
        .map((match) => match[1]!)
        .filter((flag) => flag !== "--help");
      expect(flags.length, command.name).toBeGreaterThan(0);
      for (const flag of flags) expect(code(row[0]!), `${command.name} ${flag}`).toContain(flag);
    }
  }, 120_000); // seven CLI processes from the sources on a busy machine
});

describe("the README's programmatic API", () => {
  it("lists every function and class `typewire` exports, and nothing it does not", async () => {
    const api = await import("../../generator/index.js");
    const listed = tableAfter(readme, "### From a build script").map(
      ([cell]) => /^`(\w+)/.exec(cell!)![1],
    );
    expect(listed.sort()).toEqual(Object.keys(api).sort());
  });
});

describe("runtime/README.md's entry points", () => {
  const rows = tableAfter(runtimeReadme, "## Entry points");

  it("lists every public subpath of @typewire/runtime, and no other", () => {
    const manifest = JSON.parse(readFileSync(bundledFile("runtime/package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    const exported = Object.keys(manifest.exports)
      .filter((path) => path !== "./package.json")
      .map((path) => (path === "." ? "@typewire/runtime" : `@typewire/runtime/${path.slice(2)}`));
    expect(rows.map(([cell]) => code(cell!)).sort()).toEqual(exported.sort());
  });

  it("names every function /testing and /queue export", async () => {
    for (const subpath of ["testing", "queue"] as const) {
      const module = (await import(`@typewire/runtime/${subpath}`)) as Record<string, unknown>;
      const functions = Object.entries(module)
        .filter(([name, value]) => typeof value === "function" && /^[a-z]/.test(name))
        .map(([name]) => name);
      expect(functions.length).toBeGreaterThan(0);
      const row = rows.find(([cell]) => code(cell!) === `@typewire/runtime/${subpath}`)!;
      for (const name of functions) expect(row[1], `${subpath}: ${name}`).toContain(`\`${name}\``);
    }
  });
});
