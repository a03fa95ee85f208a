import { UsageError } from "../args.js";
import type { Command } from "../command.js";
import type { WrittenStarterConfig } from "../init/starter-config.js";

/** How a receiver of the platform's own events gets its code: from the runtime, as shipped. */
const RUNTIME_IMPORT = 'import { Webhooks } from "@typewire/runtime/webhooks";';

export const initCommand: Command = {
  name: "init",
  summary: "Write a starter typewire.config.json here (never over an existing file).",
  details: [
    [
      "@typewire/runtime already ships the platform's webhook code, so without flags the config",
      "generates nothing yet; a receiver of the platform's own events imports it as shipped:",
      `  ${RUNTIME_IMPORT}`,
      "Flags add what a project has of its own: --events (with --payloads) a webhooks section for",
      "your own event/action table and payload JSON Schemas, --endpoint a content section for a",
      "content API. Paths are relative to where init runs; the config holds them relative to its",
      "own folder.",
    ].join("\n"),
  ],
  usage:
    "init [--events FILE [--payloads DIR]] [--webhooks-out DIR] [--endpoint URL [--token-env NAME [--schema NAME]] [--schema-dir DIR | --live] [--documents GLOB]...] [--content-out DIR] [--config FILE]",
  options: {
    events: {
      type: "string",
      placeholder: "FILE",
      description:
        'Your own event/action table (JSON, { "events": { "<event>": ["<action>", ...] } }): webhooks.events.',
    },
    payloads: {
      type: "string",
      placeholder: "DIR",
      description:
        "With --events: the folder of its payload JSON Schemas, one <event>.json per event and definitions.json: webhooks.payloads.",
    },
    "webhooks-out": {
      type: "string",
      placeholder: "DIR",
      description:
        "Folder for the generated webhook code: webhooks.out. Default with --events: src/generated/webhooks. Alone, it generates the platform's bundled table there.",
    },
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
    "schema-dir": {
      type: "string",
      placeholder: "DIR",
      description:
        "With --endpoint: folder for the saved schemas, <name>.graphql each, to commit. Default: cms.",
    },
    live: {
      type: "boolean",
      description:
        "With --endpoint: save no schema; generate and check introspect the endpoint on every run (CI then needs it and the token).",
    },
    documents: {
      type: "string",
      placeholder: "GLOB",
      multiple: true,
      description:
        "With --endpoint: .graphql documents to type (repeatable), declared for every schema: content.documents.",
    },
    "content-out": {
      type: "string",
      placeholder: "DIR",
      description:
        "With --endpoint: folder for the generated content modules. Default: src/generated/content.",
    },
    config: {
      type: "string",
      short: "c",
      placeholder: "FILE",
      description: "Where to write the config. Default: ./typewire.config.json.",
    },
  },
  async run({ values }, io) {
    const endpoint = values.endpoint as string | undefined;
    const tokenEnv = values["token-env"] as string | undefined;
    const schema = values.schema as string | undefined;
    const events = values.events as string | undefined;
    const payloads = values.payloads as string | undefined;
    const contentOut = values["content-out"] as string | undefined;
    const schemaDir = values["schema-dir"] as string | undefined;
    const live = values.live === true;
    const documents = values.documents as string[] | undefined;
    for (const [flag, given] of [
      ["--schema-dir", schemaDir !== undefined],
      ["--live", live],
      ["--documents", documents !== undefined],
    ] as const) {
      if (given && endpoint === undefined)
        throw new UsageError(`${flag} goes with --endpoint: it is about that API's schemas.`);
    }
    if (live && schemaDir !== undefined)
      throw new UsageError("give --schema-dir or --live, not both: --live saves no schema.");
    if (tokenEnv !== undefined && endpoint === undefined)
      throw new UsageError("--token-env goes with --endpoint: the token is sent to that endpoint.");
    if (schema !== undefined && tokenEnv === undefined)
      throw new UsageError(
        "--schema names the schema of --token-env's token; give --token-env too.",
      );
    if (contentOut !== undefined && endpoint === undefined)
      throw new UsageError(
        "--content-out goes with --endpoint: it is where that API's content modules go.",
      );
    if (payloads !== undefined && events === undefined)
      throw new UsageError(
        "--payloads goes with --events: the payload schemas describe the events of your table.",
      );
    if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
      throw new UsageError(`--endpoint must be an http or https URL, got "${endpoint}".`);
    if (tokenEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv))
      throw new UsageError(`--token-env must be an environment variable name, got "${tokenEnv}".`);
    if (schema !== undefined && (!/^[a-z][a-z0-9-]*$/.test(schema) || schema === "public"))
      throw new UsageError(
        `--schema must be lower case letters, digits and -, and not "public", got "${schema}".`,
      );
    const { writeStarterConfig } = await import("../init/starter-config.js");
    const written = await writeStarterConfig({
      cwd: io.cwd,
      file: values.config as string | undefined,
      endpoint,
      tokenEnv,
      schema,
      events,
      payloads,
      webhooksOut: values["webhooks-out"] as string | undefined,
      contentOut,
      schemaDir,
      live,
      documents,
    });
    io.stdout(formatInitDone(written));
    return 0;
  },
};

