/**
 * A project's own event/action table and payload schemas, for events the platform's bundled table
 * lacks: `deploy_hook` with the action `fired`, and `build_finished` without actions. Paths are
 * relative to the project folder; write them with `writeTree`.
 */
export const ownEventTable: Record<string, string> = {
  "webhooks/events.json": `${JSON.stringify({ events: { build_finished: [], deploy_hook: ["fired"] } }, null, 2)}\n`,
  "webhooks/payloads/definitions.json": `${JSON.stringify(
    {
      $schema: "http://json-schema.org/draft-07/schema#",
      definitions: {
        hook: {
          type: "object",
          properties: {
            id: { type: "integer" },
            url: { type: "string" },
            created_at: { type: "string" },
          },
          required: ["id", "url", "created_at"],
          additionalProperties: false,
        },
      },
    },
    null,
    2,
  )}\n`,
  "webhooks/payloads/deploy_hook.json": `${JSON.stringify(
    {
      $schema: "http://json-schema.org/draft-07/schema#",
      title: "deploy_hook",
      type: "object",
      oneOf: [{ $ref: "#/definitions/fired" }],
      definitions: {
        fired: {
          type: "object",
          properties: {
            action: { type: "string", enum: ["fired"] },
            environment: { type: "string", enum: ["production", "staging"] },
            hook: { $ref: "definitions.json#/definitions/hook" },
            note: { type: "string" },
          },
          required: ["action", "environment", "hook"],
          additionalProperties: false,
        },
      },
    },
    null,
    2,
  )}\n`,
  "webhooks/payloads/build_finished.json": `${JSON.stringify(
    {
      $schema: "http://json-schema.org/draft-07/schema#",
      title: "build_finished",
      type: "object",
      properties: {
        duration_seconds: { type: "integer" },
        hook: { $ref: "definitions.json#/definitions/hook" },
      },
      required: ["duration_seconds", "hook"],
      additionalProperties: false,
    },
    null,
    2,
  )}\n`,
};
