import type { Command } from "../command.js";
import { formatDifferences } from "../present.js";

export const checkCommand: Command = {
  name: "check",
  summary: "Exit 1, listing each file, when generated output is stale or missing. Writes nothing.",
  usage: "check [--config FILE]",
  options: {
    config: {
      type: "string",
      short: "c",
      placeholder: "FILE",
      description: "Config file, as for `generate`.",
    },
  },
  async run({ values }, io) {
    const [{ loadConfig }, { check }] = await Promise.all([
      import("../../generator/config.js"),
      import("../../generator/generate.js"),
    ]);
    const differences = await check(
      await loadConfig(values.config as string | undefined, io.cwd),
      io.cwd,
    );
    (differences.length ? io.stderr : io.stdout)(formatDifferences(differences));
    return differences.length ? 1 : 0;
  },
};