/**
 * What `init` prints: the file it wrote, what it generates, the commands to run next, and where
 * the webhook code comes from. A config without sections says what init is for and how to add
 * a section.
 */
export function formatInitDone(written: WrittenStarterConfig): string {
  const { file, config } = written;
  const { webhooks, content } = config;
  if (!webhooks && !content) return formatNothingYet(file);
  const outputs = [webhooks?.out, content?.out].filter((out) => out !== undefined);
  const saved = written.saved ?? [];
  const unsaved = saved.filter((entry) => entry.problem !== undefined);
  const live = content !== undefined && Object.values(content.schemas).some((s) => !s.file);
  const steps: [string, string][] = [
    ...(written.tokenEnv && (live || unsaved.length)
      ? [[`export ${written.tokenEnv}=...`, "the content API token"] as [string, string]]
      : []),
    ...(unsaved.length
      ? [["npx typewire introspect", "saves the schemas init could not reach"] as [string, string]]
      : []),
    ["npx typewire generate", `writes ${outputs.join(" and ")}`],
    ["npx typewire generate --watch", "and again whenever an input changes"],
    [
      "npx typewire check",
      content && !live
        ? "in CI: fails when generated files are stale (no network, no token)"
        : "in CI: fails when generated files are stale",
    ],
    ...(content && !live
      ? ([
          ["npx typewire introspect --check", "on a schedule: fails when the live schema changed"],
          ["npx typewire introspect", "refreshes the saved schemas; then generate"],
        ] as [string, string][])
      : []),
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  const notes: string[] = [];
  if (webhooks?.events !== undefined) {
    notes.push(`Import your event table's code from ${webhooks.out}/index.js.`);
    if (webhooks.payloads === undefined) {
      notes.push(
        "Without payload schemas (webhooks.payloads: a folder with one <event>.json per event and",
        "definitions.json) its payloads are open objects, and there are no example payloads.",
      );
    }
  } else if (webhooks) {
    notes.push(
      `${webhooks.out} gets the platform's own table, which @typewire/runtime/webhooks already`,
      'ships. To generate your own, point "events" (and "payloads") under "webhooks" at your copy.',
    );
  } else {
    notes.push(
      "A receiver of the platform's own webhook events needs no generated code:",
      `  ${RUNTIME_IMPORT}`,
      'For your own event table, add "webhooks": { "events", "payloads", "out" } to the config.',
    );
  }
  const wrote = [
    file,
    ...saved.filter((entry) => entry.problem === undefined).map((entry) => entry.file),
    ...(written.graphqlConfig ? [written.graphqlConfig] : []),
  ];
  if (content && !live) {
    notes.push(
      "The content schemas are saved files: commit them, so generate and check need neither the",
      "API nor its token.",
    );
  } else if (live) {
    notes.push(
      "The content schemas are introspected on every run: CI needs the API and its token. To",
      'save them instead, add "file": "cms/<name>.graphql" to each and run `npx typewire introspect`.',
    );
  }
  for (const entry of unsaved)
    notes.push(`Not saved yet: ${entry.file} (schema "${entry.name}"): ${entry.problem}.`);
  if (written.graphqlConfig)
    notes.push(
      `${written.graphqlConfig} tells editors' GraphQL extensions the schemas and documents; generate keeps it in step.`,
    );
  return [
    `typewire: wrote ${wrote.join(", ")}`,
    "",
    "Next:",
    ...steps.map(([command, why]) => `  ${command.padEnd(width)}  # ${why}`),
    "",
    "Commit the generated folders, and import them from your code.",
    ...notes,
    "",
  ].join("\n");
}

function formatNothingYet(file: string): string {
  return [
    `typewire: wrote ${file}, which generates nothing yet`,
    "",
    "A receiver of the platform's own webhook events needs no generated code: @typewire/runtime",
    "ships the platform's event table, payload types and example payloads.",
    `  ${RUNTIME_IMPORT}`,
    "",
    "typewire generates what the runtime cannot ship. To add it, remove the file and run init",
    "with flags, or add the section yourself:",
    "  your own event/action table, for events the platform's table lacks:",
    "    npx typewire init --events FILE --payloads DIR [--webhooks-out DIR]",
    '    "webhooks": { "events": FILE, "payloads": DIR, "out": DIR }',
    "  typed queries for a content API:",
    "    npx typewire init --endpoint URL [--token-env NAME]",
    '    "content": { "out": DIR, "schemas": { "public": { "endpoint": URL } } }',
    "Then `npx typewire generate` writes the code, and `npx typewire check` in CI fails when it is",
    "stale.",
    "",
  ].join("\n");
}
