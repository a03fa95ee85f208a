import { GeneratorError } from "../input/errors.js";
import type { Difference, WriteResult } from "../generator/writer.js";
import { UsageError } from "./args.js";

/** Summary of a `generate` run. */
export function formatWriteResult(result: WriteResult): string {
  const lines = [
    ...result.written.map((path) => `wrote    ${path}`),
    ...result.removed.map((path) => `removed  ${path}`),
  ];
  const total = result.written.length + result.unchanged.length;
  lines.push(
    `typewire: ${result.written.length} of ${total} files written, ${result.unchanged.length} unchanged` +
      (result.removed.length ? `, ${result.removed.length} leftover removed` : ""),
  );
  return `${lines.join("\n")}\n`;
}

const kindText: Record<Difference["kind"], string> = {
  stale: "stale      ",
  missing: "missing    ",
  extraneous: "extraneous ",
};

/** `check`'s report: every file that differs, and how to fix it. */
export function formatDifferences(differences: readonly Difference[]): string {
  if (differences.length === 0) return "typewire: generated files are up to date\n";
  return [
    ...differences.map((d) => `${kindText[d.kind]}${d.displayPath}`),
    `typewire: ${differences.length} generated file${differences.length === 1 ? " is" : "s are"} out of date; run \`typewire generate\` and commit the result.`,
    "",
  ].join("\n");
}

/** One line for a failure: location first for input errors, no stack trace. */
export function formatFailure(error: unknown): string {
  if (error instanceof GeneratorError) return `error: ${error.format()}`;
  if (error instanceof UsageError) return `typewire: ${error.message}`;
  return `error: ${error instanceof Error ? error.message : String(error)}`;
}
