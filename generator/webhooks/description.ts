import { GeneratorError, throwAll } from "../../input/errors.js";
import { isJsonObject, type JsonSource } from "../../input/json-source.js";
import { compareText } from "../writer.js";
import type { EventActionTable } from "./event-action-table.js";
import type { JsonSchema } from "./payload-schema-model.js";

/** One webhook of the description: the table's event and action, and the payload's component. */
export interface DescribedWebhook {
  /** The key under `webhooks` in the description, for messages. */
  key: string;
  event: string;
  /** The table's action, or undefined for an event without actions. */
  action: string | undefined;
  /** The component of `components.schemas` that is the payload. */
  component: string;
  summary: string | undefined;
  description: string | undefined;
}

/** The payload schema files a description turns into, keyed by file name. */
export type PayloadSchemaFiles = Record<string, JsonSchema>;

const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;
const NAME = /^[a-z0-9_]+$/;
const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** Keywords that carry into the payload schemas. */
const KEPT = new Set([
  "type",
  "properties",
  "required",
  "enum",
  "const",
  "items",
  "additionalProperties",
  "description",
]);
/**
 * Keywords left out: they annotate (titles, formats, examples, defaults) or bound values in ways
 * neither the types nor the acceptance of real deliveries depend on.
 */
const DROPPED = new Set([
  "title",
  "format",
  "examples",
  "example",
  "default",
  "readOnly",
  "deprecated",
  "maxLength",
  "minLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "pattern",
  "uniqueItems",
  "externalDocs",
]);

/**
 * The webhook name the table uses for an event of the description: `-` becomes `_` and the
 * vendor's word becomes `platform`, as everywhere in typewire.
 *
 * @example
 * tableEventName("github-app-authorization"); // "platform_app_authorization"
 */
export function tableEventName(event: string): string {
  return event
    .replace(/-/g, "_")
    .split("_")
    .map((word) => (word === "github" ? "platform" : word))
    .join("_");
}

/**
 * The table's action for an action of the description. An action that is not a name is matched
 * by its part before the first dot: `repository_dispatch`'s only described action is
 * `sample.collected`, one example of the dispatcher's free-form `event_type`, which the table
 * calls `sample`.
 *
 * @example
 * tableActionName("in-progress"); // "in_progress"
 */
export function tableActionName(action: string): string {
  return action.replace(/-/g, "_").split(".")[0] ?? action;
}

/**
 * Every webhook of the description, matched one to one with the event/action table: a webhook
 * the table lacks, and an event or action of the table the description lacks, are errors that
 * name the entry, all of them in one run.
 *
 * @example
 * const webhooks = describedWebhooks(source, table);
 */
export function describedWebhooks(source: JsonSource, table: EventActionTable): DescribedWebhook[] {
  const document = source.value as { webhooks?: unknown; components?: { schemas?: unknown } };
  if (!isJsonObject(document.webhooks) || !isJsonObject(document.components?.schemas)) {
    throw new GeneratorError(
      'not an OpenAPI webhooks description: expected "webhooks" and "components.schemas"',
      { file: source.file, line: 1, column: 1 },
    );
  }
  const problems: GeneratorError[] = [];
  const at = (path: string[], message: string) => problems.push(source.errorAt(path, message));
  const actionsOf = new Map(table.events.map(({ name, actions }) => [name, actions]));
  const webhooks: DescribedWebhook[] = [];
  const seen = new Set<string>();
  for (const [key, entry] of Object.entries(document.webhooks)) {
    const post = (entry as { post?: Record<string, unknown> }).post;
    const operationId = post?.operationId;
    const ref = (
      post?.requestBody as { content?: Record<string, { schema?: { $ref?: unknown } }> } | undefined
    )?.content?.["application/json"]?.schema?.$ref;
    const component = typeof ref === "string" ? COMPONENT_REF.exec(ref)?.[1] : undefined;
    if (typeof operationId !== "string" || component === undefined) {
      at(
        ["webhooks", key, "post"],
        `webhook "${key}" needs an operationId and a JSON request body that is a $ref to components.schemas`,
      );
      continue;
    }
    const [describedEvent = "", describedAction] = operationId.split("/");
    const event = tableEventName(describedEvent);
    const action = describedAction === undefined ? undefined : tableActionName(describedAction);
    const actions = actionsOf.get(event);
    const name = action === undefined ? event : `${event}.${action}`;
    if (
      actions === undefined ||
      (action === undefined ? actions.length > 0 : !actions.includes(action))
    ) {
      at(
        ["webhooks", key, "post", "operationId"],
        `webhook "${operationId}" is "${name}", which ${table.file} does not have (add it to the table)`,
      );
      continue;
    }
    if (seen.has(name)) {
      at(["webhooks", key], `a second webhook for "${name}"`);
      continue;
    }
    seen.add(name);
    webhooks.push({
      key,
      event,
      action,
      component,
      summary: typeof post?.summary === "string" ? post.summary : undefined,
      description: typeof post?.description === "string" ? post.description : undefined,
    });
  }
  for (const { name, actions } of table.events) {
    for (const wanted of actions.length > 0 ? actions.map((a) => `${name}.${a}`) : [name]) {
      if (!seen.has(wanted)) {
        problems.push(
          new GeneratorError(`"${wanted}" of the table has no webhook in the description`, {
            file: table.file,
            entry: `events.${name}`,
          }),
        );
      }
    }
  }
  throwAll(problems);
  return webhooks;
}

