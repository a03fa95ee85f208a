// The shapes the payload schema reader produces and every webhook payload emitter reads: types
// only, in a module of their own so that the reader's helpers can name them without importing the
// reader.

/** A JSON Schema object as read from disk. */
export type JsonSchema = { [keyword: string]: unknown };

/** One shared definition of `definitions.json`, such as `user` or `repository`. */
export interface PayloadDefinition {
  name: string;
  schema: JsonSchema;
}

/** One event's schema file: the fields every delivery carries, and a variant per action. */
export interface EventPayloadSchema {
  event: string;
  /** Display path of the schema file, for messages and banners. */
  file: string;
  root: JsonSchema;
  /** One per action of the table, sorted; empty for an event without actions. */
  variants: { action: string; schema: JsonSchema }[];
}

/** Every payload schema of a folder, checked against the table and with every `$ref` resolved. */
export interface PayloadSchemas {
  definitionsFile: string;
  definitions: PayloadDefinition[];
  events: EventPayloadSchema[];
}
