import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv } from "ajv";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { describedPayloadSchemas } from "../../generator/webhooks/description.js";
import { walkDelivery } from "../../generator/webhooks/delivered-fields.js";
import { readEventActionTable } from "../../generator/webhooks/event-action-table.js";
import type { PayloadSchemaFiles } from "../../generator/webhooks/description.js";
import {
  DELIVERY,
  type PayloadOverrides,
  overrideTargets,
  readPayloadOverrides,
} from "../../generator/webhooks/payload-overrides.js";
import { buildDescribedSchemas } from "../../generator/webhooks/write-described-schemas.js";
import { readJsonSource } from "../../input/json-source.js";
import { schemas, table } from "./payload-schema-fixtures.js";

const require = createRequire(import.meta.url);
const root = new URL("../../", import.meta.url).pathname;
const DESCRIPTION = "node_modules/@octokit/openapi-webhooks/generated/api.github.com.json";
const OVERRIDES = "schemas/webhooks/payload-overrides.json";
const EVENTS = "schemas/webhooks/events.json";
const description = JSON.parse(readFileSync(`${root}${DESCRIPTION}`, "utf8"));
type Schema = Record<string, unknown>;

/** Every example set @octokit/webhooks-examples ships: the hosted platform and each enterprise server. */
const SETS = ["api.github.com", "ghes-31", "ghes-32", "ghes-33", "ghes-34", "ghes-35"];
const examples = new Map<string, { delivery: string; event: string; payload: Schema }[]>();
for (const set of SETS) {
  const groups: { name: string; examples: Schema[] }[] = require(
    `@octokit/webhooks-examples/${set}/index.json`,
  );
  const deliveries = groups.flatMap(({ name, examples: payloads }) => {
    // The captured examples use the vendor's name for this event.
    const event = name.replace(/^github_/, "platform_");
    return event in table
      ? payloads.map((payload, index) => ({ delivery: `${set}/${event}/${index}`, event, payload }))
      : [];
  });
  examples.set(set, deliveries);
}

const overrides: PayloadOverrides = readPayloadOverrides(
  await readJsonSource(`${root}${OVERRIDES}`, OVERRIDES),
);

// Compiling the 4 MB of schemas takes seconds on a loaded machine, so the tests that do get a
// longer timeout, of which they use at most a third.
const COMPILING = { timeout: 90_000 };

function validators(files: Record<string, Schema>) {
  // The first error is enough to say why a delivery fails; collecting all makes compiling slower.
  const ajv = new Ajv({ strict: true, allowUnionTypes: true });
  for (const [name, schema] of Object.entries(files)) ajv.addSchema(schema, name);
  return (event: string) => ajv.getSchema(`${event}.json`)!;
}

/**
 * Every property path an object schema declares, through `$ref`, `allOf`, `anyOf`, `oneOf` and
 * array items (`[]`); a reference already on the way is not entered again.
 */
function propertyPaths(
  schema: unknown,
  resolve: (ref: string, from: string) => { schema: unknown; id: string; file: string },
  file: string,
  path = "",
  stack: string[] = [],
  out = new Set<string>(),
): Set<string> {
  if (typeof schema !== "object" || schema === null) return out;
  const s = schema as Schema;
  if (typeof s.$ref === "string") {
    const target = resolve(s.$ref, file);
    if (stack.includes(target.id)) return out;
    return propertyPaths(target.schema, resolve, target.file, path, [...stack, target.id], out);
  }
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    if (Array.isArray(s[key]))
      for (const part of s[key]) propertyPaths(part, resolve, file, path, stack, out);
  }
  if (typeof s.properties === "object" && s.properties !== null) {
    for (const [name, property] of Object.entries(s.properties)) {
      const here = path ? `${path}.${name}` : name;
      out.add(here);
      propertyPaths(property, resolve, file, here, stack, out);
    }
  }
  if (s.items !== undefined) propertyPaths(s.items, resolve, file, `${path}[]`, stack, out);
  return out;
}

