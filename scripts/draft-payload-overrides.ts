// Dev-only: drafts entries for schemas/webhooks/payload-overrides.json from the captured deliveries
// of @octokit/webhooks-examples that the payload schemas reject. Each entry names the deliveries
// that prove it; review every one (and its reason) before copying it into the overrides file.
//
//   npm run webhooks:schemas && npx tsx scripts/draft-payload-overrides.ts
//
// It proposes: a required field deliveries leave out becomes optional, an enum gains the value
// deliveries send, a type gains the type deliveries send. Anything else it prints as a
// candidate known divergence, to be explained by hand. Fields deliveries carry that no schema
// declares become "addProperties" entries (the same drafts `typewire draft-overrides` makes for a
// project's kept deliveries): prefer a "$ref" to a shared definition where one fits.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ErrorObject } from "ajv";
import { type KeptDelivery, draftAddProperties } from "../generator/webhooks/delivered-fields.js";

const require = createRequire(import.meta.url);
const dir = "schemas/webhooks/payloads";
const table: Record<string, string[]> = JSON.parse(
  readFileSync("schemas/webhooks/events.json", "utf8"),
).events;
const ajv = new Ajv({
  strict: true,
  allowUnionTypes: true,
  allErrors: true,
  verbose: true,
  inlineRefs: false,
});
for (const name of readdirSync(dir).filter((file) => file.endsWith(".json")))
  ajv.addSchema(JSON.parse(readFileSync(`${dir}/${name}`, "utf8")), name);
type Schema = Record<string, unknown>;
const files: Record<string, Schema> = Object.fromEntries(
  readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => [file, JSON.parse(readFileSync(`${dir}/${file}`, "utf8"))]),
);

const SETS = ["api.github.com", "ghes-31", "ghes-32", "ghes-33", "ghes-34", "ghes-35"];
const ourName = (name: string) => name.replace(/^github_/, "platform_");

interface Draft {
  at: string;
  optional?: string[];
  addEnum?: unknown[];
  addTypes?: string[];
  allowNull?: boolean;
  because: string;
  evidence: string[];
}
const drafts = new Map<string, Draft>();
const divergences: { delivery: string; errors: string[] }[] = [];
const delivered: KeptDelivery[] = [];
const jsonType = (value: unknown) =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : Number.isInteger(value)
        ? "integer"
        : typeof value;

for (const set of SETS) {
  const groups = require(`@octokit/webhooks-examples/${set}/index.json`);
  for (const group of groups) {
    const event = ourName(group.name);
    const actions = table[event];
    if (actions === undefined) continue;
    group.examples.forEach((delivery: Record<string, unknown>, index: number) => {
      const name = `${set}/${event}/${index}`;
      if (actions.length === 0 || actions.includes(delivery.action as string))
        delivered.push({
          name,
          event,
          action: actions.length === 0 ? undefined : (delivery.action as string),
          payload: delivery,
        });
      if (ajv.getSchema(`${event}.json`)!(delivery)) return;
      const action =
        actions.length === 1
          ? actions[0]
          : actions.find((candidate) => candidate === delivery.action);
      if (actions.length > 0 && (action === undefined || delivery.action === undefined)) {
        divergences.push({ delivery: name, errors: [`action ${JSON.stringify(delivery.action)}`] });
        return;
      }
      const base = action === undefined ? `${event}.json#` : `${event}.json#/definitions/${action}`;
      const validate = ajv.getSchema(base)!;
      validate(delivery);
      const other: string[] = [];
      for (const error of validate.errors ?? []) {
        const draft = draftFor(error, base);
        if (draft === undefined) {
          if (error.keyword !== "anyOf") other.push(`${error.instancePath} ${error.message}`);
          continue;
        }
        const key = JSON.stringify({ ...draft, evidence: undefined, because: undefined });
        const known = drafts.get(key);
        if (known) {
          if (!known.evidence.includes(name)) known.evidence.push(name);
        } else drafts.set(key, { ...draft, evidence: [name] });
      }
      if (other.length > 0) divergences.push({ delivery: name, errors: other });
    });
  }
}

/** Where in the schema files the value at `segments` of a delivery is described. */
function locate(file: string, pointer: string, segments: string[]): [string, string][] {
  const schema = pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((value, key) => (value as Schema)?.[key], files[file]) as Schema | undefined;
  if (schema === undefined) return [];
  if (typeof schema.$ref === "string") {
    const [target = "", fragment = ""] = schema.$ref.split("#");
    return locate(target || file, fragment, segments);
  }
  if (Array.isArray(schema.anyOf)) {
    return schema.anyOf.flatMap((_, index) =>
      locate(file, `${pointer}/anyOf/${index}`, segments).map(
        ([f, p]) =>
          [f, p.replace(`${pointer}/anyOf/${index}`, `${pointer}/anyOf/*`)] as [string, string],
      ),
    );
  }
  if (segments.length === 0) return [[file, pointer]];
  const [head = "", ...rest] = segments;
  const properties = schema.properties as Schema | undefined;
  if (properties && head in properties) return locate(file, `${pointer}/properties/${head}`, rest);
  if (/^\d+$/.test(head) && schema.items) return locate(file, `${pointer}/items`, rest);
  return [];
}

function draftFor(error: ErrorObject, base: string): Omit<Draft, "evidence"> | undefined {
  const [baseFile = "", basePointer = ""] = base.split("#");
  const found = [
    ...new Set(
      locate(baseFile, basePointer, error.instancePath.split("/").slice(1)).map(
        ([file, pointer]) => `${file}#${pointer}`,
      ),
    ),
  ];
  const at = found[0];
  if (at === undefined || found.length > 1) return undefined;
  if (error.keyword === "required") {
    const field = (error.params as { missingProperty: string }).missingProperty;
    return { at, optional: [field], because: `deliveries leave "${field}" out` };
  }
  if (error.keyword === "enum") {
    return {
      at,
      addEnum: [error.data as unknown],
      because: `deliveries send ${JSON.stringify(error.data)}, which the description's enum lacks`,
    };
  }
  if (error.keyword === "type") {
    const type = jsonType(error.data);
    return {
      at,
      ...(type === "null" ? { allowNull: true } : { addTypes: [type] }),
      because: `deliveries send ${type === "integer" ? "an integer" : type === "null" ? "null" : `a ${type}`} here`,
    };
  }
  return undefined;
}

const merged = new Map<string, Draft>();
for (const draft of drafts.values()) {
  // One entry per object for all the fields its deliveries leave out.
  const key = draft.optional ? `${draft.at} optional` : JSON.stringify(draft);
  const known = merged.get(key);
  if (known?.optional && draft.optional) {
    known.optional = [...new Set([...known.optional, ...draft.optional])].sort();
    known.evidence = [...new Set([...known.evidence, ...draft.evidence])];
    known.because = `deliveries leave ${known.optional.map((f) => `"${f}"`).join(", ")} out`;
  } else merged.set(key, { ...draft });
}
const overrides = [...merged.values(), ...draftAddProperties(files, delivered)]
  .map((draft) => ({ ...draft, evidence: draft.evidence.sort() }))
  .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
process.stdout.write(`${JSON.stringify({ overrides, divergences }, null, 2)}\n`);
