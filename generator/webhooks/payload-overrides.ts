import { GeneratorError, throwAll } from "../../input/errors.js";
import {
  isJsonObject,
  type JsonSource,
  jsonPointer,
  pointerSegments,
} from "../../input/json-source.js";
import type { JsonSchema } from "./payload-schema-model.js";
import type { PayloadSchemaFiles } from "./description.js";

/**
 * One change to the schemas made from the description, where real deliveries contradict it.
 * `at` is `<file>#<JSON pointer>` into the generated schema files, `*` matching any one segment.
 */
export interface PayloadOverride {
  at: string;
  /** Adds `null` to the types (and to the `enum`, if there is one). */
  allowNull?: boolean;
  /** Fields of the object at `at` that deliveries leave out. */
  optional?: string[];
  /** Values to add to the `enum` at `at`. */
  addEnum?: (string | number | boolean | null)[];
  /** Types to add to the `type` at `at`. */
  addTypes?: string[];
  /**
   * Fields deliveries carry that the object at `at` does not declare, each with its schema; an
   * added field is optional, since older deliveries may lack it.
   */
  addProperties?: Record<string, JsonSchema>;
  because: string;
  /**
   * The deliveries that prove it: `<example set>/<event>/<index>` in the bundled overrides file,
   * the path of a kept delivery (relative to the overrides file) in a project's own.
   */
  evidence: string[];
}

/** A captured delivery that does not validate and is not overridden, with the reason. */
export interface KnownDivergence {
  delivery: string;
  because: string;
}

export interface PayloadOverrides {
  /** The overrides file, which locates an override's problems at its entry. */
  source: JsonSource;
  overrides: PayloadOverride[];
  divergences: KnownDivergence[];
}

/** `<example set>/<event>/<index>`, the name of one delivery of `@octokit/webhooks-examples`. */
export const DELIVERY = /^(api\.github\.com|ghes-\d+)\/([a-z0-9_]+)\/(\d+)$/;
const DEFINITIONS = "definitions.json";
const AT = /^([a-z0-9_]+\.json)#((?:\/.*)?)$/;
const CHANGES = ["allowNull", "optional", "addEnum", "addTypes", "addProperties"] as const;

/** How evidence is named: deliveries of the example sets, or files of kept deliveries. */
export type EvidenceKind = "examples" | "files";

/**
 * Reads the overrides file: `{ "overrides": [...], "divergences": [...] }`. Every entry must give
 * its reason and its evidence (each a delivery named `<set>/<event>/<index>`), and an override
 * exactly one change; anything else is an error naming the entry's line.
 *
 * @example
 * const overrides = readPayloadOverrides(await readJsonSource("schemas/webhooks/payload-overrides.json"));
 */
