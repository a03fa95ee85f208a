// Dev-only helper: drafts payload JSON Schemas from the captured example deliveries, as a starting
// point for hand editing. It is not part of the generator and its output is never used unedited.
//
//   npx tsx scripts/draft-payload-schemas.ts OUT_DIR
//
// Objects recognised by their shape (user, repository, label, ...) become shared definitions
// referenced by `$ref`; each event gets a root with the fields every example carries and one
// variant per action with the fields only that action carries.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;
interface Example {
  name: string;
  examples: Record<string, Json>[];
}

const examples: Example[] = JSON.parse(
  readFileSync("node_modules/@octokit/webhooks-examples/api.github.com/index.json", "utf8"),
);
const table: Record<string, string[]> = JSON.parse(
  readFileSync("schemas/webhooks/events.json", "utf8"),
).events;
const out = process.argv[2] ?? "bench/.work/draft";

const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const has = (v: { [key: string]: Json }, ...keys: string[]) => keys.every((k) => k in v);

/** The shared definition an object belongs to, by its shape, or undefined to keep it inline. */
function classify(key: string, v: { [key: string]: Json }, depth: number): string | undefined {
  if (has(v, "login", "site_admin")) return "user";
  if (has(v, "login", "members_url") && !("type" in v)) return "organization";
  if (has(v, "full_name", "owner", "private")) {
    if (Object.keys(v).length > 60) return "repository";
    return "minimal_repository";
  }
  if (has(v, "full_name", "private") && Object.keys(v).length <= 6)
    return "installation_repository";
  const keys = Object.keys(v);
  if (key === "installation" && keys.length <= 2 && has(v, "id")) return "installation_lite";
  if (has(v, "account", "app_id", "target_type")) return "installation";
  if (has(v, "slug", "website_url")) return "enterprise";
  if (has(v, "color", "default", "name")) return "label";
  if (has(v, "open_issues", "due_on")) return "milestone";
  if (has(v, "+1", "total_count")) return "reactions";
  if (has(v, "spdx_id")) return "license";
  if (has(v, "slug", "privacy")) return "team";
  if (has(v, "repository_url", "number", "labels_url")) return "issue";
  if (has(v, "head", "base", "merged")) return "pull_request";
  if (has(v, "head", "base", "diff_url")) return "simple_pull_request";
  if (has(v, "tree_id", "distinct")) return "commit";
  if (has(v, "email", "name") && !("login" in v) && keys.length <= 4) return "committer";
  if (has(v, "slug", "owner", "permissions", "events")) return "app";
  if (
    depth === 1 &&
    ["discussion", "workflow", "workflow_run", "deployment", "check_run", "check_suite"].includes(
      key,
    )
  ) {
    return key;
  }
  return undefined;
}

const definitions = new Map<string, Set<{ [key: string]: Json }>>();

/** Finds every object that belongs to a shared definition, anywhere in a payload. */
function collect(key: string, v: Json, depth: number): void {
  if (Array.isArray(v)) for (const item of v) collect(key, item, depth);
  else if (isObject(v)) {
    const kind = classify(key, v, depth);
    if (kind) definitions.set(kind, (definitions.get(kind) ?? new Set()).add(v));
    for (const [k, child] of Object.entries(v)) collect(k, child, kind ? 2 : depth + 1);
  }
}

function numberType(key: string, values: number[]): string {
  return values.every(Number.isInteger) && /(^|_)(id|number|count|size)$|^id$/.test(key)
    ? "integer"
    : "number";
}