/**
 * Turns an OpenAPI webhooks description into draft-07 payload schema files: `definitions.json`
 * with every component a payload refers to, named after the component (`simple-user` is
 * `simple_user`), and one `<event>.json` per event of the table, with a variant per action that is
 * the action's own payload component, so no two actions share a definition that would loosen one
 * of them. `allOf` is merged into one object, `oneOf` becomes `anyOf` (the described alternatives
 * overlap, and a delivery matching two of them is still valid), descriptions stay, and annotations
 * (titles, formats, examples, bounds) go. A keyword outside both lists is an error naming where.
 *
 * @example
 * const files = describedPayloadSchemas(source, table);
 * files["issues.json"].definitions.opened; // the issues.opened payload
 */
export function describedPayloadSchemas(
  source: JsonSource,
  table: EventActionTable,
): PayloadSchemaFiles {
  const webhooks = describedWebhooks(source, table);
  const components = (source.value as { components: { schemas: Record<string, JsonSchema> } })
    .components.schemas;
  const payloadComponents = new Set(webhooks.map(({ component }) => component));
  const names = new Map<string, string>();
  const definitionName = (component: string, path: string[]): string => {
    const known = names.get(component);
    if (known !== undefined) return known;
    const name = component.toLowerCase().replace(/[^a-z0-9]+/g, "_");
    if (!NAME.test(name) || [...names.values()].includes(name)) {
      throw new GeneratorError(
        `component "${component}" cannot be named "${name}": the name is not [a-z0-9_]+ or is taken`,
        {
          file: source.file,
          ...source.locate(["components", "schemas", component]),
          entry: path.join("."),
        },
      );
    }
    names.set(component, name);
    return name;
  };
  const wanted: string[] = [];
  const component = (name: string, path: string[]): JsonSchema => {
    const schema = components[name];
    if (!isJsonObject(schema)) {
      throw source.errorAt(path, `$ref to "${name}", which components.schemas does not have`);
    }
    return schema;
  };
  const convert = (schema: unknown, path: string[], prefix: string): unknown => {
    if (typeof schema === "boolean") return schema;
    if (!isJsonObject(schema)) {
      throw source.errorAt(path, "a schema must be an object");
    }
    if (Array.isArray(schema.allOf)) {
      const { allOf, ...rest } = schema;
      // The description's way to say "this object, or null": `allOf: [X], type: ["null"]`.
      if (isOnlyNull(rest.type)) {
        const { type: _, ...annotations } = rest;
        const { description, ...others } = annotations;
        return convert(
          {
            ...(description === undefined ? {} : { description }),
            anyOf: [{ ...others, allOf }, { type: "null" }],
          },
          path,
          prefix,
        );
      }
      // One `$ref` with annotations only stays a reference to the shared definition.
      const [only] = allOf;
      if (
        allOf.length === 1 &&
        isJsonObject(only) &&
        typeof only.$ref === "string" &&
        onlyAnnotations(rest)
      )
        return convert({ ...rest, ...only }, path, prefix);
      const merged = (allOf as unknown[]).reduce<JsonSchema>(
        (into, part, index) => mergeSchemas(into, inline(part, [...path, "allOf", String(index)])),
        {},
      );
      return convert(mergeSchemas(merged, rest), path, prefix);
    }
    if (typeof schema.$ref === "string") {
      const ref = COMPONENT_REF.exec(schema.$ref)?.[1];
      if (ref === undefined) {
        throw new GeneratorError(`unsupported $ref ${JSON.stringify(schema.$ref)}`, {
          file: source.file,
          ...source.locate([...path, "$ref"]),
          entry: path.join("."),
        });
      }
      component(ref, path);
      if (!names.has(ref)) wanted.push(ref);
      const text = typeof schema.description === "string" ? schema.description.trim() : "";
      return {
        $ref: `${prefix}#/definitions/${definitionName(ref, path)}`,
        ...(text ? { description: text } : {}),
      };
    }
    const out: JsonSchema = {};
    for (const [keyword, value] of Object.entries(schema)) {
      const here = [...path, keyword];
      if (DROPPED.has(keyword)) continue;
      if (keyword === "oneOf" || keyword === "anyOf") {
        if (!Array.isArray(value)) throw unsupported(here, keyword);
        out.anyOf = [
          ...(Array.isArray(out.anyOf) ? out.anyOf : []),
          ...value.map((alternative, index) =>
            convert(alternative, [...here, String(index)], prefix),
          ),
        ];
        continue;
      }
      if (!KEPT.has(keyword)) throw unsupported(here, keyword);
      if (keyword === "properties") {
        if (!isJsonObject(value)) throw unsupported(here, keyword);
        out.properties = Object.fromEntries(
          Object.entries(value).map(([name, property]) => [
            name,
            convert(property, [...here, name], prefix),
          ]),
        );
      } else if (keyword === "items" || keyword === "additionalProperties") {
        out[keyword] = convert(value, here, prefix);
      } else if (keyword === "description") {
        const text = typeof value === "string" ? value.trim() : "";
        if (text) out.description = text;
      } else {
        out[keyword] = value;
      }
    }
    return foldTypeIntoAlternatives(out);
  };
  const unsupported = (path: string[], keyword: string) =>
    source.errorAt(path, `the schema keyword "${keyword}" is not supported here`);
  // `allOf` parts are merged, so a `$ref` among them is copied in rather than referred to.
  const inline = (part: unknown, path: string[]): JsonSchema => {
    if (!isJsonObject(part)) throw unsupported(path, "allOf");
    if (typeof part.$ref !== "string") return part;
    const ref = COMPONENT_REF.exec(part.$ref)?.[1];
    if (ref === undefined) throw unsupported([...path, "$ref"], "$ref");
    return inline(component(ref, path), ["components", "schemas", ref]);
  };

  const files: PayloadSchemaFiles = {};
  const byEvent = new Map<string, DescribedWebhook[]>();
  for (const webhook of webhooks)
    byEvent.set(webhook.event, [...(byEvent.get(webhook.event) ?? []), webhook]);
  for (const { name: event } of table.events) {
    const described = (byEvent.get(event) ?? []).sort((a, b) =>
      compareText(a.action ?? "", b.action ?? ""),
    );
    const first = described[0];
    const title = firstParagraph(first?.summary);
    const payload = (webhook: DescribedWebhook) => {
      const path = ["components", "schemas", webhook.component];
      return convert(component(webhook.component, path), path, "definitions.json") as JsonSchema;
    };
    if (first !== undefined && first.action === undefined) {
      const { description: _, ...schema } = payload(first);
      files[`${event}.json`] = {
        $schema: DRAFT_07,
        title: event,
        ...(title ? { description: title } : {}),
        ...schema,
      };
      continue;
    }
    files[`${event}.json`] = {
      $schema: DRAFT_07,
      title: event,
      ...(title ? { description: title } : {}),
      type: "object",
      oneOf: described.map(({ action }) => ({ $ref: `#/definitions/${action}` })),
      definitions: Object.fromEntries(
        described.map((webhook) => {
          const { description: _, ...schema } = payload(webhook);
          const text = firstParagraph(webhook.description);
          return [webhook.action, { ...(text ? { description: text } : {}), ...schema }];
        }),
      ),
    };
  }
  const definitions: Record<string, unknown> = {};
  while (wanted.length > 0) {
    const ref = wanted.shift()!;
    const name = names.get(ref)!;
    if (name in definitions) continue;
    if (payloadComponents.has(ref)) {
      throw new GeneratorError(`payload component "${ref}" is referred to by another schema`, {
        file: source.file,
        ...source.locate(["components", "schemas", ref]),
      });
    }
    const path = ["components", "schemas", ref];
    definitions[name] = convert(component(ref, path), path, "");
  }
  files["definitions.json"] = {
    $schema: DRAFT_07,
    title: "definitions",
    description:
      "Objects that payloads of several events share, named after the description's components.",
    definitions: Object.fromEntries(
      Object.keys(definitions)
        .sort(compareText)
        .map((name) => [name, definitions[name]]),
    ),
  };
  return files;
}

