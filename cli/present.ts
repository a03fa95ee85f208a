import { GeneratorError, GeneratorErrors } from "../input/errors.js";
import type { GenerateResult, TargetProgress, TargetReport } from "../generator/generate.js";
import type { Difference, WriteResult } from "../generator/writer.js";
import { UsageError } from "./args.js";

/**
 * `generate`'s report: one line per target with what it wrote and how long it took, each removed
 * leftover by name, then the total.
 *
 * @example
 * formatGenerateResult(result);
 * // 'typewire: webhooks → output/webhooks: 90 files, 3 written, 87 unchanged (0.41 s)\n...'
 */
export function formatGenerateResult(result: GenerateResult): string {
  const lines = result.targets.flatMap((report) => [
    `typewire: ${report.target} → ${report.outDirs.join(", ")}: ${counts(report)} (${seconds(report.ms)})`,
    ...report.removed.map((path) => `removed  ${path}`),
  ]);
  const total = result.written.length + result.unchanged.length;
  lines.push(
    `typewire: ${result.written.length} of ${total} files written in ${seconds(result.ms)}` +
      (result.removed.length ? `, ${result.removed.length} leftover removed` : ""),
  );
  return `${lines.join("\n")}\n`;
}

/**
 * A progress line of `generate`: a target starting, or its files ready (they are written once
 * every target is ready).
 *
 * @example
 * formatTargetProgress({ phase: "start", target: "content", outDirs: ["src/gen"] });
 * // 'typewire: content → src/gen: generating\n'
 */
export function formatTargetProgress(progress: TargetProgress): string {
  if (progress.phase === "start") {
    return `typewire: ${progress.target} → ${progress.outDirs.join(", ")}: generating\n`;
  }
  const files = `${progress.files} file${progress.files === 1 ? "" : "s"}`;
  return progress.cached
    ? `typewire: ${progress.target}: ${files}, inputs unchanged since the last run (${seconds(progress.ms)})\n`
    : `typewire: ${progress.target}: ${files} generated (${seconds(progress.ms)})\n`;
}

function counts(report: TargetReport): string {
  const total = report.written.length + report.unchanged.length;
  const files = `${total} file${total === 1 ? "" : "s"}`;
  if (report.written.length === 0 && report.removed.length === 0) return `${files}, up to date`;
  const parts = [`${report.written.length} written`];
  if (report.unchanged.length) parts.push(`${report.unchanged.length} unchanged`);
  if (report.removed.length) parts.push(`${report.removed.length} removed`);
  return `${files}, ${parts.join(", ")}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Summary of files written outside `generate` (`introspect --out`). */
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

/**
 * What `generate` and `check` say for a config with neither a `webhooks` nor a `content` section
 * (what `typewire init` writes without flags): nothing to do, why that is fine, and what to add.
 *
 * @example
 * formatNothingToGenerate("typewire.config.json", "generate");
 * // 'typewire: typewire.config.json has nothing to generate: ...'
 */
export function formatNothingToGenerate(configFile: string, command: "generate" | "check"): string {
  return [
    `typewire: ${configFile} has nothing to generate: it has no "webhooks" or "content" section${command === "check" ? ", so nothing is stale" : ""}.`,
    "The platform's own webhook events need no generated code:",
    '  import { Webhooks } from "@typewire/runtime/webhooks";',
    'For your own event/action table, add "webhooks": { "events": FILE, "payloads": DIR, "out": DIR };',
    'for a content API, "content": { "out": DIR, "schemas": { "public": { "endpoint": URL } } }.',
    "",
  ].join("\n");
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

/**
 * One `warning: file:line:column: message` line per warning, and how to make them errors.
 *
 * @example
 * formatWarnings(result.warnings); // 'warning: src/page.graphql:4:5: field users ...\n'
 */
export function formatWarnings(warnings: readonly GeneratorError[]): string {
  if (warnings.length === 0) return "";
  return `${warnings.map((w) => `warning: ${w.format()}`).join("\n")}\ntypewire: ${warnings.length} warning${warnings.length === 1 ? "" : "s"} (--strict makes them errors)\n`;
}

/** One line for a failure: location first for input errors, no stack trace. */
export function formatFailure(error: unknown): string {
  if (error instanceof GeneratorErrors) {
    return error.errors.map((one) => `error: ${one.format()}`).join("\n");
  }
  if (error instanceof GeneratorError) return `error: ${error.format()}`;
  if (error instanceof UsageError) return `typewire: ${error.message}`;
  return `error: ${error instanceof Error ? error.message : String(error)}`;
}
