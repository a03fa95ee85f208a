import { loadConfig } from "../../generator/config.js";
import { generate } from "../../generator/generate.js";
import { watch } from "../../generator/watch.js";
import type { Command } from "../command.js";
import { formatFailure, formatWriteResult } from "../present.js";

export const generateCommand: Command = {
  name: "generate",
  summary: "Generate every file from the inputs (the bundled schemas when there is no config).",
  usage: "generate [--config FILE] [--watch]",
  options: {
    config: {
      type: "string",
      short: "c",
      placeholder: "FILE",
      description:
        "Config file. Default: ./typewire.config.json if present, else the bundled schemas into ./output.",
    },
    watch: {
      type: "boolean",
      short: "w",
      description: "Generate again whenever an input file changes.",
    },
  },
  async run({ values }, io) {
    const configFile = values.config as string | undefined;
    if (!values.watch) {
      io.stdout(formatWriteResult(await generate(await loadConfig(configFile, io.cwd), io.cwd)));
      return 0;
    }
    const watcher = await watch(configFile, io.cwd, {
      onGenerated: (result) => io.stdout(formatWriteResult(result)),
      onError: (error) => io.stderr(`${formatFailure(error)}\n`),
    });
    io.stdout("typewire: watching for changes (Ctrl-C to stop)\n");
    await io.interrupted;
    watcher.close();
    return 0;
  },
};