/**
 * Both schemas at once, as one: properties of both (a property or `items` in both is merged the
 * same way),
 * `required` of both, the types both allow, and the other keywords of `b` over those of `a`.
 */
function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...a, ...b };
  if (isJsonObject(a.properties) && isJsonObject(b.properties)) {
    const properties: Record<string, unknown> = { ...a.properties };
    for (const [name, schema] of Object.entries(b.properties)) {
      const earlier = properties[name];
      properties[name] =
        isJsonObject(earlier) &&
        isJsonObject(schema) &&
        earlier.$ref === undefined &&
        schema.$ref === undefined
          ? mergeSchemas(earlier, schema)
          : schema;
    }
    merged.properties = properties;
  }
  if (
    isJsonObject(a.items) &&
    isJsonObject(b.items) &&
    a.items.$ref === undefined &&
    b.items.$ref === undefined
  )
    merged.items = mergeSchemas(a.items, b.items);
  if (Array.isArray(a.required) || Array.isArray(b.required)) {
    merged.required = [
      ...new Set([
        ...(Array.isArray(a.required) ? a.required : []),
        ...(Array.isArray(b.required) ? b.required : []),
      ]),
    ];
  }
  if (a.type !== undefined && b.type !== undefined) {
    const left = Array.isArray(a.type) ? a.type : [a.type];
    const right = new Set(Array.isArray(b.type) ? b.type : [b.type]);
    // Every integer is a number, so `number` and `integer` together allow integers.
    const allows = (types: Set<unknown>, type: unknown) =>
      types.has(type) || (type === "integer" && types.has("number"));
    const leftSet = new Set(left);
    const both = [
      ...left.filter((type) => allows(right, type)),
      ...[...right].filter((type) => !leftSet.has(type) && allows(leftSet, type)),
    ].filter((type) => !(type === "number" && (right.has("integer") || leftSet.has("integer"))));
    // Parts that allow no type in common (a placeholder `["null"]` over a `string`) allow either.
    const types = both.length > 0 ? both : [...new Set([...left, ...right])];
    merged.type = types.length === 1 ? types[0] : types;
  }
  return merged;
}

/**
 * `anyOf` next to `type` (the description's `oneOf: [A, B], type: ["object", "null"]`): the null
 * becomes an alternative of its own and the rest of `type` goes, as the alternatives say which
 * values are allowed, so the schema reads as the union it means.
 */
function foldTypeIntoAlternatives(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.anyOf) || schema.type === undefined || schema.properties !== undefined)
    return schema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const { type: _, ...rest } = schema;
  const hasNull = (schema.anyOf as JsonSchema[]).some((alternative) => alternative.type === "null");
  return types.includes("null") && !hasNull
    ? { ...rest, anyOf: [...(schema.anyOf as unknown[]), { type: "null" }] }
    : rest;
}

function isOnlyNull(type: unknown): boolean {
  return type === "null" || (Array.isArray(type) && type.length === 1 && type[0] === "null");
}

function onlyAnnotations(schema: JsonSchema): boolean {
  return Object.keys(schema).every((keyword) => keyword === "description" || DROPPED.has(keyword));
}

function firstParagraph(text: string | undefined): string | undefined {
  const paragraph = text
    ?.trim()
    .split(/\n\s*\n/)[0]
    ?.trim();
  return paragraph ? paragraph : undefined;
}