/** A schema describing every value in `values` (all observations of one field). */
function infer(key: string, values: Json[], depth: number): Schema {
  const nonNull = values.filter((v) => v !== null);
  const nullable = nonNull.length < values.length;
  const objects = nonNull.filter(isObject);
  let schema: Schema;
  if (objects.length > 0 && objects.length === nonNull.length) {
    const kinds = new Set(objects.map((o) => classify(key, o, depth)));
    const kind = kinds.size === 1 ? [...kinds][0] : undefined;
    if (kind) {
      schema = { $ref: `definitions.json#/definitions/${kind}` };
    } else {
      schema = objectSchema(objects, depth + 1);
    }
  } else if (nonNull.length > 0 && nonNull.every(Array.isArray)) {
    const items = (nonNull as Json[][]).flat();
    schema = { type: "array", items: items.length ? infer(key, items, depth) : {} };
  } else if (nonNull.length === 0) {
    schema = { type: ["string", "null"], "x-draft": "only null seen" };
    return schema;
  } else {
    const types = [
      ...new Set(
        nonNull.map((v) =>
          typeof v === "number"
            ? numberType(key, nonNull as number[])
            : typeof v === "object"
              ? "object"
              : typeof v,
        ),
      ),
    ].sort();
    schema = { type: types.length === 1 ? types[0] : types };
  }
  if (!nullable) return schema;
  if (schema.$ref) return { anyOf: [schema, { type: "null" }] };
  const type = schema.type;
  return { ...schema, type: Array.isArray(type) ? [...type, "null"] : [type, "null"] };
}

function objectSchema(objects: { [key: string]: Json }[], depth: number): Schema {
  const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))].sort();
  if (keys.length === 0) return { type: "object", additionalProperties: true };
  const properties: Schema = {};
  for (const key of keys) {
    properties[key] = infer(
      key,
      objects.filter((o) => key in o).map((o) => o[key] as Json),
      depth,
    );
  }
  const required = keys.filter((key) => objects.every((o) => key in o));
  return { type: "object", required, properties };
}

const ENVELOPE_OPTIONAL = new Set(["installation", "organization", "enterprise"]);

mkdirSync(out, { recursive: true });
for (const event of examples)
  for (const x of event.examples) for (const [k, v] of Object.entries(x)) collect(k, v, 1);
for (const event of examples) {
  const name =
    event.name === "github_app_authorization" ? "platform_app_authorization" : event.name;
  const actions = table[name];
  if (!actions) continue;
  const all = event.examples;
  const root = objectSchema(all, 1) as { required: string[]; properties: Record<string, Schema> };
  const file: Schema = { $schema: "http://json-schema.org/draft-07/schema#", title: name };
  if (actions.length === 0) {
    Object.assign(file, root);
  } else {
    const common = new Set(
      Object.keys(root.properties).filter((k) => k !== "action" && all.every((x) => k in x)),
    );
    const variants: Schema = {};
    for (const action of actions) {
      const mine = all.filter((x) => x.action === action);
      const own = mine.length
        ? (objectSchema(mine, 1) as typeof root)
        : { required: [], properties: {} };
      const properties: Schema = { action: { const: action } };
      for (const [k, v] of Object.entries(own.properties))
        if (!common.has(k) && k !== "action") properties[k] = v;
      variants[action] = {
        required: [
          "action",
          ...own.required.filter(
            (k) => !common.has(k) && k !== "action" && !ENVELOPE_OPTIONAL.has(k),
          ),
        ],
        properties,
      };
    }
    const rootProperties: Schema = {};
    for (const k of common) rootProperties[k] = root.properties[k];
    Object.assign(file, {
      type: "object",
      required: [...common].filter((k) => !ENVELOPE_OPTIONAL.has(k)),
      properties: rootProperties,
      oneOf: actions.map((a) => ({ $ref: `#/definitions/${a}` })),
      definitions: variants,
    });
  }
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify(file, null, 2)}\n`);
}
const defs: Schema = {};
for (const [kind, objects] of [...definitions].sort(([a], [b]) => (a < b ? -1 : 1))) {
  defs[kind] = objectSchema([...objects], 2);
}
writeFileSync(
  join(out, "definitions.json"),
  `${JSON.stringify({ $schema: "http://json-schema.org/draft-07/schema#", definitions: defs }, null, 2)}\n`,
);
