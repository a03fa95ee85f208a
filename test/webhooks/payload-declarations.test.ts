import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumerSource } from "../../bench/payload-types/consumer.js";

// Users compile against the published declarations, not our sources, and skipLibCheck decides
// whether those are checked at all: so build them and check a consumer in every supported mode.
const root = fileURLToPath(new URL("../..", import.meta.url));
let dir: string;

beforeAll(async () => {
  await mkdir(join(root, "node_modules/.cache"), { recursive: true });
  // Inside the repository so that `node:` imports in declarations find @types/node.
  dir = await mkdtemp(join(root, "node_modules/.cache/typewire-declarations-"));
  const packageDir = join(dir, "node_modules/@typewire/runtime");
  const configFile = join(root, "runtime/tsconfig.build.json");
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, join(root, "runtime"));
  const program = ts.createProgram(parsed.fileNames, {
    ...parsed.options,
    outDir: join(packageDir, "dist"),
    emitDeclarationOnly: true,
  });
  const emitted = program.emit();
  expect(emitted.diagnostics).toEqual([]);
  const manifest = JSON.parse(await readFile(join(root, "runtime/package.json"), "utf8"));
  for (const entry of Object.values(manifest.exports)) {
    if (typeof entry === "object" && entry !== null)
      delete (entry as Record<string, string>)["typewire-source"];
  }
  await writeFile(join(packageDir, "package.json"), JSON.stringify(manifest));
  await writeFile(join(dir, "consumer.ts"), consumerSource("@typewire/runtime/webhooks"));
  await writeFile(
    join(dir, "payloads-only.ts"),
    'import type { IssuesOpenedEvent } from "@typewire/runtime/payloads";\nexport const n = (p: IssuesOpenedEvent): number => p.issue.number;\n',
  );
  await writeFile(join(dir, "package.json"), JSON.stringify({ type: "module" }));
}, 240_000); // type-checks every payload file: about 35 s at load 8 on 2 cores

afterAll(() => rm(dir, { recursive: true, force: true }));

const modes = [
  {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: false,
  },
  {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
  },
  {
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    skipLibCheck: false,
  },
  {
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    skipLibCheck: true,
  },
];

describe("published payload declarations", () => {
  for (const mode of modes) {
    it(`compile under strict, ${ts.ModuleKind[mode.module]}, skipLibCheck ${mode.skipLibCheck}`, () => {
      const program = ts.createProgram([join(dir, "consumer.ts"), join(dir, "payloads-only.ts")], {
        ...mode,
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
        types: [],
        skipDefaultLibCheck: true,
      });
      const messages = ts
        .getPreEmitDiagnostics(program)
        .map(
          (d) =>
            `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
        );
      expect(messages).toEqual([]);
    }, 60_000);
  }
});
