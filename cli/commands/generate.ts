import type { Command } from "../command.js";
import { relativePath } from "../../input/paths.js";
import {
  formatFailure,
  formatGenerateResult,
  formatNothingToGenerate,
  formatTargetProgress,
  formatWarnings,
} from "../present.js";
import type { TargetProgress } from "../../generator/generate.js";

/**
 * What `generate` says when there is no config file: it generates the bundled example, and where.
 */
export const BUNDLED_NOTE =
  "typewire: no typewire.config.json (nor typewire.config.ts, .mts, .mjs or .js) here, so this generates the bundled example (the platform's webhook events and payloads, and the example content site) into ./output. Run `typewire init` to set up your own inputs.\n";

export const generateCommand: Command = {
  name: "generate",
  summary: "Generate every file from the inputs (the bundled example when there is no config).",
  usage: "generate [--config FILE] [--watch] [--quiet] [--force] [--strict]",
  options: {
    config: {
      type: "string",
      short: "c",
      placeholder: "FILE",
      description:
        "Config file. Default: ./typewire.config.json (or .ts, .mts, .mjs, .js) if present, else the bundled example into ./output.",
    },
    watch: {
      type: "boolean",
      short: "w",
      description: "Generate again whenever an input file or the config file changes.",
    },
    force: {
      type: "boolean",
      short: "f",
      description:
        "Render every file even when no input changed since the last run (skips the cache in node_modules/.cache/typewire).",
    },
    quiet: {
      type: "boolean",
      short: "q",
      description: "Print nothing but errors and warnings (for CI and scripts).",
    },
    strict: {
      type: "boolean",
      description:
        "Make warnings errors: a selection the production API would drop for one schema's token fails the run.",
    },
  },
  async run({ values }, io) {
    const configFile = values.config as string | undefined;
    const quiet = values.quiet === true;
    const cache = values.force !== true;
    const strict = values.strict === true;
    const say = (text: string) => {
      if (!quiet) io.stdout(text);
    };
    const progress = (step: TargetProgress) => say(formatTargetProgress(step));
    if (!values.watch) {
      const [{ loadConfig }, { generate }, { tuneForSchemaSize }] = await Promise.all([
        import("../../generator/config.js"),
        import("../../generator/generate.js"),
        import("../v8-flags.js"),
      ]);
      const config = await loadConfig(configFile, io.cwd);
      await tuneForSchemaSize(config, io.setV8Flag);
      if (!config.file) say(BUNDLED_NOTE);
      else if (!config.webhooks && !config.content) {
        say(formatNothingToGenerate(relativePath(io.cwd, config.file), "generate"));
        return 0;
      }
      const result = await generate(config, io.cwd, { cache, strict, onTarget: progress });
      io.stderr(formatWarnings(result.warnings));
      say(formatGenerateResult(result));
      return 0;
    }
    const { watch } = await import("../../generator/watch.js");
    let noted = false;
    const watcher = await watch(configFile, io.cwd, {
      cache,
      strict,
      onGenerated: (result, reason) => {
        io.stderr(formatWarnings(result.warnings));
        say(`typewire: ${clock()} ${reason === "start" ? "generating" : reason}\n`);
        if (result.configFile === undefined && !noted) {
          noted = true;
          say(BUNDLED_NOTE);
        }
        // A config without sections: say what to add, and keep watching for it.
        if (result.configFile !== undefined && result.targets.length === 0)
          say(formatNothingToGenerate(relativePath(io.cwd, result.configFile), "generate"));
        else say(formatGenerateResult(result));
      },
      onError: (error, reason) => {
        io.stderr(`typewire: ${clock()} ${reason === "start" ? "generating" : reason}\n`);
        io.stderr(`${formatFailure(error)}\n`);
      },
    });
    say("typewire: watching for changes (Ctrl-C to stop)\n");
    await io.interrupted;
    watcher.close();
    return 0;
  },
};

/** The local time of day, `HH:MM:SS`, for watch lines. */
function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