export function readPayloadOverrides(
  source: JsonSource,
  evidence: EvidenceKind = "examples",
): PayloadOverrides {
  const problems: GeneratorError[] = [];
  const fail = (path: (string | number)[], message: string) =>
    problems.push(source.errorAt(path, message));
  const value = source.value as { overrides?: unknown; divergences?: unknown };
  if (!isJsonObject(value)) {
    throw new GeneratorError("expected a JSON object", { file: source.file, line: 1, column: 1 });
  }
  const overrides = Array.isArray(value.overrides) ? (value.overrides as PayloadOverride[]) : [];
  const divergences = Array.isArray(value.divergences)
    ? (value.divergences as KnownDivergence[])
    : [];
  if (!Array.isArray(value.overrides)) fail(["overrides"], 'expected an "overrides" array');
  if (value.divergences !== undefined && !Array.isArray(value.divergences))
    fail(["divergences"], '"divergences" must be an array');
  overrides.forEach((override, index) => {
    const path = ["overrides", index];
    if (!isJsonObject(override)) {
      fail(path, "an override must be an object");
      return;
    }
    if (typeof override.at !== "string" || !AT.test(override.at))
      fail([...path, "at"], '"at" must be "<file>.json#/<JSON pointer>"');
    const changes = CHANGES.filter((change) => override[change] !== undefined);
    if (changes.length !== 1)
      fail(path, `an override makes exactly one change of ${CHANGES.join(", ")}`);
    if (override.allowNull !== undefined && override.allowNull !== true)
      fail([...path, "allowNull"], '"allowNull" must be true');
    for (const list of ["optional", "addEnum", "addTypes"] as const) {
      if (
        override[list] !== undefined &&
        (!Array.isArray(override[list]) || override[list].length === 0)
      )
        fail([...path, list], `"${list}" must be a non-empty array`);
    }
    if (override.addProperties !== undefined) {
      const added = override.addProperties;
      if (!isJsonObject(added) || Object.keys(added).length === 0)
        fail([...path, "addProperties"], '"addProperties" must map field names to schemas');
      else
        for (const [name, schema] of Object.entries(added))
          if (!isJsonObject(schema))
            fail([...path, "addProperties", name], `the schema of "${name}" must be an object`);
    }
    if (typeof override.because !== "string" || override.because.trim() === "")
      fail([...path, "because"], 'an override needs its reason in "because"');
    if (!Array.isArray(override.evidence) || override.evidence.length === 0) {
      fail(
        [...path, "evidence"],
        "no override without evidence: name the deliveries that prove it",
      );
      return;
    }
    override.evidence.forEach((delivery, index) => {
      if (evidence === "files") {
        if (typeof delivery !== "string" || delivery.trim() === "")
          fail([...path, "evidence", index], "evidence must name a kept delivery's file");
      } else if (typeof delivery !== "string" || !DELIVERY.test(delivery))
        fail(
          [...path, "evidence", index],
          'evidence must name a delivery as "<example set>/<event>/<index>"',
        );
    });
  });
  divergences.forEach((divergence, index) => {
    const path = ["divergences", index];
    if (!isJsonObject(divergence)) {
      fail(path, "a divergence must be an object");
      return;
    }
    if (typeof divergence.delivery !== "string" || !DELIVERY.test(divergence.delivery))
      fail([...path, "delivery"], '"delivery" must be "<example set>/<event>/<index>"');
    if (typeof divergence.because !== "string" || divergence.because.trim() === "")
      fail([...path, "because"], 'a divergence needs its reason in "because"');
  });
  throwAll(problems);
  return { source, overrides, divergences };
}

/**
 * Applies each override to every schema its `at` matches, in place. An override that matches
 * nothing, or cannot apply where it matches (no `type`, no `enum`, a field that is not required),
 * is an error naming it: a stale override never passes silently.
 *
 * @example
 * applyPayloadOverrides(files, overrides);
 */
export function applyPayloadOverrides(
  files: PayloadSchemaFiles,
  overrides: PayloadOverrides,
): void {
  const problems: GeneratorError[] = [];
  overrides.overrides.forEach((override, index) => {
    const fail = (message: string) =>
      problems.push(
        overrides.source.errorAt(["overrides", index], `${message} (override for ${override.at})`),
      );
    const [, file = "", pointer = ""] = AT.exec(override.at) ?? [];
    const targets = matchPointer(files[file], pointerSegments(pointer));
    if (targets.length === 0) {
      fail("matches no schema");
      return;
    }
    for (const target of targets) {
      const problem = applyOne(target, override) ?? unresolvedRef(files, override);
      if (problem) {
        fail(problem);
        return;
      }
    }
  });
  throwAll(problems);
}

