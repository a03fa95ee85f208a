import { UsageError } from "../args.js";
import type { Command } from "../command.js";
import { formatWriteResult } from "../present.js";

export const payloadSchemasCommand: Command = {
  name: "payload-schemas",
  summary:
    "Write the webhook payload JSON Schemas from the platform's OpenAPI webhooks description and an overrides file.",
  usage: "payload-schemas --description FILE --events FILE --out DIR [--overrides FILE]",
  options: {
    description: {
      type: "string",
      placeholder: "FILE",
      description:
        "The OpenAPI webhooks description, e.g. node_modules/@octokit/openapi-webhooks/generated/api.github.com.json.",
    },
    events: {
      type: "string",
      placeholder: "FILE",
      description:
        "The event/action table the schemas must match, e.g. schemas/webhooks/events.json.",
    },
    overrides: {
      type: "string",
      placeholder: "FILE",
      description:
        "Changes backed by captured deliveries, e.g. schemas/webhooks/payload-overrides.json.",
    },
    out: {
      type: "string",
      placeholder: "DIR",
      description: "The payload schema folder to write, e.g. schemas/webhooks/payloads.",
    },
  },
  async run({ values }, io) {
    const required = (name: string) => {
      const value = values[name];
      if (typeof value !== "string") throw new UsageError(`--${name} is required.`);
      return value;
    };
    const options = {
      description: required("description"),
      events: required("events"),
      out: required("out"),
      ...(typeof values.overrides === "string" ? { overrides: values.overrides } : {}),
    };
    const { writeDescribedSchemas } =
      await import("../../generator/webhooks/write-described-schemas.js");
    io.stdout(formatWriteResult(await writeDescribedSchemas(options, io.cwd)));
    return 0;
  },
};
