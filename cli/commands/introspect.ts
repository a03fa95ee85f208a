import type { IntrospectSource } from "../../generator/content/introspect.js";
import { UsageError } from "../args.js";
import type { Command } from "../command.js";
import { formatWriteResult } from "../present.js";

export const introspectCommand: Command = {
  name: "introspect",
  summary:
    "Save a content API schema (introspection JSON or SDL) from a live endpoint or a site file.",
  usage:
    "introspect (--endpoint URL [--token TOKEN | --token-env NAME] | --site FILE [--schema HANDLE]) [--out FILE]...",
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
  },
  async run({ values }, io) {
    const source = sourceOf(values);
    const { introspectSource, schemaTextFor, writeSchemaFiles } =
      await import("../../generator/content/introspect.js");
    const schema = await introspectSource(source, io.cwd);
    const outs = (values.out as string[] | undefined) ?? [];
    if (outs.length === 0) {
      io.stdout(await schemaTextFor("stdout.json", schema));
      return 0;
    }
    io.stdout(formatWriteResult(await writeSchemaFiles(schema, outs, io.cwd)));
    return 0;
  },
};

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
