import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ValidateFunction } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageRoot } from "../../input/paths.js";
import { compileShape } from "../../input/shape-check.js";
import { SHAPE_SCHEMAS, type ShapeSchema } from "../../input/shape-schemas.js";
import { buildValidators, validatorFile } from "../../scripts/build-validators.js";

const require = createRequire(import.meta.url);

/** A real file of each kind, which its schema accepts. */
const SAMPLES: Record<ShapeSchema, unknown> = {
  "schemas/config.schema.json": JSON.parse(
    await readFile(join(packageRoot, "test/content/craft5/typewire.config.json"), "utf8"),
  ),
  "schemas/webhooks/events.schema.json": JSON.parse(
    await readFile(join(packageRoot, "test/webhooks/custom-table/events.json"), "utf8"),
  ),
  "schemas/content/site.schema.json": JSON.parse(
    await readFile(join(packageRoot, "schemas/content/site.json"), "utf8"),
  ),
  "schemas/content/server-config.schema.json": {
    site: "content/site.json",
    route: "/graphql",
    enableGraphQlCaching: false,
    schemas: {
      public: { name: "Public", public: true, enabled: false, scope: {} },
      app: { name: "App", accessToken: "t1", enabled: true, scope: { sections: ["news"] } },
    },
  },
};

const WRONG_VALUES: unknown[] = [42, "text", true, null, [], {}, [1, "a"]];

/**
 * The sample, then variants of it that break it at every place up to `depth` levels down: each
 * value replaced by values of other types, an unknown key added to each object, a key removed.
 */
function variants(sample: unknown, depth = 3): unknown[] {
  const out: unknown[] = [sample];
  if (depth === 0 || sample === null || typeof sample !== "object") return out;
  if (Array.isArray(sample)) {
    sample.slice(0, 3).forEach((item, index) => {
      for (const changed of [...WRONG_VALUES, ...variants(item, depth - 1).slice(1)]) {
        out.push(sample.map((old, at) => (at === index ? changed : old)));
      }
    });
    return out;
  }
  const record = sample as Record<string, unknown>;
  out.push({ ...record, surprise: 1 });
  for (const key of Object.keys(record).slice(0, 12)) {
    const { [key]: _removed, ...rest } = record;
    out.push(rest);
    for (const changed of [...WRONG_VALUES, ...variants(record[key], depth - 1).slice(1)]) {
      out.push({ ...record, [key]: changed });
    }
  }
  return out;
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "typewire-validators-"));
  await buildValidators(folder);
}, 120_000);
afterAll(() => rm(folder, { recursive: true, force: true }));

describe("validators compiled at build time", () => {
  for (const schema of Object.keys(SHAPE_SCHEMAS) as ShapeSchema[]) {
    it(`give ajv's own answers and errors for ${schema}`, () => {
      const built = require(validatorFile(folder, schema)) as ValidateFunction;
      const compiled = compileShape(schema);
      const inputs = variants(SAMPLES[schema]);
      let refused = 0;
      for (const input of inputs) {
        const answer = compiled(input);
        expect(built(input)).toBe(answer);
        expect(built.errors ?? null).toEqual(compiled.errors ?? null);
        if (!answer) refused += 1;
      }
      // The sample itself passes, and most of its broken variants do not.
      expect(compiled(SAMPLES[schema])).toBe(true);
      expect(refused).toBeGreaterThan(inputs.length / 3);
    });
  }

  it("are what the published CLI checks with: a bad config is refused without loading ajv", () => {
    // The built CLI (`npm run build` precedes the suite) checks a config through dist/input.
    const script = `
      import { createRequire } from "node:module";
      import { shapeCheck } from ${JSON.stringify(join(packageRoot, "dist/input/shape-check.js"))};
      import { parseJsonSource } from ${JSON.stringify(join(packageRoot, "dist/input/json-source.js"))};
      const check = shapeCheck("schemas/config.schema.json");
      let message = "";
      try { check(parseJsonSource('{ "webhooks": { "out": "generated", "outt": "x" } }', "typewire.config.json")); }
      catch (error) { message = error.format(); }
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify({ message, ajv: loaded.some((file) => file.includes("/node_modules/ajv/")) }));
    `;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    const { message, ajv } = JSON.parse(output) as { message: string; ajv: boolean };
    expect(message).toContain('unknown key "outt"; did you mean "out"?');
    expect(message).toContain("typewire.config.json");
    expect(ajv).toBe(false);
  });
});
