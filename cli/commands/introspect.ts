import type { IntrospectSource } from "../../generator/content/introspect.js";
import { UsageError } from "../args.js";
import type { Command } from "../command.js";
import { configFilesIn } from "../../input/config-file.js";
import { formatWriteResult } from "../present.js";

export const introspectCommand: Command = {
  name: "introspect",
  summary:
    "Save a content API schema (introspection JSON or SDL) from a live endpoint or a site file.",
  details: [
    [
      "Without --endpoint or --site, refreshes every content schema of the config that names both",
      'a "file" and an "endpoint" (as `init --endpoint` writes them) from its endpoint, with its',
      "token. --check writes nothing: it compares the live schema with the saved files and exits",
      "1 when one differs (for a scheduled CI job; then run it without --check, and generate).",
    ].join("\n"),
  ],
  usage:
    "introspect [(--endpoint URL [--token TOKEN | --token-env NAME] | --site FILE [--schema HANDLE]) [--out FILE]...] [--check] [--config FILE]",
  options: {
    endpoint: {
      type: "string",
      placeholder: "URL",
      description: "Content API endpoint; the standard introspection query is POSTed to it.",
    },
    token: {
      type: "string",
      placeholder: "TOKEN",
      description:
        "Access token, sent as `Authorization: Bearer TOKEN` (selects a private schema).",
    },
    "token-env": {
      type: "string",
      placeholder: "NAME",
      description: "Read the access token from this environment variable instead.",
    },
    site: {
      type: "string",
      placeholder: "FILE",
      description: "Build the schema from a site file (schemas/content/site.json) instead.",
    },
    schema: {
      type: "string",
      placeholder: "HANDLE",
      description:
        "With --site: the API schema (scope) to build, e.g. public. Default: everything.",
    },
    out: {
      type: "string",
      placeholder: "FILE",
      multiple: true,
      description:
        "Write here: SDL for .graphql/.gql, introspection JSON otherwise. Repeatable. Default: JSON on stdout.",
    },
    check: {
      type: "boolean",
      description:
        "Write nothing: exit 1 when the live schema differs from the saved file(s), saying how.",
    },
    config: {
      type: "string",
      short: "c",
      placeholder: "FILE",
      description:
        "Without --endpoint or --site: the config whose saved schemas to refresh. Default: ./typewire.config.json (or .ts, .mts, .mjs, .js).",
    },
  },
  async run({ values }, io) {
    const check = values.check === true;
    const { introspectSource, schemaTextFor, writeSchemaFiles, compareSchemaFiles } =
      await import("../../generator/content/introspect.js");
    if (values.endpoint === undefined && values.site === undefined) {
      if (values.out !== undefined)
        throw new UsageError("--out goes with --endpoint or --site; a config names its own files.");
      return refreshConfigSchemas(values.config as string | undefined, check, io);
    }
    if (values.config !== undefined)
      throw new UsageError(
        "--config is for refreshing a config's schemas, not with --endpoint or --site.",
      );
    const source = sourceOf(values);
    const schema = await introspectSource(source, io.cwd);
    const outs = (values.out as string[] | undefined) ?? [];
    if (check) {
      if (outs.length === 0) throw new UsageError("--check compares with --out FILE; give one.");
      const differences = await compareSchemaFiles(schema, outs, io.cwd);
      io.stdout(formatComparison(differences));
      return differences.some((d) => d.changed) ? 1 : 0;
    }
    if (outs.length === 0) {
      io.stdout(await schemaTextFor("stdout.json", schema));
      return 0;
    }
    io.stdout(formatWriteResult(await writeSchemaFiles(schema, outs, io.cwd)));
    return 0;
  },
};