function applyOne(schema: JsonSchema, override: PayloadOverride): string | undefined {
  if (override.allowNull) {
    if (schema.type === undefined && schema.$ref === undefined && !Array.isArray(schema.anyOf))
      return "allowNull needs a schema with a type, a $ref or anyOf";
    if (schema.$ref !== undefined || (schema.type === undefined && Array.isArray(schema.anyOf))) {
      const alternatives =
        schema.$ref !== undefined ? [{ $ref: schema.$ref }] : (schema.anyOf as unknown[]);
      delete schema.$ref;
      schema.anyOf = [...alternatives, { type: "null" }];
      return undefined;
    }
    schema.type = addAll(schema.type, ["null"]);
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  }
  if (override.optional) {
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const missing = override.optional.filter((field) => !required.includes(field));
    if (missing.length > 0) return `${missing.join(", ")} is not required there`;
    schema.required = required.filter((field) => !override.optional!.includes(field));
  }
  if (override.addEnum) {
    if (!Array.isArray(schema.enum)) return "addEnum needs a schema with an enum";
    for (const value of override.addEnum) if (!schema.enum.includes(value)) schema.enum.push(value);
  }
  if (override.addTypes) {
    if (schema.type === undefined) return "addTypes needs a schema with a type";
    schema.type = addAll(schema.type, override.addTypes);
  }
  if (override.addProperties) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.includes("object") && !isJsonObject(schema.properties))
      return "addProperties needs an object schema";
    const properties = isJsonObject(schema.properties) ? schema.properties : {};
    const declared = Object.keys(override.addProperties).filter((name) => name in properties);
    if (declared.length > 0)
      return `${declared.join(", ")} ${declared.length === 1 ? "is" : "are"} already declared there`;
    // A copy per target, so no two schemas share an object that a later override could change.
    for (const [name, added] of Object.entries(override.addProperties))
      properties[name] = structuredClone(added);
    schema.properties = properties;
  }
  return undefined;
}

/**
 * A `$ref` of an added field must name a shared definition that exists, the way the file it goes
 * into names them: `#/definitions/<name>` inside definitions.json, else
 * `definitions.json#/definitions/<name>`.
 */
function unresolvedRef(files: PayloadSchemaFiles, override: PayloadOverride): string | undefined {
  if (!override.addProperties) return undefined;
  const shared = (files[DEFINITIONS] as { definitions?: Record<string, unknown> } | undefined)
    ?.definitions;
  const prefix = override.at.startsWith(`${DEFINITIONS}#`) ? "" : DEFINITIONS;
  const refs: string[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (isJsonObject(value)) {
      if (typeof value.$ref === "string") refs.push(value.$ref);
      Object.values(value).forEach(collect);
    }
  };
  collect(override.addProperties);
  const bad = refs.find((ref) => {
    const name = ref.startsWith(`${prefix}#/definitions/`)
      ? ref.slice(`${prefix}#/definitions/`.length)
      : undefined;
    return name === undefined || shared === undefined || !(name in shared);
  });
  return bad === undefined
    ? undefined
    : `the $ref "${bad}" must name a definition of ${DEFINITIONS} as "${prefix}#/definitions/<name>"`;
}

function addAll(type: unknown, more: string[]): unknown {
  const types = [...(Array.isArray(type) ? type : [type]), ...more];
  const unique = [...new Set(types)];
  return unique.length === 1 ? unique[0] : unique;
}

/**
 * Every place an override's `at` matches in the schema files, as `<file>#<JSON pointer>`, with
 * its wildcards filled in.
 *
 * @example
 * overrideTargets(files, "pull_request.json#/definitions/*\/properties/pull_request");
 */
export function overrideTargets(files: PayloadSchemaFiles, at: string): string[] {
  const [, file = "", pointer = ""] = AT.exec(at) ?? [];
  const found: string[] = [];
  const visit = (value: unknown, segments: string[], path: string): void => {
    if (segments.length === 0) {
      if (isJsonObject(value)) found.push(`${file}#${path}`);
      return;
    }
    const [head = "", ...rest] = segments;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (head === "*" || head === String(index)) visit(item, rest, `${path}/${index}`);
      });
    } else if (isJsonObject(value)) {
      for (const [key, child] of Object.entries(value))
        if (head === "*" || head === key) visit(child, rest, `${path}${jsonPointer([key])}`);
    }
  };
  visit(files[file], pointerSegments(pointer), "");
  return found;
}

function matchPointer(value: unknown, segments: string[]): JsonSchema[] {
  if (segments.length === 0) return isJsonObject(value) ? [value] : [];
  const [head = "", ...rest] = segments;
  if (Array.isArray(value)) {
    const items = head === "*" ? value : [value[Number(head)]];
    return items.flatMap((item) => matchPointer(item, rest));
  }
  if (!isJsonObject(value)) return [];
  const children = head === "*" ? Object.values(value) : head in value ? [value[head]] : [];
  return children.flatMap((child) => matchPointer(child, rest));
}