const resolveDescribed = (ref: string) => {
  const name = ref.split("/").pop() ?? "";
  return { schema: description.components.schemas[name], id: name, file: "" };
};
const resolveGenerated = (ref: string, from: string) => {
  const [target = "", pointer = ""] = ref.split("#");
  const file = target || from;
  const schema = pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((value, key) => (value as Schema)?.[key], schemas[file]);
  return { schema, id: `${file}#${pointer}`, file };
};

/** The table's name of each described webhook, and its payload component. */
const described = Object.values(description.webhooks as Record<string, { post: Schema }>).map(
  ({ post }) => {
    const [event = "", action] = String(post.operationId).split("/");
    const name = event.replace(/-/g, "_").replace(/^github_/, "platform_");
    const ref = (post.requestBody as { content: Record<string, { schema: { $ref: string } }> })
      .content["application/json"]!.schema.$ref;
    return {
      event: name,
      action: action?.replace(/-/g, "_").split(".")[0],
      component: ref.split("/").pop() ?? "",
    };
  },
);

describe("payload schemas come from the description", () => {
  it(
    "are exactly what the description and the overrides file make: nothing is edited by hand",
    COMPILING,
    async () => {
      const built = await buildDescribedSchemas(
        { description: DESCRIPTION, events: EVENTS, overrides: OVERRIDES, out: "unused" },
        root,
      );
      expect(Object.keys(built).sort()).toEqual(Object.keys(schemas).sort());
      for (const [name, schema] of Object.entries(built))
        expect(schemas[name], name).toEqual(schema);
    },
  );

  it("cover every event/action of the table, one to one with the description's 261 webhooks", () => {
    const tableNames = Object.entries(table).flatMap(([event, actions]) =>
      actions.length ? actions.map((action) => `${event}.${action}`) : [event],
    );
    const describedNames = described.map(({ event, action }) =>
      action ? `${event}.${action}` : event,
    );
    expect(described).toHaveLength(261);
    expect([...describedNames].sort()).toEqual([...tableNames].sort());
  });

  it("declare every property path of the description, for every event/action", () => {
    let total = 0;
    const missing: string[] = [];
    for (const { event, action, component } of described) {
      const wanted = propertyPaths(
        description.components.schemas[component],
        resolveDescribed,
        "",
        "",
        [component],
      );
      const file = schemas[`${event}.json`] as Schema;
      const schema = action ? [file, (file.definitions as Schema)[action]] : [file];
      const have = new Set<string>();
      for (const part of schema)
        propertyPaths(part, resolveGenerated, `${event}.json`, "", [], have);
      total += wanted.size;
      for (const path of wanted)
        if (!have.has(path)) missing.push(`${event}.${action ?? ""} ${path}`);
    }
    expect(total).toBeGreaterThan(100_000);
    expect(missing.slice(0, 20)).toEqual([]);
  });

  it("declare every property path of the description in the generated types", COMPILING, () => {
    const program = ts.createProgram([`${root}output/webhooks/payloads/index.ts`], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
    });
    const checker = program.getTypeChecker();
    const index = program.getSourceFile(`${root}output/webhooks/payloads/index.ts`)!;
    const map = checker
      .getExportsOfModule(checker.getSymbolAtLocation(index)!)
      .find((symbol) => symbol.name === "WebhookPayloadMap")!;
    const payloadMap = checker.getDeclaredTypeOfSymbol(map);
    /** The members of a type that may hold a property: no null or undefined, unions split. */
    const parts = (type: ts.Type): ts.Type[] =>
      checker.getNonNullableType(type).isUnion()
        ? (checker.getNonNullableType(type) as ts.UnionType).types
        : [checker.getNonNullableType(type)];
    const property = (types: ts.Type[], name: string): ts.Type[] =>
      types.flatMap((type) => {
        const symbol = checker.getPropertyOfType(type, name);
        return symbol ? parts(checker.getTypeOfSymbol(symbol)) : [];
      });
    const elements = (types: ts.Type[]): ts.Type[] =>
      types.flatMap((type) => {
        const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number);
        return element ? parts(element) : [];
      });
    let total = 0;
    const missing: string[] = [];
    // Walks the description and the type side by side, so a path's prefix is resolved once.
    const walk = (
      schema: unknown,
      types: ts.Type[],
      path: string,
      stack: string[],
      where: string,
    ) => {
      if (typeof schema !== "object" || schema === null) return;
      const s = schema as Schema;
      if (typeof s.$ref === "string") {
        const target = resolveDescribed(s.$ref);
        if (stack.includes(target.id)) return;
        walk(target.schema, types, path, [...stack, target.id], where);
        return;
      }
      for (const key of ["allOf", "anyOf", "oneOf"]) {
        if (Array.isArray(s[key])) for (const part of s[key]) walk(part, types, path, stack, where);
      }
      if (typeof s.properties === "object" && s.properties !== null) {
        for (const [name, child] of Object.entries(s.properties)) {
          const here = path ? `${path}.${name}` : name;
          const found = property(types, name);
          total++;
          if (found.length === 0) {
            missing.push(`${where} ${here}`);
            continue;
          }
          walk(child, found, here, stack, where);
        }
      }
      if (s.items !== undefined) walk(s.items, elements(types), `${path}[]`, stack, where);
    };
    for (const { event, action, component } of described) {
      const key = action ? `${event}.${action}` : event;
      const symbol = checker.getPropertyOfType(payloadMap, key);
      expect(symbol, key).toBeDefined();
      walk(
        description.components.schemas[component],
        parts(checker.getTypeOfSymbol(symbol!)),
        "",
        [component],
        key,
      );
    }
    expect(total).toBeGreaterThan(100_000);
    expect(missing.slice(0, 20)).toEqual([]);
  });

  it("keep per-action differences: check_run.check_suite is required on check_run events", () => {
    for (const action of table.check_run ?? []) {
      const variants = schemas["check_run.json"]?.definitions as Record<string, Schema>;
      const properties = variants[action]?.properties as Record<string, Schema>;
      const checkRun = properties.check_run as Schema;
      const target = resolveGenerated(String(checkRun.$ref), "check_run.json").schema as Schema;
      expect(target.required, action).toContain("check_suite");
    }
  });
});

