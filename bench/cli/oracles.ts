// What the two oracle libraries would cost in the generate path, beside what typewire's own
// printer costs for the same output, in one process taking turns (issue 33, item 6). Run with
// `npm run bench:oracles` (builds first). Payloads: json-schema-to-typescript compiling every
// bundled payload schema (one call per file, as a generator would, with and without its prettier
// pass) against typewire rendering the webhooks target from the same files. Content types:
// `@graphql-codegen/typescript` against typewire's `types.ts` emitter on the example schema.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSchema, parse } from "graphql";
import { compile } from "json-schema-to-typescript";
import { contentTypesText, SCALAR_TYPES } from "../../dist/generator/content/emit-content-types.js";
import { defaultConfig } from "../../dist/generator/config.js";
import { renderAll } from "../../dist/generator/generate.js";
import { load, median } from "./measure.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const rounds = Number(process.env.BENCH_RUNS ?? 5);
const payloads = join(repo, "schemas/webhooks/payloads");
const files = readdirSync(payloads).filter((name) => name.endsWith(".json"));

async function jstt(format: boolean): Promise<void> {
  for (const name of files) {
    const schema = JSON.parse(readFileSync(join(payloads, name), "utf8"));
    await compile(schema, name, {
      bannerComment: "",
      format,
      additionalProperties: false,
      cwd: payloads,
    });
  }
}

async function typewireWebhooks(): Promise<void> {
  const config = defaultConfig(join(repo, "bench/.work/oracles"));
  delete config.content;
  await renderAll(config, join(repo, "bench/.work/oracles"));
}

const sdl = readFileSync(join(repo, "schemas/content/schema.graphql"), "utf8");
// Imported through plain names: the plugins' own declarations do not compile under this
// project's settings (`skipLibCheck` off).
const CORE = "@graphql-codegen/core";
const TYPESCRIPT_PLUGIN = "@graphql-codegen/typescript";
async function codegenTypes(): Promise<void> {
  const { codegen } = (await import(CORE)) as { codegen(options: object): Promise<string> };
  const plugin = (await import(TYPESCRIPT_PLUGIN)) as object;
  await codegen({
    filename: "types.ts",
    schema: parse(sdl),
    documents: [],
    plugins: [{ typescript: {} }],
    pluginMap: { typescript: plugin },
    config: { scalars: SCALAR_TYPES, enumsAsTypes: true, namingConvention: "keep" },
  });
}
async function typewireTypes(): Promise<void> {
  contentTypesText(buildSchema(sdl));
}

const cases: [string, () => Promise<void>][] = [
  ["json-schema-to-typescript, formatted", () => jstt(true)],
  ["json-schema-to-typescript, format: false", () => jstt(false)],
  ["typewire webhooks target (all files)", typewireWebhooks],
  ["@graphql-codegen/typescript", codegenTypes],
  ["typewire types.ts emitter", typewireTypes],
];
// One warm-up each: module loading and compilation are not what is compared.
for (const [, run] of cases) await run();
const samples = new Map(cases.map(([name]) => [name, [] as number[]]));
const loadBefore = load();
for (let round = 0; round < rounds; round++) {
  for (const [name, run] of round % 2 ? [...cases].reverse() : cases) {
    const started = performance.now();
    await run();
    samples.get(name)!.push(performance.now() - started);
  }
}
const ms = (name: string) => median(samples.get(name)!);
console.log(
  `oracle libraries vs typewire, median ms of ${rounds} warm runs (load ${loadBefore} -> ${load()})`,
);
for (const [name] of cases)
  console.log(`  ${name.padEnd(42)} ${ms(name).toFixed(0).padStart(7)} ms`);
const payloadRatio =
  ms("json-schema-to-typescript, format: false") / ms("typewire webhooks target (all files)");
const typesRatio = ms("@graphql-codegen/typescript") / ms("typewire types.ts emitter");
console.log(
  `  json-schema-to-typescript (format: false) / typewire webhooks target: ${payloadRatio.toFixed(2)}x`,
);
console.log(`  @graphql-codegen/typescript / typewire types.ts emitter: ${typesRatio.toFixed(2)}x`);
console.log(
  `verdict: ${payloadRatio > 1 && typesRatio > 1 ? "MET" : "NOT MET"} (each library costs more than typewire's printer)`,
);
