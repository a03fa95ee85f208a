import { UsageError } from "../args.js";
import type { Command } from "../command.js";

export const initCommand: Command = {
  name: "init",
  summary: "Write a starter typewire.config.json here (never over an existing file).",
  usage:
    "init [--endpoint URL [--token-env NAME] [--schema NAME]] [--webhooks-out DIR] [--content-out DIR] [--config FILE]",
  options: {
    endpoint: {
      type: "string",
      placeholder: "URL",
      description: "Content API endpoint: its public schema becomes the content schema `public`.",
    },
    "token-env": {
      type: "string",
      placeholder: "NAME",
      description:
        "With --endpoint: environment variable holding a token; adds that token's schema.",
    },
    schema: {
      type: "string",
      placeholder: "NAME",
      description:
        "With --token-env: the name of the token's schema (its folder). Default: private.",
    },
    "webhooks-out": {
      type: "string",
      placeholder: "DIR",
      description: "Folder for the generated webhook code. Default: src/generated/webhooks.",
    },
    "content-out": {
      type: "string",
      placeholder: "DIR",
      description: "Folder for the generated content modules. Default: src/generated/content.",
    },
    config: {
      type: "string",
      short: "c",
      placeholder: "FILE",
      description: "Where to write the config. Default: ./typewire.config.json.",
    },
  },
  async run({ values }, io) {
    const { writeStarterConfig } = await import("../init/starter-config.js");
    const endpoint = values.endpoint as string | undefined;
    const tokenEnv = values["token-env"] as string | undefined;
    const schema = values.schema as string | undefined;
    if (tokenEnv !== undefined && endpoint === undefined)
      throw new UsageError("--token-env goes with --endpoint: the token is sent to that endpoint.");
    if (schema !== undefined && tokenEnv === undefined)
      throw new UsageError(
        "--schema names the schema of --token-env's token; give --token-env too.",
      );
    if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
      throw new UsageError(`--endpoint must be an http or https URL, got "${endpoint}".`);
    if (tokenEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv))
      throw new UsageError(`--token-env must be an environment variable name, got "${tokenEnv}".`);
    if (schema !== undefined && (!/^[a-z][a-z0-9-]*$/.test(schema) || schema === "public"))
      throw new UsageError(
        `--schema must be lower case letters, digits and -, and not "public", got "${schema}".`,
      );
    const written = await writeStarterConfig({
      cwd: io.cwd,
      file: values.config as string | undefined,
      endpoint,
      tokenEnv,
      schema,
      webhooksOut: values["webhooks-out"] as string | undefined,
      contentOut: values["content-out"] as string | undefined,
    });
    io.stdout(formatInitDone(written));
    return 0;
  },
};

/** What `init` prints: the file it wrote and the commands to run next. */
export function formatInitDone(written: { file: string; outputs: string[]; tokenEnv?: string }) {
  const steps: [string, string][] = [
    ...(written.tokenEnv
      ? [[`export ${written.tokenEnv}=...`, "the content API token"] as [string, string]]
      : []),
    ["npx typewire generate", `writes ${written.outputs.join(" and ")}`],
    ["npx typewire generate --watch", "and again whenever an input changes"],
    ["npx typewire check", "in CI: fails when generated files are stale"],
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  return [
    `typewire: wrote ${written.file}`,
    "",
    "Next:",
    ...steps.map(([command, why]) => `  ${command.padEnd(width)}  # ${why}`),
    "",
    "Commit the generated folders, and import them from your code. A webhook receiver that uses",
    "the platform's own events needs no generated code: see the README of @typewire/runtime.",
    "",
  ].join("\n");
}