/** `typewire introspect [--check]` with a config: each saved schema against its endpoint. */
async function refreshConfigSchemas(
  file: string | undefined,
  check: boolean,
  io: Parameters<Command["run"]>[1],
): Promise<number> {
  const { CONFIG_FILE_NAME, loadSavedSchemas } = await import("../../generator/config.js");
  if (file === undefined && (await configFilesIn(io.cwd)).length === 0)
    throw new UsageError(
      `give exactly one of --endpoint URL or --site FILE, or run it where a ${CONFIG_FILE_NAME} names saved schemas (or give --config FILE).`,
    );
  const { introspectSource, writeSchemaFiles, compareSchemaFiles } =
    await import("../../generator/content/introspect.js");
  const saved = await loadSavedSchemas(file, io.cwd);
  if (saved.length === 0) {
    throw new UsageError(
      'the config has no content schema with both "file" and "endpoint" to refresh; give --endpoint URL or --site FILE.',
    );
  }
  const differences: SchemaComparison[] = [];
  const written = { written: [] as string[], unchanged: [] as string[], removed: [] as string[] };
  for (const entry of saved) {
    const token = entry.tokenEnv !== undefined ? process.env[entry.tokenEnv] : entry.token;
    if (entry.tokenEnv !== undefined && !token)
      throw new Error(
        `environment variable ${entry.tokenEnv} is not set (it holds the token of schema "${entry.name}")`,
      );
    const schema = await introspectSource(
      { endpoint: entry.endpoint, ...(token ? { token } : {}) },
      io.cwd,
    );
    if (check) differences.push(...(await compareSchemaFiles(schema, [entry.file], io.cwd)));
    else {
      const result = await writeSchemaFiles(schema, [entry.file], io.cwd);
      written.written.push(...result.written);
      written.unchanged.push(...result.unchanged);
    }
  }
  if (!check) {
    io.stdout(formatWriteResult(written));
    if (written.written.length)
      io.stdout("Run `typewire generate` to update the generated code.\n");
    return 0;
  }
  io.stdout(formatComparison(differences));
  return differences.some((d) => d.changed) ? 1 : 0;
}

type SchemaComparison = Awaited<
  ReturnType<typeof import("../../generator/content/introspect.js").compareSchemaFiles>
>[number];

/** One line per file: up to date, or how it differs (a few of the lines only on each side). */
function formatComparison(differences: readonly SchemaComparison[]): string {
  const lines: string[] = [];
  for (const d of differences) {
    if (!d.changed) {
      lines.push(`typewire: ${d.displayPath} is up to date with the live schema`);
      continue;
    }
    lines.push(
      d.missing
        ? `typewire: ${d.displayPath} does not exist: run \`typewire introspect\` to save it`
        : `typewire: ${d.displayPath} differs from the live schema (+${d.added.length} -${d.removed.length} lines):`,
    );
    for (const line of d.added.slice(0, 5)) lines.push(`  + ${line}`);
    if (d.added.length > 5) lines.push(`  + ... ${d.added.length - 5} more`);
    for (const line of d.removed.slice(0, 5)) lines.push(`  - ${line}`);
    if (d.removed.length > 5) lines.push(`  - ... ${d.removed.length - 5} more`);
  }
  if (differences.some((d) => d.changed))
    lines.push("Run `typewire introspect` (without --check) to save it, then `typewire generate`.");
  return `${lines.join("\n")}\n`;
}

function sourceOf(
  values: Record<string, string | boolean | string[] | undefined>,
): IntrospectSource {
  const endpoint = values.endpoint as string | undefined;
  const site = values.site as string | undefined;
  if ((endpoint === undefined) === (site === undefined))
    throw new UsageError("give exactly one of --endpoint URL or --site FILE.");
  if (site !== undefined) {
    if (values.token !== undefined || values["token-env"] !== undefined)
      throw new UsageError("--token and --token-env go with --endpoint, not --site.");
    return { site, ...(values.schema === undefined ? {} : { schema: values.schema as string }) };
  }
  if (values.schema !== undefined)
    throw new UsageError(
      "--schema goes with --site; with --endpoint the token selects the schema.",
    );
  const tokenEnv = values["token-env"] as string | undefined;
  if (tokenEnv !== undefined && values.token !== undefined)
    throw new UsageError("give --token or --token-env, not both.");
  let token = values.token as string | undefined;
  if (tokenEnv !== undefined) {
    token = process.env[tokenEnv];
    // Not a usage mistake but a missing input, as a config's unset tokenEnv: exit 1, `error:`.
    if (!token)
      throw new Error(
        `environment variable ${tokenEnv} is not set (it holds the token given by --token-env)`,
      );
  }
  return { endpoint: endpoint!, ...(token ? { token } : {}) };
}