describe("payload schemas against every captured delivery of every example set", () => {
  let validatorFor: ReturnType<typeof validators>;
  beforeAll(() => {
    validatorFor = validators(schemas);
  });
  const divergent = new Map(overrides.divergences.map((d) => [d.delivery, d.because]));

  for (const set of SETS) {
    it(
      `${set}: every delivery of a table event validates or is a listed divergence`,
      COMPILING,
      () => {
        const deliveries = examples.get(set) ?? [];
        expect(deliveries.length).toBeGreaterThan(40);
        for (const { delivery, event, payload } of deliveries) {
          const validate = validatorFor(event);
          const valid = validate(payload);
          if (divergent.has(delivery)) {
            expect(valid, `${delivery} is listed as a divergence but validates`).toBe(false);
          } else {
            expect(
              valid,
              `${delivery}: ${JSON.stringify(validate.errors?.slice(0, 3).map((e) => `${e.instancePath} ${e.message}`))}`,
            ).toBe(true);
          }
        }
      },
    );
  }

  it("at least 98% of the enterprise deliveries validate", () => {
    const enterprise = SETS.filter((set) => set.startsWith("ghes-")).flatMap(
      (set) => examples.get(set) ?? [],
    );
    const valid = enterprise.filter(({ event, payload }) => validatorFor(event)(payload));
    expect(enterprise.length).toBeGreaterThan(300);
    expect(valid.length / enterprise.length).toBeGreaterThanOrEqual(0.98);
  });
});

