import type { Command } from "../command.js";
import type { GeneratorError } from "../../input/errors.js";
import { relativePath } from "../../input/paths.js";
import { formatDifferences, formatNothingToGenerate, formatWarnings } from "../present.js";

export const checkCommand: Command = {
  name: "check",
  summary: "Exit 1, listing each file, when generated output is stale or missing. Writes nothing.",
  usage: "check [--config FILE] [--strict]",
  options: {
    config: {
      type: "string",
      short: "c",
      placeholder: "FILE",
      description: "Config file, as for `generate`.",
    },
    strict: {
      type: "boolean",
      description: "Make warnings errors, as for `generate`.",
    },
  },
  async run({ values }, io) {
    const [{ loadConfig }, { check }, { tuneForSchemaSize }] = await Promise.all([
      import("../../generator/config.js"),
      import("../../generator/generate.js"),
      import("../v8-flags.js"),
    ]);
    const config = await loadConfig(values.config as string | undefined, io.cwd);
    await tuneForSchemaSize(config, io.setV8Flag);
    if (config.file && !config.webhooks && !config.content) {
      io.stdout(formatNothingToGenerate(relativePath(io.cwd, config.file), "check"));
      return 0;
    }
    const warnings: GeneratorError[] = [];
    const differences = await check(config, io.cwd, {
      strict: values.strict === true,
      warn: (warning) => warnings.push(warning),
    });
    io.stderr(formatWarnings(warnings));
    (differences.length ? io.stderr : io.stdout)(formatDifferences(differences));
    return differences.length ? 1 : 0;
  },
};
