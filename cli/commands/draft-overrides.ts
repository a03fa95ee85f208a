import { UsageError } from "../args.js";
import type { Command } from "../command.js";

export const draftOverridesCommand: Command = {
  name: "draft-overrides",
  summary:
    "Add the fields kept deliveries carry that the payload types lack to the project's overrides file, for review.",
  details: [
    'Reads the deliveries the drift reporter of @typewire/runtime/drift kept (its `keep` folder), finds every field they carry that the payload schemas (with the overrides file applied) do not declare, and adds an "addProperties" entry per object to the overrides file: the field, a schema typed from the values sent (nullable only where a delivery sent null) and the kept files as evidence. Review the entries, then run `typewire generate`: handlers read the fields typed.',
  ],
  usage: "draft-overrides --deliveries DIR [--config FILE] [--overrides FILE]",
  options: {
    deliveries: {
      type: "string",
      placeholder: "DIR",
      description: "The folder of kept deliveries, e.g. .typewire/drift.",
    },
    config: {
      type: "string",
      placeholder: "FILE",
      description: "Config file. Default: ./typewire.config.json (or .ts, .mts, .mjs, .js).",
    },
    overrides: {
      type: "string",
      placeholder: "FILE",
      description:
        "The overrides file to add to. Default: webhooks.overrides of the config (created when missing).",
    },
  },
  async run({ values }, io) {
    if (typeof values.deliveries !== "string") throw new UsageError("--deliveries is required.");
    const [{ loadConfig }, { draftOverrides }] = await Promise.all([
      import("../../generator/config.js"),
      import("../../generator/webhooks/draft-overrides.js"),
    ]);
    const config = await loadConfig(values.config as string | undefined, io.cwd, {
      content: false,
      overridesMayBeMissing: true,
    });
    const result = await draftOverrides(
      config,
      {
        deliveries: values.deliveries,
        ...(typeof values.overrides === "string" ? { overrides: values.overrides } : {}),
      },
      io.cwd,
    );
    for (const name of result.skipped)
      io.stderr(`typewire: skipped ${name}: its action is not in the event table\n`);
    if (result.added.length === 0) {
      io.stdout(
        `typewire: ${result.deliveries} kept ${result.deliveries === 1 ? "delivery carries" : "deliveries carry"} no field the payload types lack; ${result.file} unchanged\n`,
      );
      return 0;
    }
    const fields = result.added.flatMap((entry) =>
      Object.keys(entry.addProperties ?? {}).map((name) => `  ${entry.at} ${name}\n`),
    );
    io.stdout(
      `typewire: added ${fields.length} ${fields.length === 1 ? "field" : "fields"} from ${result.deliveries} kept ${result.deliveries === 1 ? "delivery" : "deliveries"} to ${result.file}:\n${fields.join("")}Review them (the types, "because"), then run \`typewire generate\`.\n`,
    );
    return 0;
  },
};