describe("the overrides file", () => {
  const all = new Map(
    [...examples.values()].flat().map((entry) => [entry.delivery, entry] as const),
  );
  let unchanged: (event: string) => ReturnType<ReturnType<typeof validators>>;
  beforeAll(async () => {
    const tableFile = await readEventActionTable(`${root}${EVENTS}`, EVENTS);
    const source = await readJsonSource(`${root}${DESCRIPTION}`, DESCRIPTION);
    const files: PayloadSchemaFiles = describedPayloadSchemas(source, tableFile);
    unchanged = validators(files as Record<string, Schema>);
  }, COMPILING.timeout);

  it(
    "gives every override its reason and deliveries that the description alone rejects",
    COMPILING,
    () => {
      expect(overrides.overrides.length).toBeGreaterThan(0);
      for (const override of overrides.overrides) {
        expect(override.because.length, override.at).toBeGreaterThan(10);
        expect(override.evidence.length, override.at).toBeGreaterThan(0);
        for (const delivery of override.evidence) {
          expect(delivery).toMatch(DELIVERY);
          const entry = all.get(delivery);
          expect(entry, `${override.at}: no delivery ${delivery}`).toBeDefined();
          // Evidence is a delivery the description's own schema rejects; a field it adds is
          // proven by deliveries that carry it (see "every field ... is declared").
          if (!override.addProperties)
            expect(unchanged(entry!.event)(entry!.payload), `${override.at}: ${delivery}`).toBe(
              false,
            );
          // An override of one event's file is proven by a delivery of that event.
          const file = override.at.split("#")[0];
          if (file !== "definitions.json") expect(`${entry!.event}.json`).toBe(file);
        }
      }
    },
  );
});

/** The action whose variant types a delivery, or undefined for an event without actions. */
function actionOf(event: string, payload: Schema): string | undefined | false {
  const actions = table[event] ?? [];
  if (actions.length === 0) return undefined;
  return actions.includes(payload.action as string) ? (payload.action as string) : false;
}

describe("every field an example delivery carries is declared", () => {
  const groups = [
    ["hosted", ["api.github.com"]],
    ["enterprise", SETS.filter((set) => set.startsWith("ghes-"))],
  ] as const;
  for (const [label, sets] of groups) {
    it(`${label}: no delivery of a table event/action carries a field, at any depth, that the schemas do not declare`, () => {
      const undeclared: string[] = [];
      let walked = 0;
      for (const set of sets) {
        for (const { delivery, event, payload } of examples.get(set) ?? []) {
          const action = actionOf(event, payload);
          if (action === false) continue;
          walked++;
          for (const field of walkDelivery(schemas, event, action, payload).undeclared)
            undeclared.push(`${delivery} ${field.path}`);
        }
      }
      expect(walked).toBeGreaterThan(300);
      expect(undeclared).toEqual([]);
    });
  }

  it("finds a field the schemas lack at depth, but not a key of an open map", () => {
    const pull = examples
      .get("api.github.com")!
      .find(({ event, payload }) => event === "pull_request" && payload.action === "opened")!;
    const payload = structuredClone(pull.payload) as {
      pull_request: { base: { repo: Schema & { custom_properties?: Schema } } };
    };
    payload.pull_request.base.repo.not_in_any_schema = { nested: 1 };
    payload.pull_request.base.repo.custom_properties = { team: "platform" };
    const dispatch = {
      ...(examples.get("api.github.com")!.find(({ event }) => event === "repository_dispatch")
        ?.payload ?? {}),
      client_payload: { any: { key: [1] } },
    };
    expect(
      walkDelivery(schemas, "pull_request", "opened", payload).undeclared.map(({ path }) => path),
    ).toEqual(["pull_request.base.repo.not_in_any_schema"]);
    expect(walkDelivery(schemas, "repository_dispatch", "sample", dispatch).undeclared).toEqual([]);
  });

  it("every field an override adds is carried by at least one of its evidence deliveries, wherever it hangs", () => {
    const all = new Map(
      [...examples.values()].flat().map((entry) => [entry.delivery, entry] as const),
    );
    const added = overrides.overrides.filter((override) => override.addProperties);
    expect(added.length).toBeGreaterThan(10);
    const unread: string[] = [];
    for (const override of added) {
      const read = new Set<string>();
      for (const name of override.evidence) {
        const entry = all.get(name);
        expect(entry, `${override.at}: no delivery ${name}`).toBeDefined();
        const action = actionOf(entry!.event, entry!.payload);
        if (action === false) continue;
        for (const field of walkDelivery(schemas, entry!.event, action, entry!.payload).read)
          read.add(field);
      }
      const targets = overrideTargets(schemas, override.at);
      expect(targets.length, override.at).toBeGreaterThan(0);
      for (const target of targets)
        for (const field of Object.keys(override.addProperties!))
          if (!read.has(`${target} ${field}`)) unread.push(`${target} ${field}`);
    }
    expect(unread).toEqual([]);
  });
});
